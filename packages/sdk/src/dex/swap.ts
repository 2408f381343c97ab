// A found route, sent: which DEX method carries it and what it costs in fees. The one place that
// decides this, for the web app, the demo seed and tests.
import type { GroveContext } from '../core/context.ts'
import type { DexGroup } from './transactions.ts'
import { buildSwapExactIn, buildSwapExactOut, buildSwapRoute, buildSwapRouteExactOut } from './transactions.ts'
import type { Route } from './route.ts'
import { poolTier } from './amm.ts'

/** Each hop's pool fee tier, in the route's order (what swapRoute's `fees` argument takes). */
export const routeFees = (route: Pick<Route, 'hops'>): bigint[] => route.hops.map((hop) => poolTier(hop.pool))

/**
 * The group for `route` with `limit` as the user's bound: for an exact-in route the minimum out,
 * for an exact-out route (`route.exactOut` set) the most paid. One hop exact in is swapExactIn,
 * more hops swapRoute; exact out is swapExactOut on one hop and swapRouteExactOut on more: each
 * sends exactly the output asked for and refunds what the pools did not need.
 */
export function buildSwap(ctx: GroveContext, route: Route, limit: bigint): Promise<DexGroup> {
  const fees = routeFees(route)
  if (route.exactOut === undefined) {
    return route.path.length === 1
      ? buildSwapExactIn(ctx, route.assetIn, route.assetOut, route.amountIn, limit, fees[0])
      : buildSwapRoute(ctx, route.assetIn, route.path, route.amountIn, limit, fees)
  }
  if (route.hops.length === 1) return buildSwapExactOut(ctx, route.assetIn, route.assetOut, route.exactOut, limit, fees[0])
  return buildSwapRouteExactOut(ctx, route.assetIn, route.path, route.exactOut, limit, fees)
}

/**
 * µALGO of fees `buildSwap` pays for `route` before opt-ins and budget calls: `minFee` for the
 * input transfer, `minFee` × (1 + inner transfers) for the app call. An exact-out swap may refund
 * unused input: a second inner transfer.
 */
export function swapFee(route: Route, minFee = 1_000n): bigint {
  const inners = route.exactOut !== undefined ? 2n : 1n
  return minFee + minFee * (1n + inners)
}

/** Sends a found route with `minOut` as its minimum: one hop as swapExactIn, more as swapRoute; exact-out routes ask for `exactOut`. */
export function buildRouteSwap(ctx: GroveContext, route: Route, minOut: bigint): Promise<DexGroup> {
  const min = route.exactOut !== undefined && route.exactOut > minOut ? route.exactOut : minOut
  const fees = routeFees(route)
  return route.path.length === 1
    ? buildSwapExactIn(ctx, route.assetIn, route.assetOut, route.amountIn, min, fees[0])
    : buildSwapRoute(ctx, route.assetIn, route.path, route.amountIn, min, fees)
}
