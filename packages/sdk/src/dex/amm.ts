// The DEX's constant-product math, to the unit, as packages/contracts/README.md defines it.
// Every function is pure: it takes a Pool (the PoolState box plus its key) and returns the
// outcome and the pool after it, or why the contract would reject it.
import { MAX_UINT64 } from '../core/amount.ts'
import type { AmmErrorCode } from '../errors.ts'

export { AMM_ERROR_MESSAGES, type AmmErrorCode } from '../errors-core.ts'

/** The PoolState box, field for field. */
export interface PoolState {
  reserveA: bigint
  reserveB: bigint
  lpAsset: bigint
  /** LP held outside the app; the 1,000 locked units are not included. */
  lpIssued: bigint
  feeBps: bigint
  /** Protocol share of the fee is fee / divisor; 0 = none. */
  protocolFeeDivisor: bigint
  protocolFeesA: bigint
  protocolFeesB: bigint
  /** Σ price × seconds, price = reserveB·2^64/reserveA (uint256). */
  cumulativePriceA: bigint
  /** Σ price × seconds, price = reserveA·2^64/reserveB (uint256). */
  cumulativePriceB: bigint
  lastUpdate: bigint
}

/** A pool: its key (a < b, ALGO = 0, and its fee tier) and its box. */
export interface Pool extends PoolState {
  a: bigint
  b: bigint
  /**
   * The fee tier its box key names (read from the key by decodePool); absent, the tier is `feeBps`. They
   * differ only for a pool whose fee an admin changed before tiers: its key is the 30 bps tier's.
   */
  tier?: bigint
}

/** The fee tier that names the pool's box and every call on it. */
export const poolTier = (pool: Pick<Pool, 'feeBps' | 'tier'>): bigint => pool.tier ?? pool.feeBps

/** LP units minted at the first add and never issued. */
export const MINIMUM_LIQUIDITY = 1000n
/** Fees are in basis points of this. */
export const BPS = 10_000n
/** Prices are fixed point with 64 fractional bits. */
export const Q64 = 1n << 64n
const UINT256 = 1n << 256n

/** The registry's default fee for new pools, in basis points. */
export const DEFAULT_FEE_BPS = 30n
/** The registry's default protocol share of the fee: fee / 6. */
export const DEFAULT_PROTOCOL_FEE_DIVISOR = 6n

/** Pool (x, y) as createPool leaves it: key ordered, nothing deposited, default fees; `fields` override any of it (its tier too). */
export function newPool(x: bigint | number, y: bigint | number, fields: Partial<PoolState> & { tier?: bigint } = {}): Pool {
  const [a, b] = BigInt(x) < BigInt(y) ? [BigInt(x), BigInt(y)] : [BigInt(y), BigInt(x)]
  return {
    a,
    b,
    reserveA: 0n,
    reserveB: 0n,
    lpAsset: 0n,
    lpIssued: 0n,
    feeBps: DEFAULT_FEE_BPS,
    protocolFeeDivisor: DEFAULT_PROTOCOL_FEE_DIVISOR,
    protocolFeesA: 0n,
    protocolFeesB: 0n,
    cumulativePriceA: 0n,
    cumulativePriceB: 0n,
    lastUpdate: 0n,
    ...fields,
  }
}

/** A result or the reason the contract would reject it. */
export type AmmResult<T> = ({ ok: true } & T) | { ok: false; error: AmmErrorCode }

const fail = (error: AmmErrorCode): { ok: false; error: AmmErrorCode } => ({ ok: false, error })
const ceilDiv = (n: bigint, d: bigint): bigint => (n + d - 1n) / d

/** ⌊√n⌋ for a non-negative bigint (Newton's method). */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n
  let x = 1n << BigInt((n.toString(2).length + 1) >> 1)
  for (;;) {
    const y = (x + n / x) >> 1n
    if (y >= x) return x
    x = y
  }
}

/** LP units in existence, the supply all math uses (the contract's, the figures', the web's): the issued ones plus the MINIMUM_LIQUIDITY the first deposit locks, which the reserves also back. */
export const lpSupply = (pool: { lpIssued: bigint | string | number }): bigint => BigInt(pool.lpIssued) + MINIMUM_LIQUIDITY

/** Orients a pool around `assetIn`: its reserves, fees and a function that writes them back. */
function sides(pool: Pool, assetIn: bigint) {
  const inIsA = assetIn === pool.a
  return {
    inIsA,
    assetOut: inIsA ? pool.b : pool.a,
    rIn: inIsA ? pool.reserveA : pool.reserveB,
    rOut: inIsA ? pool.reserveB : pool.reserveA,
    feesIn: inIsA ? pool.protocolFeesA : pool.protocolFeesB,
    write: (rIn: bigint, rOut: bigint, feesIn: bigint): Pool =>
      inIsA
        ? { ...pool, reserveA: rIn, reserveB: rOut, protocolFeesA: feesIn }
        : { ...pool, reserveB: rIn, reserveA: rOut, protocolFeesB: feesIn },
  }
}

/** A quoted swap through one pool, with the pool after it. */
export interface SwapQuote {
  assetIn: bigint
  assetOut: bigint
  amountIn: bigint
  amountOut: bigint
  /** Total fee taken from the input. */
  fee: bigint
  /** The part of `fee` set aside for the protocol. */
  protocolFee: bigint
  /** Price impact against the spot price, fee excluded, in basis points. */
  priceImpactBps: number
  pool: Pool
}

function checkSwap(pool: Pool, assetIn: bigint, amount: bigint): AmmErrorCode | undefined {
  if (assetIn !== pool.a && assetIn !== pool.b) return 'unknown-asset'
  if (amount <= 0n) return 'zero-amount'
  if (pool.reserveA === 0n || pool.reserveB === 0n) return 'empty-pool'
  return undefined
}

function settleSwap(pool: Pool, assetIn: bigint, amountIn: bigint, amountOut: bigint, fee: bigint): AmmResult<SwapQuote> {
  const s = sides(pool, assetIn)
  const protocolFee = pool.protocolFeeDivisor === 0n ? 0n : fee / pool.protocolFeeDivisor
  const rIn = s.rIn + amountIn - protocolFee
  const feesIn = s.feesIn + protocolFee
  if (amountIn > MAX_UINT64 || rIn > MAX_UINT64 || feesIn > MAX_UINT64) return fail('overflow')
  const net = amountIn - fee
  return {
    ok: true,
    assetIn,
    assetOut: s.assetOut,
    amountIn,
    amountOut,
    fee,
    protocolFee,
    priceImpactBps: impactBps(net * s.rOut, amountOut * s.rIn, net * s.rOut),
    pool: s.write(rIn, s.rOut - amountOut, feesIn),
  }
}

// (ideal − actual) / ideal in basis points, to 1/10,000 of a basis point.
function impactBps(ideal: bigint, actual: bigint, denominator: bigint): number {
  if (denominator === 0n || actual >= ideal) return 0
  return Number(((ideal - actual) * BPS * 10_000n) / denominator) / 10_000
}

/** Swap exact in: `amountIn` of `assetIn` for as much of the other side as the pool gives. */
export function quoteExactIn(pool: Pool, assetIn: bigint, amountIn: bigint): AmmResult<SwapQuote> {
  const bad = checkSwap(pool, assetIn, amountIn)
  if (bad) return fail(bad)
  const { rIn, rOut } = sides(pool, assetIn)
  const fee = ceilDiv(amountIn * pool.feeBps, BPS)
  const net = amountIn - fee
  const out = (rOut * net) / (rIn + net)
  if (out === 0n) return fail('zero-output')
  return settleSwap(pool, assetIn, amountIn, out, fee)
}

/** Swap exact out: the least `assetIn` that buys `amountOut` of the other side. */
export function quoteExactOut(pool: Pool, assetIn: bigint, amountOut: bigint): AmmResult<SwapQuote> {
  const bad = checkSwap(pool, assetIn, amountOut)
  if (bad) return fail(bad)
  const { rIn, rOut } = sides(pool, assetIn)
  if (amountOut >= rOut) return fail('insufficient-liquidity')
  const net = ceilDiv(rIn * amountOut, rOut - amountOut)
  const amountIn = ceilDiv(net * BPS, BPS - pool.feeBps)
  return settleSwap(pool, assetIn, amountIn, amountOut, amountIn - net)
}

/** A quoted deposit of both sides, with the pool after it. */
export interface AddQuote {
  /** The pool had no reserves: this add sets the price and locks 1,000 LP units. */
  first: boolean
  lp: bigint
  usedA: bigint
  usedB: bigint
  refundA: bigint
  refundB: bigint
  pool: Pool
}

/** What a later add takes of the other side for `amount` of `asset`: ⌈amount·rOther/rThis⌉, as the contract rounds it (0 for an empty pool). */
export function matchingAmount(pool: Pool, asset: bigint, amount: bigint): bigint {
  const { rIn, rOut } = sides(pool, asset)
  return rIn === 0n || amount === 0n ? 0n : ceilDiv(amount * rOut, rIn)
}

/** Add liquidity: the first add mints √(a·b) − 1000; later adds take the pool ratio and refund the rest. */
export function addLiquidity(pool: Pool, amountA: bigint, amountB: bigint): AmmResult<AddQuote> {
  if (amountA <= 0n || amountB <= 0n) return fail('zero-amount')
  const { reserveA: rA, reserveB: rB } = pool
  const first = rA === 0n && rB === 0n
  let lp: bigint, usedA: bigint, usedB: bigint
  if (first) {
    const root = isqrt(amountA * amountB)
    if (root <= MINIMUM_LIQUIDITY) return fail('below-minimum-liquidity')
    ;[lp, usedA, usedB] = [root - MINIMUM_LIQUIDITY, amountA, amountB]
  } else {
    if (rA === 0n || rB === 0n) return fail('empty-pool')
    const supply = lpSupply(pool)
    if (amountA * rB <= amountB * rA) [usedA, usedB, lp] = [amountA, matchingAmount(pool, pool.a, amountA), (amountA * supply) / rA]
    else [usedB, usedA, lp] = [amountB, matchingAmount(pool, pool.b, amountB), (amountB * supply) / rB]
    if (lp === 0n) return fail('zero-lp')
  }
  const after = { ...pool, reserveA: rA + usedA, reserveB: rB + usedB, lpIssued: pool.lpIssued + lp }
  if (after.reserveA > MAX_UINT64 || after.reserveB > MAX_UINT64 || lpSupply(after) > MAX_UINT64) return fail('overflow')
  return { ok: true, first, lp, usedA, usedB, refundA: amountA - usedA, refundB: amountB - usedB, pool: after }
}

/** A quoted single-sided add: a swap of `swapAmount` then an add of what remains. */
export interface ZapQuote {
  assetIn: bigint
  amountIn: bigint
  swapAmount: bigint
  swap: SwapQuote
  add: AddQuote
  lp: bigint
  refundA: bigint
  refundB: bigint
  pool: Pool
}

/** Zap with a given swap amount `s` (0 < s < amountIn), exactly as the contract executes it. */
export function zapWithSwap(pool: Pool, assetIn: bigint, amountIn: bigint, swapAmount: bigint): AmmResult<ZapQuote> {
  if (assetIn !== pool.a && assetIn !== pool.b) return fail('unknown-asset')
  if (amountIn <= 0n || swapAmount <= 0n || swapAmount >= amountIn) return fail('zero-amount')
  const swap = quoteExactIn(pool, assetIn, swapAmount)
  if (!swap.ok) return swap
  const kept = amountIn - swapAmount
  const inIsA = assetIn === pool.a
  const add = addLiquidity(swap.pool, inIsA ? kept : swap.amountOut, inIsA ? swap.amountOut : kept)
  if (!add.ok) return add
  return { ok: true, assetIn, amountIn, swapAmount, swap, add, lp: add.lp, refundA: add.refundA, refundB: add.refundB, pool: add.pool }
}

/**
 * Zap with the best swap amount: the `s` at which what remains matches the post-swap pool's ratio,
 * found by binary search on that (monotone) condition, then the neighbour that mints the most LP.
 */
export function zap(pool: Pool, assetIn: bigint, amountIn: bigint): AmmResult<ZapQuote> {
  if (assetIn !== pool.a && assetIn !== pool.b) return fail('unknown-asset')
  if (amountIn < 2n) return fail('zero-amount')
  if (pool.reserveA === 0n || pool.reserveB === 0n) return fail('empty-pool')
  const rInIdx = assetIn === pool.a
  // True once the kept input is the limiting side of the add (s large enough).
  const inputLimited = (s: bigint): boolean => {
    const swap = quoteExactIn(pool, assetIn, s)
    if (!swap.ok) return false
    const rIn = rInIdx ? swap.pool.reserveA : swap.pool.reserveB
    const rOut = rInIdx ? swap.pool.reserveB : swap.pool.reserveA
    return (amountIn - s) * rOut <= swap.amountOut * rIn
  }
  let lo = 1n
  let hi = amountIn - 1n
  while (lo < hi) {
    const mid = (lo + hi) >> 1n
    if (inputLimited(mid)) hi = mid
    else lo = mid + 1n
  }
  let best: AmmResult<ZapQuote> = fail('zero-output')
  for (let s = lo - 2n; s <= lo + 2n; s++) {
    if (s <= 0n || s >= amountIn) continue
    const q = zapWithSwap(pool, assetIn, amountIn, s)
    if (q.ok && (!best.ok || q.lp > best.lp)) best = q
    else if (!q.ok && !best.ok) best = q
  }
  return best
}

/** A quoted withdrawal, with the pool after it. */
export interface RemoveQuote {
  lp: bigint
  amountA: bigint
  amountB: bigint
  pool: Pool
}

/** Remove liquidity: `lp` units return their pro-rata share of both reserves, rounded down; fails only when both round to 0. */
export function removeLiquidity(pool: Pool, lp: bigint): AmmResult<RemoveQuote> {
  if (lp <= 0n) return fail('zero-amount')
  if (lp > pool.lpIssued) return fail('not-enough-lp')
  const supply = lpSupply(pool)
  const amountA = (lp * pool.reserveA) / supply
  const amountB = (lp * pool.reserveB) / supply
  // a side that rounds to 0 is kept by the pool and the other is still paid (a pool with a tiny reserve)
  if (amountA === 0n && amountB === 0n) return fail('zero-output')
  return {
    ok: true,
    lp,
    amountA,
    amountB,
    pool: { ...pool, reserveA: pool.reserveA - amountA, reserveB: pool.reserveB - amountB, lpIssued: pool.lpIssued - lp },
  }
}

/**
 * Collecting protocol fees: what the treasury receives, and the pool after it (reserves untouched). A side
 * the treasury cannot receive (not opted in, or a frozen holding) stays accrued, as the contract leaves it.
 */
export function collectFees(pool: Pool, receivable: { a: boolean; b: boolean } = { a: true, b: true }): { amountA: bigint; amountB: bigint; pool: Pool } {
  const amountA = receivable.a ? pool.protocolFeesA : 0n
  const amountB = receivable.b ? pool.protocolFeesB : 0n
  return { amountA, amountB, pool: { ...pool, protocolFeesA: pool.protocolFeesA - amountA, protocolFeesB: pool.protocolFeesB - amountB } }
}

/**
 * The `minLp` for an add meant to open an empty pool at the price `amountA : amountB`: the first add's
 * ⌊√(a·b)⌋ − 1000 less the slippage tolerance. Creating a pool and its first add are separate groups;
 * if someone adds first at another price, this add becomes a later add at their ratio and mints about
 * √(a·b)/√(price ratio) LP, so this bound refuses it instead of depositing at their price. 0 when the
 * amounts are too small for a first add.
 */
export function firstAddMinLp(amountA: bigint, amountB: bigint, slippageBps: bigint): bigint {
  const root = isqrt(amountA * amountB)
  if (root <= MINIMUM_LIQUIDITY) return 0n
  return minimumReceived(root - MINIMUM_LIQUIDITY, slippageBps)
}

/** The least output a swap may give with `slippageBps` tolerance (the `minOut` to send). */
export const minimumReceived = (amountOut: bigint, slippageBps: bigint): bigint =>
  (amountOut * (BPS - (slippageBps > BPS ? BPS : slippageBps))) / BPS

/** The most input an exact-out swap may take with `slippageBps` tolerance (what to send). */
export function maximumSold(amountIn: bigint, slippageBps: bigint): bigint {
  const max = ceilDiv(amountIn * (BPS + slippageBps), BPS)
  return max > MAX_UINT64 ? MAX_UINT64 : max
}

/** Price impact of a trade against the pool's spot price, fee excluded, in basis points. */
export function priceImpactBps(pool: Pool, assetIn: bigint, amountIn: bigint, amountOut: bigint): number {
  const { rIn, rOut } = sides(pool, assetIn)
  const net = amountIn - ceilDiv(amountIn * pool.feeBps, BPS)
  return impactBps(net * rOut, amountOut * rIn, net * rOut)
}

/** Share of the pool that `lp` units represent, as a percentage of lpSupply to 6 places (display only). */
export function lpSharePercent(pool: Pick<PoolState, 'lpIssued'>, lp: bigint): number {
  return Number((lp * 100n * 1_000_000n) / lpSupply(pool)) / 1_000_000
}

/** What `lp` units would withdraw now, per side. */
export function lpValue(pool: Pick<PoolState, 'reserveA' | 'reserveB' | 'lpIssued'>, lp: bigint): { amountA: bigint; amountB: bigint } {
  const supply = lpSupply(pool)
  return { amountA: (lp * pool.reserveA) / supply, amountB: (lp * pool.reserveB) / supply }
}

/** What `lp` units are worth in `asset` (one side plus the other at the spot price), rounded down. */
export function lpValueIn(pool: Pool, lp: bigint, asset: bigint): bigint {
  const { amountA, amountB } = lpValue(pool, lp)
  if (asset === pool.a) return pool.reserveB === 0n ? amountA : amountA + (amountB * pool.reserveA) / pool.reserveB
  return pool.reserveA === 0n ? amountB : amountB + (amountA * pool.reserveB) / pool.reserveA
}

/** Whether one LP unit is worth at least as much after as before: k/L² never decreases. */
export function lpValueNotDecreased(before: PoolState, after: PoolState): boolean {
  const l0 = lpSupply(before)
  const l1 = lpSupply(after)
  return after.reserveA * after.reserveB * l0 * l0 >= before.reserveA * before.reserveB * l1 * l1
}

/** Brings the cumulative prices up to `now`, as the contract does before every reserve change. */
export function accrue(pool: Pool, now: bigint): Pool {
  if (now <= pool.lastUpdate) return pool
  if (pool.reserveA === 0n || pool.reserveB === 0n) return { ...pool, lastUpdate: now }
  const dt = now - pool.lastUpdate
  return {
    ...pool,
    cumulativePriceA: (pool.cumulativePriceA + ((pool.reserveB * Q64) / pool.reserveA) * dt) % UINT256,
    cumulativePriceB: (pool.cumulativePriceB + ((pool.reserveA * Q64) / pool.reserveB) * dt) % UINT256,
    lastUpdate: now,
  }
}

/** Time-weighted average price (2^64-scaled) between two observations of a cumulative price. */
export function twapQ64(cumulativeBefore: bigint, timeBefore: bigint, cumulativeAfter: bigint, timeAfter: bigint): bigint {
  if (timeAfter <= timeBefore) return 0n
  // uint256 accumulators may wrap; the difference is still right modulo 2^256.
  return (((cumulativeAfter - cumulativeBefore) % UINT256) + UINT256) % UINT256 / (timeAfter - timeBefore)
}
