// Grove's stable pools as a venue: a pool per (pair, fee tier) of the Stable app, its exact math
// (stable/math.ts, the contract's to the unit, at the time the pools were read) and its swapExactIn
// call, paying the op-ups a ramp of A makes a swap need. Exact-in only (the contract has no exact-out).
import { getApplicationAddress } from 'algosdk'
import type { Algodv2 } from 'algosdk'
import { latestTimestamp } from '../core/block-time.ts'
import { fetchStablePool, listStablePoolKeys, stableBoxName } from '../stable/boxes.ts'
import { quoteStableSwap, type StablePoolState } from '../stable/math.ts'
import { stableCall } from '../stable/spec.ts'
import { orderedPair, type HopQuote, type HopResult, type Venue, type VenuePool } from './venue.ts'

/** A stable pool as a venue pool: its box, and the time its quotes are made at (A moves during a ramp). */
export interface StableVenuePool extends VenuePool {
  venue: 'stable'
  state: StablePoolState
  now: bigint
}

/** Where the Stable app lives. */
export interface StableVenueParams {
  algod: Algodv2
  stablePoolsAppId: bigint
  registryAppId: bigint
}

/** A stable pool in the venue shape (id "a/b/tier"). */
export function stableVenuePool(state: StablePoolState, now: bigint): StableVenuePool {
  return { venue: 'stable', id: `${state.a}/${state.b}/${state.feeBps}`, assets: [state.a, state.b], reserves: [state.reserveA, state.reserveB], feeBps: state.feeBps, state, now }
}

/** The contract's refusals in the router's words. */
function refusal(e: unknown): HopResult<StableVenuePool> {
  const code = String((e as Error).message)
  if (code === 'ERR:NO_LIQUIDITY') return { ok: false, error: 'empty-pool' }
  if (code === 'ERR:ZERO_AMOUNT') return { ok: false, error: 'zero-amount' }
  if (code === 'ERR:BAD_INPUT_ASSET') return { ok: false, error: 'unknown-asset' }
  if (code === 'ERR:ZERO_OUT') return { ok: false, error: 'zero-output' }
  return { ok: false, error: 'insufficient-liquidity' }
}

function quoteIn(pool: StableVenuePool, assetIn: bigint, amountIn: bigint): HopResult<StableVenuePool> & { after?: StablePoolState; opUps?: number } {
  try {
    const q = quoteStableSwap(pool.state, assetIn, amountIn, pool.now)
    const assetOut = assetIn === pool.state.a ? pool.state.b : pool.state.a
    return { ok: true, quote: { pool, kind: 'exact-in', assetIn, assetOut, amountIn, amountOut: q.amountOut, fee: q.fee }, after: q.after, opUps: q.opUps }
  } catch (e) {
    return refusal(e)
  }
}

/**
 * Grove's stable pools as a venue. Its pools of a pair are found from the app's box list, then read
 * by name, so a pair without a stable pool asks algod for no box that is not there (no 404: a page's
 * console stays quiet). The list is asked once for all the pairs a router asks at once.
 */
export function stableVenue({ algod, stablePoolsAppId, registryAppId }: StableVenueParams): Venue<StableVenuePool> {
  const appAddress = getApplicationAddress(stablePoolsAppId)
  const opUpsOf = (quote: HopQuote<StableVenuePool>) => quoteIn(quote.pool, quote.assetIn, quote.amountIn).opUps ?? 0
  // the box list, shared by the findPools calls made while it is asked (a router asks every pair at once)
  let listing: Promise<{ a: bigint; b: bigint; feeBps: bigint }[]> | undefined
  const keys = () =>
    (listing ??= listStablePoolKeys(algod, stablePoolsAppId).finally(() => {
      listing = undefined
    }))
  return {
    name: 'stable',
    label: 'Grove stable',
    async findPools(x, y) {
      const [a, b] = orderedPair(x, y)
      const tiers = (await keys()).filter((k) => k.a === a && k.b === b).map((k) => k.feeBps)
      if (tiers.length === 0) return []
      const [now, ...pools] = await Promise.all([latestTimestamp(algod), ...tiers.sort((p, q) => Number(p - q)).map((tier) => fetchStablePool(algod, stablePoolsAppId, a, b, tier))])
      return pools.filter((p): p is StablePoolState => p !== undefined && p.reserveA > 0n).map((p) => stableVenuePool(p, now as bigint))
    },
    quoteExactIn: (pool, assetIn, amountIn) => {
      const r = quoteIn(pool, assetIn, amountIn)
      return r.ok ? { ok: true, quote: r.quote } : r
    },
    // the Stable app swaps exact-in only
    quoteExactOut: () => ({ ok: false, error: 'insufficient-liquidity' }),
    after(quote) {
      const r = quoteIn(quote.pool, quote.assetIn, quote.amountIn)
      if (!r.ok || !r.after) throw new Error(`a quoted stable hop no longer quotes: ${r.ok ? 'no pool after' : r.error}`)
      return stableVenuePool(r.after, quote.pool.now)
    },
    opUps: opUpsOf,
    addHop(group, quote, limit) {
      if (quote.kind !== 'exact-in') throw new Error('stable pools swap exact-in only')
      const { state } = quote.pool
      group.addMethodCall({
        appId: stablePoolsAppId,
        ...stableCall('swapExactIn', [group.deposit(appAddress, quote.assetIn, quote.amountIn), quote.assetOut, state.feeBps, limit]),
        // the output and the op-ups a ramp of A makes the swap need
        inners: 1 + opUpsOf(quote),
        boxes: [stableBoxName(state.a, state.b, state.feeBps)],
        assets: [quote.assetOut, quote.assetIn].filter((x) => x !== 0n),
        apps: [registryAppId],
      })
    },
  }
}
