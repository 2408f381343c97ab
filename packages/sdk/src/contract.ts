// Every contract of the deployment record's list, by name: its ARC-56 spec. Typed by the list, so a
// contract added there without its SDK module fails to compile here.
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import { CONTRACTS, type ContractName, type Deployment } from '@grove/contracts/deployment'
import type { ProgramErrors } from './core/errors.ts'
import { DEX_SPEC } from './dex/spec.ts'
import { LOCKS_SPEC } from './locks/contract.ts'
import { REGISTRY_SPEC } from './registry/spec.ts'
import { STAKING_SPEC } from './staking/contract.ts'
import { VAULT_SPEC } from './vault/contract.ts'

/** Each contract's ARC-56 spec. */
export const SPECS: Record<ContractName, Arc56Contract> = { Dex: DEX_SPEC, Registry: REGISTRY_SPEC, Locks: LOCKS_SPEC, Staking: STAKING_SPEC, Vault: VAULT_SPEC }

/** Every contract's error messages, by app id when a deployment is given (else by spec alone), for `explainError`. */
export function grovePrograms(deployment?: Deployment): ProgramErrors[] {
  // By pc alone two programs may both have an assert at the failing pc: the DEX is tried first (the
  // web words swaps and pools without app ids, while each other contract's explainer names its own
  // spec), then the others, later entries first as they build on earlier ones.
  const order = deployment ? CONTRACTS : [...CONTRACTS].reverse().sort((x, y) => Number(y.name === 'Dex') - Number(x.name === 'Dex'))
  return order.map((c) => ({ spec: SPECS[c.name], ...(deployment ? { appId: BigInt(deployment[c.idKey]) } : {}) }))
}
