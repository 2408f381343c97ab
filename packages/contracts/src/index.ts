// @grove/contracts: the typed clients, the ARC-56 specs and the small helpers every caller needs
// (pool keys and box names, the ALGO id, error codes). The interface is README.md.
import dexSpecJson from '../artifacts/Dex.arc56.json' with { type: 'json' }
import registrySpecJson from '../artifacts/Registry.arc56.json' with { type: 'json' }
import locksSpecJson from '../artifacts/Locks.arc56.json' with { type: 'json' }
import stakingSpecJson from '../artifacts/Staking.arc56.json' with { type: 'json' }
import vaultSpecJson from '../artifacts/Vault.arc56.json' with { type: 'json' }
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import type { ContractName } from './deployment.ts'

import { DexClient, DexFactory } from '../clients/DexClient.ts'
import { LocksClient, LocksFactory } from '../clients/LocksClient.ts'
import { RegistryClient, RegistryFactory } from '../clients/RegistryClient.ts'
import { StakingClient, StakingFactory } from '../clients/StakingClient.ts'
import { VaultClient, VaultFactory } from '../clients/VaultClient.ts'

export * from './pool.ts'
export * from './deployment.ts'
export {
  DexClient,
  DexFactory,
  type DexComposer,
  type PoolState,
  type PoolKey,
  type DexArgs,
  type DexReturns,
} from '../clients/DexClient.ts'
export {
  StakingClient,
  StakingFactory,
  type StakingComposer,
  type ProgramState,
  type PositionState,
  type StakingArgs,
  type StakingReturns,
} from '../clients/StakingClient.ts'
export { RegistryClient, RegistryFactory, type RegistryComposer, type RegistryArgs, type RegistryReturns } from '../clients/RegistryClient.ts'
export { LocksClient, LocksFactory, type LocksComposer, type LockState, type LocksArgs, type LocksReturns } from '../clients/LocksClient.ts'
export { VaultClient, VaultFactory, type VaultComposer, type VaultArgs, type VaultReturns, type VaultStream, type VaultTotals } from '../clients/VaultClient.ts'

/** The DEX's ARC-56 spec (bytecode, methods, events, error source info). */
export const dexSpec = dexSpecJson as unknown as Arc56Contract
/** The registry's ARC-56 spec. */
export const registrySpec = registrySpecJson as unknown as Arc56Contract
/** The token locks' ARC-56 spec. */
export const locksSpec = locksSpecJson as unknown as Arc56Contract
/** The staking app's ARC-56 spec. */
export const stakingSpec = stakingSpecJson as unknown as Arc56Contract
/** The staking vault's ARC-56 spec. */
export const vaultSpec = vaultSpecJson as unknown as Arc56Contract

/**
 * Every contract's generated client and factory by its name in `CONTRACTS`: a contract whose client
 * is not exported here fails to compile (the named exports above are these same classes).
 */
export const CONTRACT_CLIENTS = {
  Registry: { client: RegistryClient, factory: RegistryFactory },
  Dex: { client: DexClient, factory: DexFactory },
  Locks: { client: LocksClient, factory: LocksFactory },
  Staking: { client: StakingClient, factory: StakingFactory },
  Vault: { client: VaultClient, factory: VaultFactory },
} as const satisfies { readonly [K in ContractName]: { client: { prototype: { appId: bigint } }; factory: { prototype: { appName: string } } } }

/** Every contract's ARC-56 spec by its name in `CONTRACTS` (a contract without one fails to compile). */
export const CONTRACT_SPECS: Record<ContractName, Arc56Contract> = {
  Registry: registrySpec,
  Dex: dexSpec,
  Locks: locksSpec,
  Staking: stakingSpec,
  Vault: vaultSpec,
}
