// Prices from pool reserves live in the SDK's figures module, so the service and the web price alike.
export { priceBook, pricePaths, pricesAlong, spotPrice, type PoolReserves, type PriceBook, type PricePaths } from '@grove/sdk/figures'
