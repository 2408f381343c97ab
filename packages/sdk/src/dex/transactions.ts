// Builders of each DEX action's transaction group, on the one group builder (core/group.ts). Every
// group is signer-agnostic (a wallet's TransactionSigner), names its own resources (pool boxes,
// assets, the registry app) instead of simulating for them, and pays inner-transaction fees on the
// app call: min fee × (1 + inners).
import { getApplicationAddress } from 'algosdk'
import type { Address, Algodv2 } from 'algosdk'
import { GroupBuilder } from '../core/group.ts'
import type { ComposedGroup, TxnArg } from '../core/group.ts'
import type { GroveContext } from '../core/context.ts'
import { missingOptIns } from '../core/references.ts'
import { addLiquidity as quoteAdd, poolTier } from './amm.ts'
import type { Pool } from './amm.ts'
import { LEGACY_TIER, poolBoxName, TIER_MENU_BOX_NAME, tierMenuExists } from './pool-state.ts'
import { dexCall } from './spec.ts'
import type { TypedCall } from '../core/arc56.ts'

export { missingOptIns }

/** Minimum balance of one 30 bps pool's box: 2,500 + 400 per byte of name and value (go-algorand's BoxFlatMinBalance, BoxByteMinBalance). */
export const POOL_BOX_MIN_BALANCE = 2_500n + 400n * (17n + 136n)
/** Minimum balance of the box of a pool in fee tier `feeBps`: any tier but 30 bps has 8 more bytes of name. */
export const poolBoxMinBalance = (feeBps: bigint = LEGACY_TIER): bigint => 2_500n + 400n * (BigInt(poolBoxName(0n, 1n, feeBps).length) + 136n)
/** Minimum balance of holding or creating one asset. */
export const ASSET_MIN_BALANCE = 100_000n

/** A built group and what it costs the sender. */
export interface DexGroup extends ComposedGroup {
  /** Assets the group opts the sender into first. */
  optIns: bigint[]
  /** Bare NoOp calls to the DEX added because the action needs more than its app call's opcode budget. */
  budgetCalls: number
}

/** Opcodes the DEX's bare NoOp call (budget padding) runs. */
const BARE_CALL_COST = 16

/** A DEX action being built: the group, the registry it names, and the opt-ins it added. */
interface Action {
  group: GroupBuilder
  registryAppId: bigint
  appAddress: Address
  optIns: bigint[]
}

async function start(ctx: GroveContext, optInAssets: readonly bigint[]): Promise<Action> {
  const [group, optIns] = await Promise.all([
    GroupBuilder.create(ctx),
    missingOptIns(ctx.algod, ctx.sender, ctx.heldAssets ? optInAssets.filter((a) => !ctx.heldAssets!.includes(a)) : optInAssets),
  ])
  for (const asset of optIns) group.addAssetOptIn(asset)
  return { group, registryAppId: ctx.ids.registryAppId, appAddress: getApplicationAddress(ctx.ids.dexAppId), optIns }
}

/** A transfer of `amount` of `asset` (0 = ALGO) from the sender to the DEX. */
const deposit = (a: Action, asset: bigint, amount: bigint): TxnArg => a.group.deposit(a.appAddress, asset, amount)

function call(
  ctx: GroveContext,
  a: Action,
  typed: TypedCall,
  inners: number,
  refs: { boxes?: [bigint, bigint, bigint][]; menu?: boolean; assets?: bigint[]; accounts?: (string | Address)[]; registry?: boolean },
): void {
  a.group.addMethodCall({
    appId: ctx.ids.dexAppId,
    ...typed,
    inners,
    boxes: [...(refs.boxes ?? []).map(([x, y, tier]) => poolBoxName(x, y, tier)), ...(refs.menu ? [TIER_MENU_BOX_NAME] : [])],
    assets: refs.assets,
    apps: refs.registry === false ? [] : [a.registryAppId],
    accounts: refs.accounts,
  })
}

/**
 * Pads the budget (bare NoOp calls to the DEX, its cheapest call: no arguments, 16 opcodes) unless
 * the context says not to: zaps and multi-hop routes need more than one app call's 700 opcodes.
 * The simulation's cost holds when sent later: the DEX's TWAP update runs the same opcodes whether
 * or not time has passed since a pool's last update (contracts README, "Cost").
 */
async function done(ctx: GroveContext, a: Action): Promise<DexGroup> {
  if (ctx.coverBudget !== false) await a.group.coverBudget(ctx.ids.dexAppId, BARE_CALL_COST)
  const built = await a.group.build()
  return { composer: built.composer, fee: built.fee, optIns: a.optIns, budgetCalls: built.budgetCalls }
}

const ordered = (x: bigint, y: bigint): [bigint, bigint] => (x < y ? [x, y] : [y, x])

/** What creating pool (a, b) in fee tier `feeBps` adds to the DEX's minimum balance, given which assets the app already holds. */
export async function poolCreationCost(algod: Algodv2, dexAppId: bigint, a: bigint, b: bigint, feeBps: bigint = LEGACY_TIER): Promise<{ minBalance: bigint; optIns: number }> {
  const missing = await missingOptIns(algod, getApplicationAddress(dexAppId), [a, b])
  return { minBalance: poolBoxMinBalance(feeBps) + ASSET_MIN_BALANCE * BigInt(1 + missing.length), optIns: missing.length }
}

/** Creates pool (x, y) in fee tier `feeBps` (one of the menu's): pays the exact minimum-balance increase; the app opts in and creates the LP token. */
export async function buildCreatePool(ctx: GroveContext, x: bigint, y: bigint, feeBps: bigint = LEGACY_TIER): Promise<DexGroup> {
  const [a, b] = ordered(x, y)
  const [act, cost] = await Promise.all([start(ctx, []), poolCreationCost(ctx.algod, ctx.ids.dexAppId, a, b, feeBps)])
  // the menu's box: createPool checks the tier against it
  call(ctx, act, dexCall('createPool', [deposit(act, 0n, cost.minBalance), a, b, feeBps]), cost.optIns + 1, { boxes: [[a, b, feeBps]], menu: true, assets: [a, b] })
  return done(ctx, act)
}

/** The message `buildAddLiquidity` throws for a first add without a price bound. */
export const FIRST_ADD_NEEDS_MIN_LP =
  'A first add sets the pool’s price: give a minimum LP from the intended price (firstAddMinLp), or someone who adds first at another price takes part of the deposit'

/** Adds `amountA` and `amountB` to a pool (first or later add), opting into its LP token if needed. */
export async function buildAddLiquidity(ctx: GroveContext, pool: Pool, amountA: bigint, amountB: bigint, minLp: bigint): Promise<DexGroup> {
  if (pool.reserveA === 0n && pool.reserveB === 0n && minLp <= 0n) throw new Error(FIRST_ADD_NEEDS_MIN_LP)
  const act = await start(ctx, [pool.lpAsset])
  // The LP transfer, plus at most one refund on a later add (one side is always used in full).
  const q = quoteAdd(pool, amountA, amountB)
  const inners = q.ok && q.first ? 1 : 2
  call(ctx, act, dexCall('addLiquidity', [deposit(act, pool.a, amountA), deposit(act, pool.b, amountB), pool.a, pool.b, poolTier(pool), minLp]), inners, {
    boxes: [[pool.a, pool.b, poolTier(pool)]],
    assets: [pool.lpAsset, pool.a, pool.b],
  })
  return done(ctx, act)
}

/** Single-sided add: `amountIn` of `assetIn`, of which `swapAmount` is swapped first (see amm `zap`). */
export async function buildZap(ctx: GroveContext, pool: Pool, assetIn: bigint, amountIn: bigint, swapAmount: bigint, minLp: bigint): Promise<DexGroup> {
  const act = await start(ctx, [pool.lpAsset])
  call(ctx, act, dexCall('addLiquiditySingle', [deposit(act, assetIn, amountIn), pool.a, pool.b, poolTier(pool), swapAmount, minLp]), 2, {
    boxes: [[pool.a, pool.b, poolTier(pool)]],
    assets: [pool.lpAsset, pool.a, pool.b],
  })
  return done(ctx, act)
}

/** Burns `lp` for both sides of the pool, opting into either side if needed. */
export async function buildRemoveLiquidity(ctx: GroveContext, pool: Pool, lp: bigint, minA: bigint, minB: bigint): Promise<DexGroup> {
  const act = await start(ctx, [pool.a, pool.b])
  call(ctx, act, dexCall('removeLiquidity', [deposit(act, pool.lpAsset, lp), pool.a, pool.b, poolTier(pool), minA, minB]), 2, {
    boxes: [[pool.a, pool.b, poolTier(pool)]],
    assets: [pool.a, pool.b],
    registry: false,
  })
  return done(ctx, act)
}

/** Swaps all of `amountIn` for at least `minOut` of `assetOut` in the pair's pool of fee tier `feeBps`. */
export async function buildSwapExactIn(ctx: GroveContext, assetIn: bigint, assetOut: bigint, amountIn: bigint, minOut: bigint, feeBps: bigint = LEGACY_TIER): Promise<DexGroup> {
  const act = await start(ctx, [assetOut])
  call(ctx, act, dexCall('swapExactIn', [deposit(act, assetIn, amountIn), assetOut, feeBps, minOut]), 1, { boxes: [[assetIn, assetOut, feeBps]], assets: [assetOut] })
  return done(ctx, act)
}

/** Swaps at most `maxIn` of `assetIn` for exactly `amountOut` of `assetOut` in the pair's pool of fee tier `feeBps`; the rest comes back. */
export async function buildSwapExactOut(ctx: GroveContext, assetIn: bigint, assetOut: bigint, amountOut: bigint, maxIn: bigint, feeBps: bigint = LEGACY_TIER): Promise<DexGroup> {
  const act = await start(ctx, [assetOut])
  call(ctx, act, dexCall('swapExactOut', [deposit(act, assetIn, maxIn), assetOut, feeBps, amountOut]), 2, { boxes: [[assetIn, assetOut, feeBps]], assets: [assetOut, assetIn] })
  return done(ctx, act)
}

/** Each hop's pool of a route: (from, to, fee tier). */
const routeHops = (assetIn: bigint, path: readonly bigint[], fees: readonly bigint[]): [bigint, bigint, bigint][] =>
  path.map((to, i) => [i === 0 ? assetIn : path[i - 1]!, to, fees[i] ?? LEGACY_TIER])

/**
 * Swaps `amountIn` of `assetIn` along `path` (the assets after the input, 1–4 hops) for at least `minOut`,
 * hop i in the pool of fee tier `fees[i]` (30 bps for every hop by default).
 */
export async function buildSwapRoute(
  ctx: GroveContext,
  assetIn: bigint,
  path: readonly bigint[],
  amountIn: bigint,
  minOut: bigint,
  fees: readonly bigint[] = path.map(() => LEGACY_TIER),
): Promise<DexGroup> {
  const assetOut = path[path.length - 1]!
  const act = await start(ctx, [assetOut])
  call(ctx, act, dexCall('swapRoute', [deposit(act, assetIn, amountIn), [...path], [...fees], minOut]), 1, { boxes: routeHops(assetIn, path, fees), assets: [assetOut] })
  return done(ctx, act)
}

/**
 * Swaps at most `maxIn` of `assetIn` along `path` for exactly `amountOut` of its last asset
 * (swapRouteExactOut), hop i in the pool of fee tier `fees[i]`: the output and a refund of what the
 * route did not need, two inner transfers.
 */
export async function buildSwapRouteExactOut(
  ctx: GroveContext,
  assetIn: bigint,
  path: readonly bigint[],
  amountOut: bigint,
  maxIn: bigint,
  fees: readonly bigint[] = path.map(() => LEGACY_TIER),
): Promise<DexGroup> {
  const assetOut = path[path.length - 1]!
  const act = await start(ctx, [assetOut])
  call(ctx, act, dexCall('swapRouteExactOut', [deposit(act, assetIn, maxIn), [...path], [...fees], amountOut]), 2, {
    boxes: routeHops(assetIn, path, fees),
    assets: [assetOut, assetIn],
  })
  return done(ctx, act)
}

/** Sends a pool's accrued protocol fees to the registry's treasury (anyone may call). */
export async function buildCollectFees(ctx: GroveContext, pool: Pool, treasury: string | Address): Promise<DexGroup> {
  const act = await start(ctx, [])
  // Fees may accrue on either side between building and sending: pay for both transfers.
  call(ctx, act, dexCall('collectFees', [pool.a, pool.b, poolTier(pool)]), 2, {
    boxes: [[pool.a, pool.b, poolTier(pool)]],
    assets: [pool.a, pool.b],
    accounts: [treasury],
  })
  return done(ctx, act)
}

/** Admin only: adds fee tier `feeBps` (1–1,000 bps) to the DEX's menu; the first addition pays the menu box's minimum balance. */
export async function buildAddFeeTier(ctx: GroveContext, feeBps: bigint): Promise<DexGroup> {
  const act = await start(ctx, [])
  const hasMenu = await tierMenuExists(ctx.algod, ctx.ids.dexAppId)
  // the first addition creates the menu's box; a payment above the increase would come back as an inner payment
  call(ctx, act, dexCall('addFeeTier', [deposit(act, 0n, hasMenu ? 0n : TIER_MENU_MIN_BALANCE), feeBps]), 0, { menu: true })
  return done(ctx, act)
}

/** Minimum balance of the fee-tier menu's box: a 1-byte name and a 126-byte bitmap. */
export const TIER_MENU_MIN_BALANCE = 2_500n + 400n * (1n + 126n)
