// Best route over known pools: every simple path of up to 4 hops, quoted with the AMM math.
import { quoteExactIn, quoteExactOut } from './amm.ts'
import type { Pool, SwapQuote } from './amm.ts'

/** Most hops the contract's swapRoute takes. */
export const MAX_HOPS = 4
/** A longer route must beat a shorter one by this many per mille (0.5%) to be chosen. */
const BETTER_PER_MILLE = 5n

/** One hop of a route, quoted exact in against the pool as it is now; its `pool` is that pool after the hop. */
export type Hop = SwapQuote

/** A route and its quote. */
export interface Route {
  /** Assets after the input asset, as `swapRoute`'s `path` argument takes them (each hop's pool fee tier: `routeFees`, from `hops`). */
  path: bigint[]
  assetIn: bigint
  assetOut: bigint
  amountIn: bigint
  /** What the route gives for `amountIn` now (for exact out, at least `exactOut`). */
  amountOut: bigint
  /** For an exact-out request: the output asked for, delivered exactly (swapExactOut, swapRouteExactOut). */
  exactOut?: bigint
  hops: Hop[]
  /** Price impact of the whole route against spot prices, fees excluded, in basis points. */
  priceImpactBps: number
}

/** Options for route finding. */
export interface RouteOptions {
  /** At most this many hops (1–4, default 4). */
  maxHops?: number
}

type Edge = { pool: Pool; to: bigint }

function adjacency(pools: readonly Pool[]): Map<bigint, Edge[]> {
  const graph = new Map<bigint, Edge[]>()
  const link = (from: bigint, edge: Edge) => {
    const list = graph.get(from)
    if (list) list.push(edge)
    else graph.set(from, [edge])
  }
  for (const pool of pools) {
    if (pool.reserveA === 0n || pool.reserveB === 0n) continue
    link(pool.a, { pool, to: pool.b })
    link(pool.b, { pool, to: pool.a })
  }
  return graph
}

/** Walks every simple path of up to `maxHops` from `start`, carrying an amount; `step` quotes one hop or returns undefined. */
function search(
  graph: Map<bigint, Edge[]>,
  start: bigint,
  goal: bigint,
  amount: bigint,
  maxHops: number,
  step: (edge: Edge, from: bigint, amount: bigint) => bigint | undefined,
  better: (a: bigint, b: bigint) => boolean,
): (Edge[] | undefined)[] {
  const best: { amount: bigint; edges: Edge[] }[] = []
  const visited = new Set<bigint>([start])
  const edges: Edge[] = []
  const walk = (at: bigint, carried: bigint) => {
    for (const edge of graph.get(at) ?? []) {
      if (visited.has(edge.to)) continue
      const next = step(edge, at, carried)
      if (next === undefined) continue
      edges.push(edge)
      if (edge.to === goal) {
        const current = best[edges.length]
        if (!current || better(next, current.amount)) best[edges.length] = { amount: next, edges: [...edges] }
      } else if (edges.length < maxHops) {
        visited.add(edge.to)
        walk(edge.to, next)
        visited.delete(edge.to)
      }
      edges.pop()
    }
  }
  walk(start, amount)
  return best.map((b) => b?.edges)
}

/** Quotes a path forward, exact in, as swapRoute executes it (each pool is used once, so hops are independent). */
function quotePath(assetIn: bigint, edges: Edge[], amountIn: bigint): Route | undefined {
  const hops: Hop[] = []
  let asset = assetIn
  let amount = amountIn
  let kept = 1
  for (const edge of edges) {
    const q = quoteExactIn(edge.pool, asset, amount)
    if (!q.ok) return undefined
    hops.push(q)
    kept *= 1 - q.priceImpactBps / 10_000
    asset = edge.to
    amount = q.amountOut
  }
  return {
    path: edges.map((e) => e.to),
    assetIn,
    assetOut: asset,
    amountIn,
    amountOut: amount,
    hops,
    priceImpactBps: Math.round((1 - kept) * 10_000 * 10_000) / 10_000,
  }
}

// Fewest hops wins unless a longer route is at least 0.5% better.
function prefer(candidates: (Route | undefined)[], better: (long: Route, short: Route) => boolean): Route | undefined {
  let chosen: Route | undefined
  for (const route of candidates) if (route && (!chosen || better(route, chosen))) chosen = route
  return chosen
}

/** The route that gives the most `assetOut` for `amountIn` of `assetIn`. */
export function bestRouteExactIn(pools: readonly Pool[], assetIn: bigint, assetOut: bigint, amountIn: bigint, options: RouteOptions = {}): Route | undefined {
  if (assetIn === assetOut || amountIn <= 0n) return undefined
  const maxHops = Math.min(options.maxHops ?? MAX_HOPS, MAX_HOPS)
  const paths = search(
    adjacency(pools),
    assetIn,
    assetOut,
    amountIn,
    maxHops,
    (edge, from, x) => {
      const q = quoteExactIn(edge.pool, from, x)
      return q.ok ? q.amountOut : undefined
    },
    (a, b) => a > b,
  )
  return prefer(
    paths.map((edges) => edges && quotePath(assetIn, edges, amountIn)),
    (long, short) => long.amountOut * 1000n >= short.amountOut * (1000n + BETTER_PER_MILLE),
  )
}

/**
 * The route that needs the least `assetIn` for `amountOut` of `assetOut`, computed backwards with
 * ceilings, as swapExactOut and swapRouteExactOut take it (a simple path: no asset twice).
 */
export function bestRouteExactOut(pools: readonly Pool[], assetIn: bigint, assetOut: bigint, amountOut: bigint, options: RouteOptions = {}): Route | undefined {
  if (assetIn === assetOut || amountOut <= 0n) return undefined
  const maxHops = Math.min(options.maxHops ?? MAX_HOPS, MAX_HOPS)
  const paths = search(
    adjacency(pools),
    assetOut,
    assetIn,
    amountOut,
    maxHops,
    // Walking backwards: `from` is the hop's output asset, `edge.to` its input.
    (edge, _from, y) => {
      const q = quoteExactOut(edge.pool, edge.to, y)
      return q.ok ? q.amountIn : undefined
    },
    (a, b) => a < b,
  )
  const routes = paths.map((edges) => {
    if (!edges) return undefined
    const forward = [...edges].reverse().map((e, i, all) => ({ pool: e.pool, to: i + 1 < all.length ? all[i + 1]!.to : assetOut }))
    // The least input is the last hop's (walking backwards) exact-out input; replay it forward.
    let y = amountOut
    for (const edge of edges) {
      const q = quoteExactOut(edge.pool, edge.to, y)
      if (!q.ok) return undefined
      y = q.amountIn
    }
    const route = quotePath(assetIn, forward, y)
    return route && route.amountOut >= amountOut ? { ...route, exactOut: amountOut } : undefined
  })
  return prefer(routes, (long, short) => long.amountIn * (1000n + BETTER_PER_MILLE) <= short.amountIn * 1000n)
}
