// Every price, TVL and APR Grove shows, computed once: the analytics service and the web import
// these (through `@grove/sdk/figures`, which carries no algosdk), so every page shows the same number.
export { poolSpotPrice, priceBook, pricePaths, pricesAlong, spotPrice, stableSpotPrice, type PoolPrice, type PoolReserves, type PriceBook, type PricePaths } from './prices.ts'
export { algoInStable, algoPool, displayPrice, valueInAlgo, type ReservePool } from './spot.ts'
export { addValues, feeApr, marketFigures, NO_VALUE, type MarketFigures, type MarketPool, type Value } from './market.ts'
export { aprOf, programFigures, type ProgramFigures, type ProgramTerms } from './programs.ts'
export { programStatus, type ProgramStatus } from '../staking/math.ts'
export { grovePerShare, vaultApr, type VaultApr, type VaultRatePoint, type VaultTotals } from './vault.ts'
export { impermanentLossOf, liquidityPerUnit, positionFigures, valueInB, vaultPosition, type Pair, type PoolPoint, type PositionChange, type PositionFigures, type VaultMove } from './positions.ts'
export { supplyLocked, type SupplyLocked } from './locks.ts'
export { lpSharePercent, lpSupply, lpValue } from '../dex/amm.ts'
