// The one context every contract's `prepare` takes: who signs, on which node, and the deployment's
// ids (each contract module picks its app ids from them), plus the planning hints some actions use.
import type { Algodv2, Transaction } from 'algosdk'
import { deploymentIds, type Deployment, type DeploymentIds } from '@grove/contracts/deployment'
import type { ComposedGroup, GroupContext } from './group.ts'

/** What a reader needs: a node and the deployment's ids. */
export interface GroveReader {
  algod: Algodv2
  ids: DeploymentIds
}

/** Who acts on which deployment, and how to sign. */
export interface GroveContext extends GroupContext, GroveReader {
  /** Assets the sender is known to hold (e.g. from a balance query already made): no opt-in lookup for them. */
  heldAssets?: readonly bigint[]
  /** Simulate DEX groups and add budget calls when they need them (default true); off when groups are merged and covered together. */
  coverBudget?: boolean
  /** Block time to plan with (staking's inner-transaction counts); the latest block's when omitted. */
  now?: bigint
}

/** A context for `deployment` (a record of JSON numbers or of bigints) and a signer. */
export function groveContext(deployment: Deployment | DeploymentIds, signing: Omit<GroveContext, 'ids'>): GroveContext {
  const ids = typeof deployment.firstRound === 'bigint' ? (deployment as DeploymentIds) : deploymentIds(deployment as Deployment)
  return { ...signing, ids }
}

/** A prepared action: the group to simulate and sign, its fees, and what it ties up as minimum balance. */
export interface PreparedGroup extends ComposedGroup {
  /** µALGO the group leaves locked as minimum balance (a new pool, a new program, a registry box), shown beside the fee; 0 for none. */
  minBalance: bigint
}

/** A prepared action spanning several atomic groups (claims of many programs): sign them in one request, send them in order. */
export interface PreparedGroups {
  /** Each group's transactions, with its group id, in send order. */
  groups: Transaction[][]
  /** µALGO of fees over every group. */
  fee: bigint
  minBalance: bigint
}
