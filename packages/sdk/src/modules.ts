// Every contract of the deployment record's list as one object of one shape (spec, error row, an
// Action union with prepare, readers, event decoders) over the one context (core/context.ts),
// registry/admin.ts's shape. Keyed by the list: a contract added there without its module fails to
// compile here.
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import { CONTRACTS, type ContractName, type Deployment, type DeploymentIds } from '@grove/contracts/deployment'
import type { GroveContext, GroveReader, PreparedGroup, PreparedGroups } from './core/context.ts'
import type { ProgramErrors, ReadableError } from './core/errors.ts'
import { dexContract } from './dex/module.ts'
import { locksContract } from './locks/module.ts'
import { ordersContract } from './orders/module.ts'
import { registryContract } from './registry/module.ts'
import { stableContract } from './stable/module.ts'
import { stakingContract } from './staking/module.ts'
import { vaultContract } from './vault/module.ts'

/** One contract's SDK slice. */
export interface ContractModule<Action = never, Event = unknown> {
  name: ContractName
  spec: Arc56Contract
  /** Its row of the one error table: a sentence per `ERR:*` code. */
  errors: Readonly<Record<string, string>>
  /** Builds an action's group (or, for an action spanning several, its groups), ready to simulate and sign. */
  prepare(ctx: GroveContext, action: Action): Promise<PreparedGroup | PreparedGroups>
  /** A failure in words, the contract's codes first (by app id when the deployment's ids are given). */
  explain(error: unknown, ids?: DeploymentIds): ReadableError
  /** The contract's events among a transaction's logs, in order. */
  decodeEvents(logs: readonly Uint8Array[]): Event[]
  /** Its reads through algod, each given the node and the deployment's ids. */
  readers: Record<string, (r: GroveReader, ...args: never[]) => Promise<unknown>>
}

/** Every contract's module, by its name in `CONTRACTS`. */
export const CONTRACT_MODULES = {
  Registry: registryContract,
  Dex: dexContract,
  Locks: locksContract,
  Staking: stakingContract,
  Vault: vaultContract,
  Orders: ordersContract,
  Stable: stableContract,
} as const satisfies { readonly [K in ContractName]: ContractModule<never> & { name: K } }

/** The action union of contract `K` (what its `prepare` takes). */
export type ContractAction<K extends ContractName> = Parameters<(typeof CONTRACT_MODULES)[K]['prepare']>[1]

/** Builds an action of contract `K`: the one prepare every caller goes through. */
export function prepareAction<K extends ContractName>(contract: K, ctx: GroveContext, action: ContractAction<K>): Promise<PreparedGroup | PreparedGroups> {
  return (CONTRACT_MODULES[contract] as ContractModule<ContractAction<K>>).prepare(ctx, action)
}

/** Every contract's error messages, by app id when a deployment is given (else by spec alone), for `explainError`. */
export function grovePrograms(deployment?: Deployment): ProgramErrors[] {
  // By pc alone two programs may both have an assert at the failing pc: the DEX is tried first (the
  // web words swaps and pools without app ids, while each other contract's explainer names its own
  // spec), then the others, later entries first as they build on earlier ones.
  const order = deployment ? CONTRACTS : [...CONTRACTS].reverse().sort((x, y) => Number(y.name === 'Dex') - Number(x.name === 'Dex'))
  return order.map((c) => ({ spec: CONTRACT_MODULES[c.name].spec, ...(deployment ? { appId: BigInt(deployment[c.idKey]) } : {}) }))
}
