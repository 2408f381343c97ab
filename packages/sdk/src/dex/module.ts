// The DEX as one object (the shape every contract's module has: spec, error row, Action union with
// prepare, readers, event decoders), over the one context (core/context.ts).
import type { Address } from 'algosdk'
import type { GroveContext, GroveReader, PreparedGroup } from '../core/context.ts'
import { CONTRACT_ERRORS, explainError } from '../errors.ts'
import type { Pool } from './amm.ts'
import { decodeDexEvents } from './events.ts'
import { fetchFeeTiers, fetchPairPools, fetchPool, fetchPools, LEGACY_TIER } from './pool-state.ts'
import type { Route } from './route.ts'
import { DEX_SPEC } from './spec.ts'
import { buildFlash, type FlashParams } from './flash.ts'
import { buildSwap } from './swap.ts'
import { buildAddLiquidity, buildCollectFees, buildCreatePool, buildRemoveLiquidity, buildZap, poolCreationCost, type DexGroup } from './transactions.ts'

/** An action on the DEX (the sender is the context's); amounts of a pool's sides in its (a, b) order. */
export type DexAction =
  /** A found route with `limit` as the bound: the minimum out (exact in) or the most paid (exact out). */
  | { kind: 'swap'; route: Route; limit: bigint }
  | { kind: 'add'; pool: Pool; amountA: bigint; amountB: bigint; minLp: bigint }
  | { kind: 'zap'; pool: Pool; assetIn: bigint; amountIn: bigint; swapAmount: bigint; minLp: bigint }
  | { kind: 'remove'; pool: Pool; lp: bigint; minA: bigint; minB: bigint }
  /** Creates pool (a, b) in fee tier `feeBps` (one of the menu's; 30 bps when absent), empty; its first deposit is an 'add'. */
  | { kind: 'create-pool'; a: bigint; b: bigint; feeBps?: bigint }
  | { kind: 'collect-fees'; pool: Pool; treasury: string | Address }
  /** A flash loan or flash swap on one pool around the sender's own transactions (dex/flash.ts). */
  | ({ kind: 'flash' } & FlashParams)

const prepared = async (group: Promise<DexGroup>, minBalance = 0n): Promise<PreparedGroup & { optIns: bigint[] }> => {
  const g = await group
  return { composer: g.composer, fee: g.fee, optIns: g.optIns, minBalance }
}

/** The DEX: its spec, error row, actions, readers and events. */
export const dexContract = {
  name: 'Dex',
  spec: DEX_SPEC,
  errors: CONTRACT_ERRORS.Dex,
  /** Builds an action's group, ready to simulate and sign. */
  async prepare(ctx: GroveContext, action: DexAction): Promise<PreparedGroup & { optIns: bigint[] }> {
    switch (action.kind) {
      case 'swap':
        return prepared(buildSwap(ctx, action.route, action.limit))
      case 'add':
        return prepared(buildAddLiquidity(ctx, action.pool, action.amountA, action.amountB, action.minLp))
      case 'zap':
        return prepared(buildZap(ctx, action.pool, action.assetIn, action.amountIn, action.swapAmount, action.minLp))
      case 'remove':
        return prepared(buildRemoveLiquidity(ctx, action.pool, action.lp, action.minA, action.minB))
      case 'create-pool': {
        // a new pool pays its box and the app's opt-ins: the review shows it beside the fee
        const [a, b] = action.a < action.b ? [action.a, action.b] : [action.b, action.a]
        const tier = action.feeBps ?? LEGACY_TIER
        const [group, cost] = await Promise.all([buildCreatePool(ctx, a, b, tier), poolCreationCost(ctx.algod, ctx.ids.dexAppId, a, b, tier)])
        return prepared(Promise.resolve(group), cost.minBalance)
      }
      case 'collect-fees':
        return prepared(buildCollectFees(ctx, action.pool, action.treasury))
      case 'flash':
        return prepared(buildFlash(ctx, action))
    }
  },
  /** A failure in words, the DEX's codes first (by app id when the deployment is given). */
  explain: (error: unknown, ids?: Partial<GroveReader['ids']>) => explainError(error, [{ spec: DEX_SPEC, appId: ids?.dexAppId }]),
  decodeEvents: decodeDexEvents,
  readers: {
    /** Every pool with its reserves, every fee tier's. */
    pools: (r: GroveReader) => fetchPools(r.algod, r.ids.dexAppId),
    /** Pool (x, y), either order, in fee tier `feeBps` (30 bps by default); undefined when there is none. */
    pool: (r: GroveReader, x: bigint, y: bigint, feeBps?: bigint) => fetchPool(r.algod, r.ids.dexAppId, x, y, feeBps),
    /** Every fee tier's pool of the pair (x, y), lowest fee first. */
    pairPools: (r: GroveReader, x: bigint, y: bigint) => fetchPairPools(r.algod, r.ids.dexAppId, x, y),
    /** The fee-tier menu, in bps, lowest first. */
    feeTiers: (r: GroveReader) => fetchFeeTiers(r.algod, r.ids.dexAppId),
    /** What creating pool (a, b) in fee tier `feeBps` adds to the DEX's minimum balance. */
    poolCreationCost: (r: GroveReader, a: bigint, b: bigint, feeBps?: bigint) => poolCreationCost(r.algod, r.ids.dexAppId, a, b, feeBps),
  },
} as const
