// A swap's route as the page shows it, derived from the SDK router's plan over the venues: each path
// with its hops (token → token on a venue), its share of the order, the whole route's price impact,
// and what it gains over the best single venue. Pure; loaded with the router (api/route-book.ts), so
// the page's first load does not carry it.
import type { HopQuote, PoolBook, RouteFailure, RoutePlan, RouteRequest, VenueName } from '@grove/sdk/venues'
import type * as VenuesModule from '@grove/sdk/venues'

/** The SDK's venues module (the router's functions this view calls). */
type VenuesSdk = typeof VenuesModule

/** One hop of a path: the assets, the venue's label and the pool's fee tier. */
export interface HopView {
  assetIn: bigint
  assetOut: bigint
  venue: string
  /** The pool's fee in bps: its tier (a pair may have a Grove pool in several). */
  feeBps: bigint
}

/** One path of the route: its hops, amounts and share of the order in basis points. */
export interface PathView {
  hops: HopView[]
  amountIn: bigint
  amountOut: bigint
  shareBps: number
}

/** What the route gains over the best single venue: more out (exact in) or less in (exact out). */
export interface RouteGain {
  /** Base units of the output (exact in) or of the input saved (exact out). */
  amount: bigint
  /** The gain relative to that venue's figure, in basis points. */
  bps: number
  /** The venue alone compared against, by label. */
  versus: string
}

/** A quoted swap: the plan and its book (what the group is built from) with what the page shows. */
export interface SwapRoute {
  assetIn: bigint
  assetOut: bigint
  amountIn: bigint
  amountOut: bigint
  /** For an exact-out order: the output asked for, delivered exactly. */
  exactOut?: bigint
  /** The assets the route passes through between its input and output. */
  path: bigint[]
  /** Every hop of every path, in group order. */
  hops: HopQuote[]
  /** Price impact of the whole route against the pools' spot prices, fees excluded, in basis points. */
  priceImpactBps: number
  paths: PathView[]
  gain: RouteGain | null
  plan: RoutePlan
  book: PoolBook
}

/** A quote, or why no route carries the order. */
export type SwapQuote = { ok: true; route: SwapRoute } | { ok: false; failure: RouteFailure }

const key = (p: { venue: string; id: string }) => `${p.venue}:${p.id}`

/** Shares of `parts` in basis points that sum to exactly 10,000 (largest remainders). */
export function sharesBps(parts: readonly bigint[]): number[] {
  const total = parts.reduce((s, p) => s + p, 0n)
  if (total === 0n) return parts.map(() => 0)
  const floors = parts.map((p) => Number((p * 10_000n) / total))
  const rest = parts.map((p, i) => ({ i, r: (p * 10_000n) % total }))
  rest.sort((x, y) => (y.r > x.r ? 1 : y.r < x.r ? -1 : x.i - y.i))
  for (let k = 0, left = 10_000 - floors.reduce((s, f) => s + f, 0); k < left; k++) floors[rest[k % rest.length]!.i]! += 1
  return floors
}

// a hop's output against the pool's spot price before the order (its first state in the book), fees excluded
function keptOf(book: PoolBook, hop: HopQuote): number {
  const pool = book.pools.find((p) => key(p) === key(hop.pool)) ?? hop.pool
  const side = pool.assets.indexOf(hop.assetIn)
  const [rIn, rOut] = [Number(pool.reserves[side]), Number(pool.reserves[1 - side])]
  const net = Number(hop.amountIn - hop.fee)
  return net > 0 && rIn > 0 ? Math.min(1, Number(hop.amountOut) / net / (rOut / rIn)) : 1
}

/** The route's price impact: each path's (1 − Π kept over its hops) weighted by its share of the order. */
export function routeImpactBps(book: PoolBook, plan: RoutePlan): number {
  const weights = plan.paths.map((p) => Number(plan.kind === 'exact-in' ? p.amountIn : p.amountOut))
  const total = weights.reduce((s, w) => s + w, 0)
  const impact = plan.paths.reduce((s, p, i) => s + (weights[i]! / total) * (1 - p.hops.reduce((k, h) => k * keptOf(book, h), 1)), 0)
  return Math.round(impact * 10_000 * 10_000) / 10_000
}

/** The path views of a plan: hops by venue label and each path's share of the order. */
export function pathViews(plan: RoutePlan, labels: ReadonlyMap<VenueName, string>): PathView[] {
  const shares = sharesBps(plan.paths.map((p) => (plan.kind === 'exact-in' ? p.amountIn : p.amountOut)))
  return plan.paths.map((p, i) => ({
    hops: p.hops.map((h) => ({ assetIn: h.assetIn, assetOut: h.assetOut, venue: labels.get(h.pool.venue) ?? h.pool.venue, feeBps: h.pool.feeBps })),
    amountIn: p.amountIn,
    amountOut: p.amountOut,
    shareBps: shares[i]!,
  }))
}

/** The plan's gain over the best plan on a single venue (null with one venue, or when no venue alone carries the order). */
export function gainOverSingle(mod: Pick<VenuesSdk, 'bestRoute' | 'onlyVenues'>, book: PoolBook, request: RouteRequest, plan: RoutePlan): RouteGain | null {
  if (book.venues.size < 2) return null
  const exactIn = request.kind === 'exact-in'
  let best: { venue: VenueName; figure: bigint } | null = null
  for (const venue of book.venues.keys()) {
    const alone = mod.bestRoute(mod.onlyVenues(book, [venue]), request)
    if (!alone) continue
    const figure = exactIn ? alone.amountOut : alone.amountIn
    if (!best || (exactIn ? figure > best.figure : figure < best.figure)) best = { venue, figure }
  }
  if (!best) return null
  const amount = exactIn ? plan.amountOut - best.figure : best.figure - plan.amountIn
  return { amount, bps: Number((amount * 10_000n * 100n) / best.figure) / 100, versus: book.venues.get(best.venue)!.label }
}

/** Quotes `request` over the book's venues: the best plan as the page shows it, or why there is none. */
export function quoteSwap(mod: Pick<VenuesSdk, 'bestRoute' | 'onlyVenues' | 'routeFailure'>, book: PoolBook, request: RouteRequest): SwapQuote {
  const plan = mod.bestRoute(book, request)
  if (!plan) return { ok: false, failure: mod.routeFailure(book, request) }
  const labels = new Map([...book.venues].map(([name, v]) => [name, v.label]))
  const hops = plan.paths.flatMap((p) => p.hops)
  return {
    ok: true,
    route: {
      assetIn: plan.assetIn,
      assetOut: plan.assetOut,
      amountIn: plan.amountIn,
      amountOut: plan.amountOut,
      ...(plan.kind === 'exact-out' ? { exactOut: plan.amountOut } : {}),
      path: [...new Set(hops.map((h) => h.assetOut))].filter((a) => a !== plan.assetOut),
      hops,
      priceImpactBps: routeImpactBps(book, plan),
      paths: pathViews(plan, labels),
      gain: gainOverSingle(mod, book, request, plan),
      plan,
      book,
    },
  }
}
