// Grove's DEX as a venue: its pool boxes (one per fee tier of a pair, each pool its own edge), its math
// (dex/amm.ts) and its swapExactIn / swapExactOut / swapRoute calls, each naming every hop's tier.
import { getApplicationAddress } from 'algosdk'
import type { Algodv2 } from 'algosdk'
import { poolTier, quoteExactIn, quoteExactOut, type AmmResult, type Pool, type SwapQuote } from '../dex/amm.ts'
import { fetchPairPools, LEGACY_TIER, poolBoxName } from '../dex/pool-state.ts'
import { MAX_HOPS } from '../dex/route.ts'
import { dexCall } from '../dex/spec.ts'
import { orderedPair, type HopQuote, type HopResult, type Venue, type VenuePool } from './venue.ts'

/** A Grove pool as a venue pool, with its box. */
export interface GrovePool extends VenuePool {
  venue: 'grove'
  state: Pool
}

/** Where Grove's DEX lives. */
export interface GroveVenueParams {
  algod: Algodv2
  dexAppId: bigint
  /** The registry the DEX reads (every DEX call names it). */
  registryAppId: bigint
}

/** A Grove pool's id: "a/b" for the 30 bps tier (the id every pool had before tiers), "a/b/tier" for another tier. */
export const grovePoolId = (pool: Pick<Pool, 'a' | 'b' | 'feeBps' | 'tier'>): string => {
  const tier = poolTier(pool)
  return tier === LEGACY_TIER ? `${pool.a}/${pool.b}` : `${pool.a}/${pool.b}/${tier}`
}

/** A Grove pool in the venue shape. */
export function grovePool(state: Pool): GrovePool {
  return { venue: 'grove', id: grovePoolId(state), assets: [state.a, state.b], reserves: [state.reserveA, state.reserveB], feeBps: state.feeBps, state }
}

function hop(pool: GrovePool, kind: HopQuote['kind'], result: AmmResult<SwapQuote>): HopResult<GrovePool> {
  if (!result.ok) return result
  const { assetIn, assetOut, amountIn, amountOut, fee } = result
  return { ok: true, quote: { pool, kind, assetIn, assetOut, amountIn, amountOut, fee } }
}

/** Grove's DEX as a venue. */
export function groveVenue({ algod, dexAppId, registryAppId }: GroveVenueParams): Venue<GrovePool> {
  const appAddress = getApplicationAddress(dexAppId)
  return {
    name: 'grove',
    label: 'Grove',
    async findPools(x, y) {
      const [a, b] = orderedPair(x, y)
      return (await fetchPairPools(algod, dexAppId, a, b)).map(grovePool)
    },
    quoteExactIn: (pool, assetIn, amountIn) => hop(pool, 'exact-in', quoteExactIn(pool.state, assetIn, amountIn)),
    quoteExactOut: (pool, assetIn, amountOut) => hop(pool, 'exact-out', quoteExactOut(pool.state, assetIn, amountOut)),
    after(quote) {
      const { state } = quote.pool
      const result = quote.kind === 'exact-in' ? quoteExactIn(state, quote.assetIn, quote.amountIn) : quoteExactOut(state, quote.assetIn, quote.amountOut)
      if (!result.ok) throw new Error(`a quoted Grove hop no longer quotes: ${result.error}`)
      return grovePool(result.pool)
    },
    maxRun: MAX_HOPS,
    // bare calls to the DEX, its cheapest call (16 opcodes): routes need more than one call's 700
    coverBudget: (group) => group.coverBudget(dexAppId, 16),
    // swapRoute / swapRouteExactOut: the intermediate assets never leave the DEX, one transfer and one call
    addRun(group, quotes, limit) {
      const first = quotes[0]!
      const last = quotes[quotes.length - 1]!
      const exactIn = first.kind === 'exact-in'
      const path = quotes.map((q) => q.assetOut)
      const fees = quotes.map((q) => poolTier(q.pool.state))
      group.addMethodCall({
        appId: dexAppId,
        ...(exactIn
          ? dexCall('swapRoute', [group.deposit(appAddress, first.assetIn, first.amountIn), path, fees, limit])
          : dexCall('swapRouteExactOut', [group.deposit(appAddress, first.assetIn, limit), path, fees, last.amountOut])),
        inners: exactIn ? 1 : 2,
        boxes: quotes.map((q) => poolBoxName(q.pool.state.a, q.pool.state.b, poolTier(q.pool.state))),
        assets: exactIn ? [last.assetOut] : [last.assetOut, first.assetIn],
        apps: [registryAppId],
      })
    },
    addHop(group, quote, limit) {
      const exactIn = quote.kind === 'exact-in'
      const tier = poolTier(quote.pool.state)
      group.addMethodCall({
        appId: dexAppId,
        ...(exactIn
          ? dexCall('swapExactIn', [group.deposit(appAddress, quote.assetIn, quote.amountIn), quote.assetOut, tier, limit])
          : dexCall('swapExactOut', [group.deposit(appAddress, quote.assetIn, limit), quote.assetOut, tier, quote.amountOut])),
        // the output, and for exact-out the refund of what the maximum leaves over
        inners: exactIn ? 1 : 2,
        boxes: [poolBoxName(quote.pool.state.a, quote.pool.state.b, tier)],
        assets: exactIn ? [quote.assetOut] : [quote.assetOut, quote.assetIn],
        apps: [registryAppId],
      })
    },
  }
}
