// Builders of each stable-pool action's group on the one group builder (core/group.ts): every resource
// named and the fee exact before anything is sent, as the quote predicts the contract's op-up inner
// calls (math.ts: one per two Newton iterations, one more for a later add). A balanced swap iterates
// never: [input, swapExactIn] pays 3,000 µALGO (the call, its input and the output's inner transfer).
import { getApplicationAddress } from 'algosdk'
import type { Address } from 'algosdk'
import { latestTimestamp } from '../core/block-time.ts'
import type { GroveContext } from '../core/context.ts'
import { GroupBuilder, type ComposedGroup } from '../core/group.ts'
import { missingOptIns } from '../core/references.ts'
import type { TypedCall } from '../core/arc56.ts'
import { STABLE_POOL_BOX_MIN_BALANCE, stableBoxName } from './boxes.ts'
import { MAX_A, MIN_A, quoteStableAdd, quoteStableRemove, quoteStableSwap, STABLE_FEE_TIERS, type StableAddQuote, type StablePoolState, type StableRemoveQuote, type StableSwapQuote } from './math.ts'
import { stableCall } from './spec.ts'

/** µALGO the app's holding of an asset, and the LP token it creates, tie up. */
const ASSET_MIN_BALANCE = 100_000n

/** A built stable group, its exact fee and the quote it was built from. */
export interface StableGroup<Q = undefined> extends ComposedGroup {
  quote: Q
}

interface Builder {
  ctx: GroveContext
  group: GroupBuilder
  appAddress: Address
}

async function start(ctx: GroveContext): Promise<Builder> {
  return { ctx, group: await GroupBuilder.create(ctx), appAddress: getApplicationAddress(ctx.ids.stablePoolsAppId) }
}

function call(b: Builder, typed: TypedCall, inners: number, pool: { a: bigint; b: bigint; feeBps: bigint }, assets: bigint[]): void {
  b.group.addMethodCall({
    appId: b.ctx.ids.stablePoolsAppId,
    ...typed,
    inners,
    boxes: [stableBoxName(pool.a, pool.b, pool.feeBps)],
    assets: assets.filter((x) => x !== 0n),
    apps: [b.ctx.ids.registryAppId],
  })
}

async function done<Q>(b: Builder, quote: Q): Promise<StableGroup<Q>> {
  const { composer, fee } = await b.group.build()
  return { composer, fee, quote }
}

/** The time quotes are made at: the context's, else the latest block's (A moves only during a ramp). */
const nowOf = async (ctx: GroveContext): Promise<bigint> => ctx.now ?? (await latestTimestamp(ctx.algod))

/** What creating a stable pool needs. */
export interface CreateStablePoolParams {
  a: bigint
  b: bigint
  feeBps: bigint
  /** The amplifier A, 1–1,000. */
  amp: bigint
}

/** µALGO creating stable pool (a, b) adds to the app's minimum balance, and the opt-ins it makes. */
export async function stablePoolCreationCost(ctx: GroveContext, a: bigint, b: bigint): Promise<{ minBalance: bigint; optIns: number }> {
  const missing = await missingOptIns(ctx.algod, getApplicationAddress(ctx.ids.stablePoolsAppId), [a, b])
  return { minBalance: STABLE_POOL_BOX_MIN_BALANCE + ASSET_MIN_BALANCE * BigInt(1 + missing.length), optIns: missing.length }
}

/** Creates a stable pool: pays the exact minimum-balance increase; the app opts in and creates the LP token. */
export async function buildCreateStablePool(ctx: GroveContext, p: CreateStablePoolParams): Promise<StableGroup<{ minBalance: bigint }>> {
  const [a, b] = p.a < p.b ? [p.a, p.b] : [p.b, p.a]
  if (a === b) throw new RangeError('a stable pool needs two different tokens')
  if (!STABLE_FEE_TIERS.includes(p.feeBps as (typeof STABLE_FEE_TIERS)[number])) throw new RangeError(`a stable pool's fee tier is one of ${STABLE_FEE_TIERS.join(', ')} bps`)
  if (p.amp < MIN_A || p.amp > MAX_A) throw new RangeError(`A must be from ${MIN_A} to ${MAX_A}`)
  const [bld, cost] = await Promise.all([start(ctx), stablePoolCreationCost(ctx, a, b)])
  call(bld, stableCall('createPool', [bld.group.deposit(bld.appAddress, 0n, cost.minBalance), a, b, p.feeBps, p.amp]), cost.optIns + 1, { a, b, feeBps: p.feeBps }, [a, b])
  return done(bld, { minBalance: cost.minBalance })
}

/** Swaps `amountIn` of assetIn for at least `minOut` of the pool's other asset; the fee covers the op-ups the quote predicts. */
export async function buildStableSwap(ctx: GroveContext, pool: StablePoolState, assetIn: bigint, amountIn: bigint, minOut: bigint): Promise<StableGroup<StableSwapQuote>> {
  const quote = quoteStableSwap(pool, assetIn, amountIn, await nowOf(ctx))
  const assetOut = assetIn === pool.a ? pool.b : pool.a
  const b = await start(ctx)
  call(b, stableCall('swapExactIn', [b.group.deposit(b.appAddress, assetIn, amountIn), assetOut, pool.feeBps, minOut]), 1 + quote.opUps, pool, [pool.a, pool.b])
  return done(b, quote)
}

/** Adds amountA/amountB (either may be 0 after the first add: one transfer, `addLiquiditySingle`); an imbalanced add pays Curve's imbalance fee, in the quote. */
export async function buildStableAdd(ctx: GroveContext, pool: StablePoolState, amountA: bigint, amountB: bigint, minLp: bigint): Promise<StableGroup<StableAddQuote>> {
  const quote = quoteStableAdd(pool, amountA, amountB, await nowOf(ctx))
  const b = await start(ctx)
  const inners = 1 + quote.opUps
  const assets = [pool.a, pool.b, pool.lpAsset]
  if (amountA > 0n && amountB > 0n) {
    call(b, stableCall('addLiquidity', [b.group.deposit(b.appAddress, pool.a, amountA), b.group.deposit(b.appAddress, pool.b, amountB), pool.a, pool.b, pool.feeBps, minLp]), inners, pool, assets)
  } else {
    const [asset, amount] = amountA > 0n ? [pool.a, amountA] : [pool.b, amountB]
    call(b, stableCall('addLiquiditySingle', [b.group.deposit(b.appAddress, asset, amount), pool.a, pool.b, pool.feeBps, minLp]), inners, pool, assets)
  }
  return done(b, quote)
}

/** Burns `lp` for both sides in proportion (never iterates, whatever the pool's state). */
export async function buildStableRemove(ctx: GroveContext, pool: StablePoolState, lp: bigint, minA: bigint, minB: bigint): Promise<StableGroup<StableRemoveQuote>> {
  const quote = quoteStableRemove(pool, lp)
  const b = await start(ctx)
  const sends = Number(quote.amountA > 0n) + Number(quote.amountB > 0n)
  call(b, stableCall('removeLiquidity', [b.group.deposit(b.appAddress, pool.lpAsset, lp), pool.a, pool.b, pool.feeBps, minA, minB]), sends, pool, [pool.a, pool.b, pool.lpAsset])
  return done(b, quote)
}

/** The registry's admin ramps A (times 100) to futureA at futureTime (a day or more away, at most 10×). */
export async function buildRampA(ctx: GroveContext, pool: StablePoolState, futureA: bigint, futureTime: bigint): Promise<StableGroup> {
  const b = await start(ctx)
  call(b, stableCall('rampA', [pool.a, pool.b, pool.feeBps, futureA, futureTime]), 0, pool, [])
  return done(b, undefined)
}

/** The registry's admin stops a ramp where it stands. */
export async function buildStopRampA(ctx: GroveContext, pool: StablePoolState): Promise<StableGroup> {
  const b = await start(ctx)
  call(b, stableCall('stopRampA', [pool.a, pool.b, pool.feeBps]), 0, pool, [])
  return done(b, undefined)
}
