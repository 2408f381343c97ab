// Prices from pool reserves: a token's ALGO price from its ALGO pool, USD through the stable
// coin's ALGO pool (or the token's own stable pool when it has no ALGO pool), and through any
// route of pools when it has neither. Pure functions, so the analytics follower (swap values), its
// API and the web price alike.

/** The reserves of one pool, as the pricing needs them. */
export interface PoolReserves {
  /** The pool id (its LP asset): the lower one wins between equally short price paths. */
  id?: number
  assetA: number
  assetB: number
  reserveA: bigint | string
  reserveB: bigint | string
  /** A stable pool's amplifier (whole, not times 100): it prices by its invariant; absent for a constant-product pool. */
  amp?: number | null
}

/** Whole B per whole A from raw reserves; undefined for an empty pool. */
export function spotPrice(reserveA: bigint | string, reserveB: bigint | string, decimalsA: number, decimalsB: number): number | undefined {
  const ra = Number(reserveA)
  const rb = Number(reserveB)
  if (!(ra > 0 && rb > 0)) return undefined
  return rb / 10 ** decimalsB / (ra / 10 ** decimalsA)
}

/**
 * The marginal price of a StableSwap pool (the Stable app's), whole B per whole A, at whole-token balances
 * x (A side) and y and amplifier `amp` (not times 100): D from Newton's iteration on
 * 4A(x + y) + D = 4AD + D³/(4xy), then −dy/dx = (4A + D³/(4x²y)) / (4A + D³/(4xy²)). Undefined while a
 * side is empty.
 */
export function stableSpotPrice(x: number, y: number, amp: number): number | undefined {
  if (!(x > 0 && y > 0 && amp > 0)) return undefined
  const ann = 4 * amp
  const s = x + y
  let d = s
  for (let i = 0; i < 64; i++) {
    const dp = (d * d * d) / (4 * x * y)
    const next = ((ann * s + 2 * dp) * d) / ((ann - 1) * d + 3 * dp)
    const settled = Math.abs(next - d) <= d * 1e-15
    d = next
    if (settled) break
  }
  const d3 = d * d * d
  return (ann + d3 / (4 * x * x * y)) / (ann + d3 / (4 * x * y * y))
}

/** A pool's spot price, whole B per whole A: a stable pool's (amp set) by its invariant, any other's by its reserves' ratio. */
export function poolSpotPrice(reserveA: bigint | string, reserveB: bigint | string, decimalsA: number, decimalsB: number, amp: number | null | undefined): number | undefined {
  if (amp === null || amp === undefined) return spotPrice(reserveA, reserveB, decimalsA, decimalsB)
  return stableSpotPrice(Number(reserveA) / 10 ** decimalsA, Number(reserveB) / 10 ** decimalsB, amp)
}

/** ALGO and USD prices of each asset, per whole token. */
export interface PriceBook {
  algo(asset: number): number | undefined
  usd(asset: number): number | undefined
  /** `amount` base units of `asset` in USD (undefined when it has no price). */
  value(asset: number, amount: bigint | string): number | undefined
}

/**
 * Prices from `pools` (ALGO is asset 0); `decimals` of every asset in them. A token's ALGO price
 * comes from its pool with ALGO, or else through the fewest pools to ALGO (the oldest pool, lowest
 * id, at each step); USD prices likewise from the stable coin, so ALGO's USD price is its stable
 * pool's. `pricePaths` and `pricesAlong` split this so the follower recomputes paths only when a
 * pool appears or fills or empties, and walks them at each swap's reserves.
 */
export function priceBook(pools: Iterable<PoolReserves>, decimals: (asset: number) => number, stableAssetId?: number): PriceBook {
  const list = [...pools]
  const inAlgo = pricesAlong(pricePaths(list, 0), decimals)
  const inUsd = stableAssetId === undefined ? () => undefined : pricesAlong(pricePaths(list, stableAssetId), decimals)
  return {
    algo: inAlgo,
    usd: inUsd,
    value: (asset, amount) => {
      const price = inUsd(asset)
      return price === undefined ? undefined : (Number(amount) / 10 ** decimals(asset)) * price
    },
  }
}

/** How each token is priced in `root`: the pool to its parent token, toward root. */
export type PricePaths = Map<number, { pool: PoolReserves; parent: number } | null>

/** Breadth-first from `root` over pools with liquidity: fewest pools, then the lowest pool id. */
export function pricePaths(pools: readonly PoolReserves[], root: number): PricePaths {
  const paths: PricePaths = new Map([[root, null]])
  const live = pools.filter((p) => Number(p.reserveA) > 0 && Number(p.reserveB) > 0).sort((x, y) => (x.id ?? 0) - (y.id ?? 0))
  let frontier = [root]
  while (frontier.length) {
    const next: number[] = []
    const known = new Set(frontier)
    for (const p of live) {
      for (const [from, to] of [[p.assetA, p.assetB], [p.assetB, p.assetA]] as const) {
        if (known.has(from) && !paths.has(to)) {
          paths.set(to, { pool: p, parent: from })
          next.push(to)
        }
      }
    }
    frontier = next
  }
  return paths
}

/** A pool's price, whole B per whole A, as a candle's close gives it; undefined when it has none. */
export type PoolPrice = (pool: PoolReserves) => number | undefined

/**
 * Prices in the paths' root, by default at the reserves the path's pools hold now (the objects are
 * read live); `poolPrice` walks the same routes at other prices (a past hour's closes), so a price
 * history and today's price are one computation.
 */
export function pricesAlong(paths: PricePaths, decimals: (asset: number) => number, poolPrice?: PoolPrice): (asset: number) => number | undefined {
  const priceOf: PoolPrice = poolPrice ?? ((p) => poolSpotPrice(p.reserveA, p.reserveB, decimals(p.assetA), decimals(p.assetB), p.amp))
  return (asset) => {
    if (!paths.has(asset)) return undefined
    let price = 1
    for (let step = paths.get(asset); step; step = paths.get(step.parent)) {
      const p = step.pool
      const spot = priceOf(p)
      if (spot === undefined || !(spot > 0)) return undefined
      // whole parent per whole token
      const child = step.parent === p.assetA ? p.assetB : p.assetA
      price *= child === p.assetA ? spot : 1 / spot
      asset = step.parent
    }
    return price
  }
}
