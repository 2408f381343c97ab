// What a vault caller can do, as one union, and the one function that builds each action's group
// (registry/admin.ts's shape): pages and services say what, this module says how.
import type { GroveContext } from '../core/context.ts'
import type { ComposedGroup } from '../core/group.ts'
import { buildBuyback, buildObserve, buildOptInAsset, buildSetBuybackPath, buildStake, buildUnstake } from './transactions.ts'

/** An action on the vault; each minimum is what the caller promised the user. */
export type VaultAction =
  | { kind: 'stake'; amount: bigint; minShares: bigint }
  | { kind: 'unstake'; amount: bigint; minGrove: bigint }
  | { kind: 'observe'; pools: readonly [bigint, bigint][]; fresh?: number }
  | { kind: 'buyback'; asset: bigint; path?: readonly bigint[] }
  | { kind: 'opt-in'; asset: bigint }
  | { kind: 'set-buyback-path'; asset: bigint; path: readonly bigint[]; existing?: readonly bigint[] | null }

/** Builds a vault action's group, ready to simulate and sign. */
export function prepareVaultAction(ctx: GroveContext, action: VaultAction): Promise<ComposedGroup> {
  switch (action.kind) {
    case 'stake':
      return buildStake(ctx, action.amount, action.minShares)
    case 'unstake':
      return buildUnstake(ctx, action.amount, action.minGrove)
    case 'observe':
      return buildObserve(ctx, action.pools, action.fresh)
    case 'buyback':
      return buildBuyback(ctx, action.asset, action.path)
    case 'opt-in':
      return buildOptInAsset(ctx, action.asset)
    case 'set-buyback-path':
      return buildSetBuybackPath(ctx, action.asset, action.path, action.existing)
  }
}
