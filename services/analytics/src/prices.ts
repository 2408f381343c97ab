// Prices from pool reserves: a token's ALGO price from its ALGO pool, USD through the stable
// coin's ALGO pool (or the token's own stable pool when it has no ALGO pool). Pure functions, so
// the follower (swap values) and the API (token prices, TVL) price alike.

/** The reserves of one pool, as the pricing needs them. */
export interface PoolReserves {
  assetA: number
  assetB: number
  reserveA: bigint | string
  reserveB: bigint | string
}

/** Whole B per whole A from raw reserves; undefined for an empty pool. */
export function spotPrice(reserveA: bigint | string, reserveB: bigint | string, decimalsA: number, decimalsB: number): number | undefined {
  const ra = Number(reserveA)
  const rb = Number(reserveB)
  if (!(ra > 0 && rb > 0)) return undefined
  return rb / 10 ** decimalsB / (ra / 10 ** decimalsA)
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
 * comes from its pool with ALGO, or else through the fewest pools to ALGO (the deepest at each
 * step); USD prices likewise from the stable coin, so ALGO's USD price is its stable pool's.
 */
export function priceBook(pools: Iterable<PoolReserves>, decimals: (asset: number) => number, stableAssetId?: number): PriceBook {
  const list = [...pools]
  const inAlgo = propagate(list, decimals, 0)
  const inUsd = stableAssetId === undefined ? new Map<number, number>() : propagate(list, decimals, stableAssetId)
  const usd = (asset: number) => inUsd.get(asset)
  return {
    algo: (asset) => inAlgo.get(asset),
    usd,
    value: (asset, amount) => {
      const price = usd(asset)
      return price === undefined ? undefined : (Number(amount) / 10 ** decimals(asset)) * price
    },
  }
}

/** Whole `root` per whole token for every token linked to `root` by pools with liquidity. */
function propagate(pools: PoolReserves[], decimals: (asset: number) => number, root: number): Map<number, number> {
  const prices = new Map<number, number>([[root, 1]])
  for (;;) {
    // the next step: for each unpriced token, its deepest pool with an already priced token
    const best = new Map<number, { price: number; depth: number }>()
    for (const p of pools) {
      const price = spotPrice(p.reserveA, p.reserveB, decimals(p.assetA), decimals(p.assetB))
      if (price === undefined) continue
      for (const [known, other, rate, reserve, dec] of [
        [p.assetA, p.assetB, 1 / price, p.reserveA, decimals(p.assetA)],
        [p.assetB, p.assetA, price, p.reserveB, decimals(p.assetB)],
      ] as const) {
        const k = prices.get(known)
        if (k === undefined || prices.has(other)) continue
        const depth = (Number(reserve) / 10 ** dec) * k
        if ((best.get(other)?.depth ?? -1) < depth) best.set(other, { price: k * rate, depth })
      }
    }
    if (best.size === 0) return prices
    for (const [asset, b] of best) prices.set(asset, b.price)
  }
}
