// The router over every venue: the pools of the pair and of its hub assets on each venue, every simple
// path of up to 3 hops, and an order split over up to 3 paths when that gives more (greedy in slices,
// each slice re-quoted against the pools as the earlier slices leave them). The plan runs as one group
// of fixed-amount hops: within a path each hop takes exactly what the previous one gave, so the sender
// never ends holding an intermediate asset, and the quote is what the programs compute, to the unit.
// Venues are a list: a third venue is a module implementing `Venue`, nothing here changes.
import type { GroupBuilder } from '../core/group.ts'
import { orderedPair, type HopQuote, type Venue, type VenueName, type VenuePool } from './venue.ts'

/** Most transactions in one atomic group. */
export const MAX_GROUP = 16
/** Most hops of one path. */
export const MAX_ROUTE_HOPS = 3
/** Most paths one order is split over. */
export const MAX_PATHS = 3
/** How many slices the split hands out one by one. */
export const SPLIT_SLICES = 20

/** What the router is asked: all of `amount` in (exact-in) or exactly `amount` out (exact-out). */
export interface RouteRequest {
  kind: 'exact-in' | 'exact-out'
  assetIn: bigint
  assetOut: bigint
  amount: bigint
}

/** One path of a plan: its hops quoted in group order against the pools earlier paths leave. */
export interface PlannedPath {
  hops: HopQuote[]
  amountIn: bigint
  amountOut: bigint
}

/** A route over the venues: its paths, totals, the group's transactions and fees (before opt-ins and budget calls). */
export interface RoutePlan {
  kind: RouteRequest['kind']
  assetIn: bigint
  assetOut: bigint
  amountIn: bigint
  amountOut: bigint
  paths: PlannedPath[]
  /** Transactions of the hops (a transfer and a call per hop, or per run of one venue's hops). */
  txns: number
  /** µALGO of fees of those transactions, inner transactions included. */
  fee: bigint
}

/** The pools the router may trade on, with their venues. */
export interface PoolBook {
  venues: ReadonlyMap<VenueName, Venue>
  pools: readonly VenuePool[]
}

/** Router options. */
export interface RouterOptions {
  /** Most hops a path takes (1–3, default 3). */
  maxHops?: number
  /** Most paths an order is split over (default 3; 1 = no split). */
  maxPaths?: number
  /** Transactions kept free in the group for opt-ins and budget calls (default 3). */
  reserveTxns?: number
  minFee?: bigint
}

const key = (pool: VenuePool) => `${pool.venue}:${pool.id}`

/** Every pool of every venue among `assets` (each pair once): the pair and its hubs. */
export async function loadPools(venues: readonly Venue[], assets: readonly bigint[]): Promise<PoolBook> {
  const unique = [...new Set(assets)]
  const pairs: [bigint, bigint][] = []
  for (let i = 0; i < unique.length; i++) for (let j = i + 1; j < unique.length; j++) pairs.push(orderedPair(unique[i]!, unique[j]!))
  const found = await Promise.all(venues.flatMap((venue) => pairs.map(([a, b]) => venue.findPools(a, b))))
  return { venues: new Map(venues.map((v) => [v.name, v as Venue])), pools: found.flat() }
}

/** Only the pools of `names` (a single-venue book, to compare against). */
export function onlyVenues(book: PoolBook, names: readonly VenueName[]): PoolBook {
  return { venues: book.venues, pools: book.pools.filter((p) => names.includes(p.venue)) }
}

/** A path through the book's pools: its pools in order and the assets it passes, assetIn first. */
export type Path = { pools: VenuePool[]; assets: bigint[] }

/** Every simple path (no asset twice) of up to `maxHops` from assetIn to assetOut over the book's non-empty pools. */
export function routePaths(book: PoolBook, assetIn: bigint, assetOut: bigint, maxHops: number): Path[] {
  const found: Path[] = []
  const walk = (at: bigint, pools: VenuePool[], assets: bigint[]) => {
    for (const pool of book.pools) {
      if (pool.reserves[0] === 0n || pool.reserves[1] === 0n) continue
      const side = pool.assets.indexOf(at)
      if (side < 0) continue
      const next = pool.assets[1 - side]!
      if (assets.includes(next)) continue
      if (next === assetOut) found.push({ pools: [...pools, pool], assets: [...assets, next] })
      else if (pools.length + 1 < maxHops) walk(next, [...pools, pool], [...assets, next])
    }
  }
  walk(assetIn, [], [assetIn])
  return found
}

type State = Map<string, VenuePool>

/** Quotes a path for `amount` against `state`'s pools (forward exact-in, backward exact-out); undefined when a venue would refuse. */
function quotePath(book: PoolBook, state: State, path: Path, kind: RouteRequest['kind'], amount: bigint): PlannedPath | undefined {
  const n = path.pools.length
  const hops: HopQuote[] = new Array<HopQuote>(n)
  let carried = amount
  for (let step = 0; step < n; step++) {
    const i = kind === 'exact-in' ? step : n - 1 - step
    const pool = state.get(key(path.pools[i]!)) ?? path.pools[i]!
    const venue = book.venues.get(pool.venue)!
    const r = kind === 'exact-in' ? venue.quoteExactIn(pool, path.assets[i]!, carried) : venue.quoteExactOut(pool, path.assets[i]!, carried)
    if (!r.ok) return undefined
    hops[i] = r.quote
    carried = kind === 'exact-in' ? r.quote.amountOut : r.quote.amountIn
  }
  return { hops, amountIn: hops[0]!.amountIn, amountOut: hops[n - 1]!.amountOut }
}

function apply(book: PoolBook, state: State, planned: PlannedPath): void {
  for (const hop of planned.hops) state.set(key(hop.pool), book.venues.get(hop.pool.venue)!.after(hop))
}

// what the router maximises: output for exact-in, less input for exact-out
const better = (kind: RouteRequest['kind'], a: PlannedPath | undefined, b: PlannedPath | undefined) =>
  !!a && (!b || (kind === 'exact-in' ? a.amountOut > b.amountOut : a.amountIn < b.amountIn))

// the runs a path executes as: consecutive hops of a venue with addRun, up to its maxRun, share one call
function runs(book: PoolBook, hops: readonly HopQuote[]): HopQuote[][] {
  const out: HopQuote[][] = []
  for (const hop of hops) {
    const venue = book.venues.get(hop.pool.venue)!
    const last = out[out.length - 1]
    if (last && venue.addRun && last[0]!.pool.venue === hop.pool.venue && last.length < (venue.maxRun ?? 1)) last.push(hop)
    else out.push([hop])
  }
  return out
}

function cost(book: PoolBook, planned: readonly PlannedPath[], minFee: bigint): { txns: number; fee: bigint } {
  let txns = 0
  let fee = 0n
  for (const path of planned)
    for (const run of runs(book, path.hops)) {
      txns += 2
      // the transfer, the call, its output and for exact-out the refund, and the call's op-ups
      const venue = book.venues.get(run[0]!.pool.venue)!
      const opUps = run.reduce((n, hop) => n + (venue.opUps?.(hop) ?? 0), 0)
      fee += minFee * ((run[0]!.kind === 'exact-in' ? 3n : 4n) + BigInt(opUps))
    }
  return { txns, fee }
}

/** Quotes the allocation path by path in group order, each against the pools the earlier ones leave. */
function settle(book: PoolBook, kind: RouteRequest['kind'], chosen: { path: Path; amount: bigint }[]): PlannedPath[] | undefined {
  const state: State = new Map()
  const planned: PlannedPath[] = []
  for (const { path, amount } of chosen) {
    if (amount === 0n) continue
    const q = quotePath(book, state, path, kind, amount)
    if (!q) return undefined
    apply(book, state, q)
    planned.push(q)
  }
  return planned
}

/** Hands out `amount` in slices, each to the path that does best with it against the pools as they stand. */
function split(book: PoolBook, kind: RouteRequest['kind'], candidates: Path[], amount: bigint): bigint[] {
  const given = candidates.map(() => 0n)
  const state: State = new Map()
  const slice = amount / BigInt(SPLIT_SLICES) || amount
  for (let left = amount; left > 0n; ) {
    const size = left < 2n * slice ? left : slice
    let best = -1
    let bestQuote: PlannedPath | undefined
    candidates.forEach((path, i) => {
      const q = quotePath(book, state, path, kind, size)
      if (better(kind, q, bestQuote)) [best, bestQuote] = [i, q]
    })
    if (best < 0) break
    apply(book, state, bestQuote!)
    given[best]! += size
    left -= size
  }
  return given
}

const sum = (xs: readonly PlannedPath[], f: (p: PlannedPath) => bigint) => xs.reduce((s, p) => s + f(p), 0n)

function toPlan(book: PoolBook, request: RouteRequest, planned: PlannedPath[], minFee: bigint): RoutePlan {
  return {
    kind: request.kind,
    assetIn: request.assetIn,
    assetOut: request.assetOut,
    amountIn: sum(planned, (p) => p.amountIn),
    amountOut: sum(planned, (p) => p.amountOut),
    paths: planned,
    ...cost(book, planned, minFee),
  }
}

/**
 * The best plan over the book's pools: the best single path, or a split over up to `maxPaths` of the
 * best paths when it gives more (exact-in) or takes less (exact-out) and fits the group. Undefined
 * when no path can carry the order.
 */
export function planRoute(book: PoolBook, request: RouteRequest, options: RouterOptions = {}): RoutePlan | undefined {
  const { kind, assetIn, assetOut, amount } = request
  if (assetIn === assetOut || amount <= 0n) return undefined
  const maxHops = Math.min(options.maxHops ?? MAX_ROUTE_HOPS, MAX_ROUTE_HOPS)
  const maxPaths = Math.min(options.maxPaths ?? MAX_PATHS, MAX_PATHS)
  const minFee = options.minFee ?? 1_000n
  const room = MAX_GROUP - (options.reserveTxns ?? 3)
  const quoted = routePaths(book, assetIn, assetOut, maxHops)
    .map((path) => ({ path, q: quotePath(book, new Map(), path, kind, amount) }))
    .filter((x) => x.q !== undefined)
  if (quoted.length === 0) return undefined
  quoted.sort((x, y) => (better(kind, x.q, y.q) ? -1 : better(kind, y.q, x.q) ? 1 : x.path.pools.length - y.path.pools.length))
  const best = quoted[0]!.q!
  // the split: the best paths by the whole order, the least used dropped while the group is too big
  let candidates = quoted.slice(0, maxPaths).map((x) => x.path)
  while (candidates.length > 1) {
    const given = split(book, kind, candidates, amount)
    const chosen = candidates.map((path, i) => ({ path, amount: given[i]! }))
    const planned = settle(book, kind, chosen)
    if (planned && planned.length > 1 && cost(book, planned, minFee).txns <= room) {
      const total: PlannedPath = { hops: [], amountIn: sum(planned, (p) => p.amountIn), amountOut: sum(planned, (p) => p.amountOut) }
      const splitOk = kind === 'exact-in' ? total.amountIn === amount : total.amountOut === amount
      if (splitOk && better(kind, total, best)) return toPlan(book, request, planned, minFee)
      break
    }
    const least = chosen.reduce((m, c, i) => (c.amount < chosen[m]!.amount ? i : m), 0)
    candidates = candidates.filter((_, i) => i !== least)
  }
  if (cost(book, [best], minFee).txns > room) return undefined
  return toPlan(book, request, [best], minFee)
}

/**
 * Adds the plan's hops to `group`. Exact-in: every hop exact-in, each but a path's last bounded by
 * exactly its quoted output (what the next hop takes), the last by the path's share of `limit` (the
 * least the sender accepts in all). Exact-out: every hop exact-out, each but a path's first paying at
 * most exactly what the previous one gives, the first at most its share of `limit` (the most the
 * sender pays in all; the rest is refunded in the input asset). Opt-ins and budget calls are the caller's.
 */
export function addRoute(group: GroupBuilder, book: PoolBook, plan: RoutePlan, limit: bigint): void {
  const total = plan.kind === 'exact-in' ? plan.amountOut : plan.amountIn
  for (const path of plan.paths) {
    const share = plan.kind === 'exact-in' ? path.amountOut : path.amountIn
    // exact-in: ⌈share·limit/total⌉ (their sum ≥ limit); exact-out: ⌊share·limit/total⌋ (their sum ≤ limit)
    const bound = plan.kind === 'exact-in' ? (share * limit + total - 1n) / total : (share * limit) / total
    const pathRuns = runs(book, path.hops)
    pathRuns.forEach((run, i) => {
      const venue = book.venues.get(run[0]!.pool.venue)!
      const exactIn = plan.kind === 'exact-in'
      const outer = exactIn ? i === pathRuns.length - 1 : i === 0
      const runLimit = outer ? bound : exactIn ? run[run.length - 1]!.amountOut : run[0]!.amountIn
      if (run.length === 1) venue.addHop(group, run[0]!, runLimit)
      else venue.addRun!(group, run, runLimit)
    })
  }
}

/** The assets the sender receives along the plan (each hop's output handed back), which it must hold. */
export function receivedAssets(book: PoolBook, plan: RoutePlan): bigint[] {
  return [...new Set(plan.paths.flatMap((p) => runs(book, p.hops).map((run) => run[run.length - 1]!.assetOut)))]
}

/** The venues a plan uses, by name. */
export const planVenues = (plan: RoutePlan): VenueName[] => [...new Set(plan.paths.flatMap((p) => p.hops.map((h) => h.pool.venue)))]

/**
 * The best plan: over every venue's pools, and over each venue's alone (a split found on one venue
 * is not always among the combined split's candidates), so the result is never worse than any single
 * venue's best.
 */
export function bestRoute(book: PoolBook, request: RouteRequest, options: RouterOptions = {}): RoutePlan | undefined {
  const names = [...book.venues.keys()]
  const plans = [planRoute(book, request, options), ...(names.length > 1 ? names.map((n) => planRoute(onlyVenues(book, [n]), request, options)) : [])]
  let chosen: RoutePlan | undefined
  for (const plan of plans) {
    if (!plan) continue
    if (!chosen || (request.kind === 'exact-in' ? plan.amountOut > chosen.amountOut : plan.amountIn < chosen.amountIn)) chosen = plan
  }
  return chosen
}

/** Loads the pools of the pair and `hubs` on every venue and finds the best plan. */
export async function findRoute(venues: readonly Venue[], request: RouteRequest, hubs: readonly bigint[], options: RouterOptions = {}): Promise<{ book: PoolBook; plan: RoutePlan | undefined }> {
  const book = await loadPools(venues, [request.assetIn, request.assetOut, ...hubs])
  return { book, plan: bestRoute(book, request, options) }
}

/** A plan built: the group and its transactions' fees. */
export interface BuiltRoute {
  group: GroupBuilder
  transactions: number
  fee: bigint
}

/**
 * The plan as one atomic group from `group.ctx.sender`: opt-ins to the assets it receives and does not
 * hold, the hops (addRoute), then each used venue's budget padding. Throws when it needs more than
 * MAX_GROUP transactions.
 */
export async function buildRoute(group: GroupBuilder, book: PoolBook, plan: RoutePlan, limit: bigint): Promise<BuiltRoute> {
  const info = await group.ctx.algod.accountInformation(group.ctx.sender.toString()).do()
  const held = new Set((info.assets ?? []).map((h) => h.assetId))
  for (const asset of receivedAssets(book, plan)) if (asset !== 0n && !held.has(asset)) group.addAssetOptIn(asset)
  addRoute(group, book, plan, limit)
  for (const name of planVenues(plan)) await book.venues.get(name)!.coverBudget?.(group)
  const built = await group.build()
  if (built.transactions.length > MAX_GROUP) throw new Error(`the route needs ${built.transactions.length} transactions, more than a group's ${MAX_GROUP}`)
  return { group, transactions: built.transactions.length, fee: built.fee }
}
