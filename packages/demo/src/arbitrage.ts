// Prices that agree across pools: after the random trades, one swap per pool brings its price back
// to the demo's reference prices (the tokens' USD prices), so routes are what a real market would
// give (ALGO → gUSD goes direct) and every quoted price is believable.
import { quoteExactIn, type Pool } from '@grove/sdk'

/** A token's reference value: USD per whole token and its decimals. */
export interface Reference {
  priceUsd: number
  decimals: number
}

/** USD per base unit, scaled: exact enough for a price target, never an amount. */
const unitValue = (r: Reference): number => r.priceUsd / 10 ** r.decimals

/** How far a pool's spot price (B per A) is from the reference, as a ratio (1 = agrees). */
export function priceDeviation(pool: Pool, a: Reference, b: Reference): number {
  const spot = Number(pool.reserveB) / Number(pool.reserveA)
  return spot / (unitValue(a) / unitValue(b))
}

/**
 * The swap that brings `pool` closest to the reference price, fee included: the side that is too
 * cheap in the pool is sold into it, the amount found by bisection over the SDK's own quote (the
 * contract's math to the unit). Undefined when the pool is within `tolerance` already.
 */
export function arbitrageSwap(pool: Pool, a: Reference, b: Reference, tolerance = 0.0005): { assetIn: bigint; assetOut: bigint; amountIn: bigint } | undefined {
  const off = priceDeviation(pool, a, b)
  if (Math.abs(off - 1) <= tolerance) return undefined
  // spot B-per-A too high: A is dear in the pool, so sell A into it (and B the other way round)
  const sellA = off > 1
  const [assetIn, assetOut] = sellA ? [pool.a, pool.b] : [pool.b, pool.a]
  const crossed = (d: number): boolean => (sellA ? d <= 1 : d >= 1)
  const deviation = (amountIn: bigint): number => {
    const q = quoteExactIn(pool, assetIn, amountIn)
    if (q.ok) return priceDeviation(q.pool, a, b)
    // too little to move anything, or more than the pool takes: before or past the target
    return q.error === 'zero-output' || q.error === 'zero-amount' ? off : sellA ? 0 : Infinity
  }
  let lo = 0n
  let hi = sellA ? pool.reserveA : pool.reserveB
  // the least input that reaches the reference price; the last input short of it is sent
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n
    if (crossed(deviation(mid))) hi = mid
    else lo = mid
  }
  return lo === 0n ? undefined : { assetIn, assetOut, amountIn: lo }
}
