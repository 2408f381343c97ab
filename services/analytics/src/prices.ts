// Prices from pool reserves live in the SDK's figures module, so the service and the web price alike.
export { priceBook, pricePaths, pricesAlong, spotPrice, type PoolReserves, type PriceBook, type PricePaths } from '@grove/sdk/figures'

/**
 * The pools prices come from: Grove's where Grove is deployed (the web prices tokens from Grove's
 * pools, so each figure has one value on every page and in the API), every venue's where it is not
 * (Tinyman v2 alone). Pools of other venues are still valued, at those prices.
 */
export function pricingPools<T extends { venue: string }>(pools: readonly T[], deployment: { dexAppId?: bigint }): T[] {
  return deployment.dexAppId === undefined ? [...pools] : pools.filter((p) => p.venue === 'grove')
}
