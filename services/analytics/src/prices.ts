// Prices from pool reserves live in the SDK's figures module, so the service and the web price alike.
import { poolSpotPrice } from '@grove/sdk/figures'
export { poolSpotPrice, priceBook, pricePaths, pricesAlong, spotPrice, stableSpotPrice, type PoolReserves, type PriceBook, type PricePaths } from '@grove/sdk/figures'

/**
 * The pools prices come from: Grove's where Grove is deployed (the web prices tokens from Grove's
 * pools, so each figure has one value on every page and in the API), every venue's where it is not
 * (Tinyman v2 alone). Pools of other venues are still valued, at those prices.
 */
export function pricingPools<T extends { venue: string }>(pools: readonly T[], deployment: { dexAppId?: bigint }): T[] {
  return deployment.dexAppId === undefined ? [...pools] : pools.filter((p) => p.venue === 'grove')
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
