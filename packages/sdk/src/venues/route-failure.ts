// Why no route carries an order, as a code the one error table words (errors.ts ROUTE_ERROR_MESSAGES):
// the same token twice, a token no venue's pool trades, no path between the two, or every path's
// venue refusing the amount (too little liquidity, an output of nothing, an amount out of range).
import type { AmmErrorCode, RouteErrorCode } from '../errors.ts'
import { MAX_ROUTE_HOPS, routePaths, type PoolBook, type RouteRequest } from './router.ts'

/** Why a request has no plan: the code, and for `untraded-token` the token no pool of the book trades. */
export interface RouteFailure {
  code: RouteErrorCode
  token?: bigint
}

// a venue's refusal as the route's: liquidity first (the user can act on it), then range
const RANK: readonly AmmErrorCode[] = ['insufficient-liquidity', 'empty-pool', 'overflow', 'zero-output']
const AS_ROUTE: Partial<Record<AmmErrorCode, RouteErrorCode>> = { 'insufficient-liquidity': 'insufficient-liquidity', 'empty-pool': 'insufficient-liquidity', overflow: 'overflow', 'zero-output': 'zero-output' }

/**
 * Why `request` has no plan over `book` (call it when `bestRoute` found none): each path is quoted
 * alone for the whole amount and the most actionable refusal names the failure; when every path
 * quotes, the plan did not fit one group.
 */
export function routeFailure(book: PoolBook, request: RouteRequest, maxHops = MAX_ROUTE_HOPS): RouteFailure {
  const { assetIn, assetOut, kind, amount } = request
  if (assetIn === assetOut) return { code: 'same-asset' }
  for (const token of [assetIn, assetOut]) if (!book.pools.some((p) => p.assets.includes(token) && p.reserves[0] > 0n && p.reserves[1] > 0n)) return { code: 'untraded-token', token }
  const found = routePaths(book, assetIn, assetOut, maxHops)
  if (found.length === 0) return { code: 'no-pool' }
  let worst = RANK.length
  for (const path of found) {
    let carried = amount
    const n = path.pools.length
    for (let step = 0; step < n; step++) {
      const i = kind === 'exact-in' ? step : n - 1 - step
      const pool = path.pools[i]!
      const venue = book.venues.get(pool.venue)!
      const r = kind === 'exact-in' ? venue.quoteExactIn(pool, path.assets[i]!, carried) : venue.quoteExactOut(pool, path.assets[i]!, carried)
      if (!r.ok) {
        const rank = RANK.indexOf(r.error)
        worst = Math.min(worst, rank < 0 ? RANK.length - 1 : rank)
        break
      }
      carried = kind === 'exact-in' ? r.quote.amountOut : r.quote.amountIn
      if (step === n - 1) return { code: 'too-many-transactions' }
    }
  }
  return { code: AS_ROUTE[RANK[Math.min(worst, RANK.length - 1)]!]! }
}
