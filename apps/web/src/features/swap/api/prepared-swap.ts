// The swap group the review modal shows and the wallet signs: the router's plan over the venues
// built as one atomic group (the venues' buildRoute) once per quote, and simulated before
// signing by the one review flow, so the fee shown is the fee paid and the quote is what moves.
import { prepareRoute, type GroveSdk } from '@/lib/tx/sdk.ts'
import { keyOf, preparedQuery } from '@/lib/tx/prepared-query.ts'
import type { TxContext } from '@/lib/tx/types.ts'
import type { SwapRoute } from '../route-view.ts'

/** One key per quote the group is built for: every hop's venue, pool and amounts, and the limit. */
export function routeKey(route: SwapRoute | null, limit: bigint | null): string | null {
  return route && limit !== null ? keyOf([route.plan.kind, route.plan.paths.map((p) => p.hops.map((h) => [h.pool.venue, h.pool.id, h.amountIn, h.amountOut])), limit]) : null
}

/** The one query for a built swap group; never cached beyond the review, never retried. */
export function preparedSwapQuery(sdk: GroveSdk | null, ctx: TxContext | null, route: SwapRoute | null, limit: bigint | null) {
  const key = routeKey(route, limit)
  return preparedQuery('swap', sdk, ctx, key === null ? null : [key], (s, c) => prepareRoute(s, c, route!.book, route!.plan, limit!))
}
