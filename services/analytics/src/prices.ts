// Prices from pool reserves live in the SDK's figures module, so the service and the web price alike.
import { spotPrice } from '@grove/sdk/figures'
export { priceBook, pricePaths, pricesAlong, spotPrice, type PoolReserves, type PriceBook, type PricePaths } from '@grove/sdk/figures'

/**
 * The pools prices come from: Grove's where Grove is deployed (the web prices tokens from Grove's
 * pools, so each figure has one value on every page and in the API), every venue's where it is not
 * (Tinyman v2 alone). Pools of other venues are still valued, at those prices.
 */
export function pricingPools<T extends { venue: string }>(pools: readonly T[], deployment: { dexAppId?: bigint }): T[] {
  return deployment.dexAppId === undefined ? [...pools] : pools.filter((p) => p.venue === 'grove')
}

/**
 * The marginal price of a StableSwap pool (the Stable app's), whole B per whole A, at whole-token balances
 * x (A side) and y and amplifier `amp` (not times 100): D from Newton's iteration on
 * 4A(x + y) + D = 4AD + D³/(4xy), then −dy/dx = (4A + D³/(4x²y)) / (4A + D³/(4xy²)). Undefined while a
 * side is empty.
 */
export function stableSpotPrice(x: number, y: number, amp: number): number | undefined {
  if (!(x > 0 && y > 0 && amp > 0)) return undefined
  const ann = 4 * amp
  const s = x + y
  let d = s
  for (let i = 0; i < 64; i++) {
    const dp = (d * d * d) / (4 * x * y)
    const next = ((ann * s + 2 * dp) * d) / ((ann - 1) * d + 3 * dp)
    const settled = Math.abs(next - d) <= d * 1e-15
    d = next
    if (settled) break
  }
  const d3 = d * d * d
  return (ann + d3 / (4 * x * x * y)) / (ann + d3 / (4 * x * y * y))
}

/** A pool's spot price, whole B per whole A: a stable pool's (amp set) by its invariant, any other's by its reserves' ratio. */
export function poolSpotPrice(reserveA: bigint | string, reserveB: bigint | string, decimalsA: number, decimalsB: number, amp: number | null | undefined): number | undefined {
  if (amp === null || amp === undefined) return spotPrice(reserveA, reserveB, decimalsA, decimalsB)
  return stableSpotPrice(Number(reserveA) / 10 ** decimalsA, Number(reserveB) / 10 ** decimalsB, amp)
}

/**
 * The B reserve the price paths (which price by the reserves' ratio) should read for a pool: a stable
 * pool's A side at its invariant's price, so the ratio is that price and the depth its A side; any other
 * pool's own.
 */
export function pricingReserveB(reserveA: bigint | string, reserveB: bigint | string, decimalsA: number, decimalsB: number, amp: number | null | undefined): string {
  if (amp === null || amp === undefined) return String(reserveB)
  const price = poolSpotPrice(reserveA, reserveB, decimalsA, decimalsB, amp)
  if (price === undefined) return String(reserveB)
  return BigInt(Math.round((Number(reserveA) / 10 ** decimalsA) * price * 10 ** decimalsB)).toString()
}
