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

/** Prices from `pools` (ALGO is asset 0); `decimals` of every asset in them. */
export function priceBook(pools: Iterable<PoolReserves>, decimals: (asset: number) => number, stableAssetId?: number): PriceBook {
  const byPair = new Map<string, PoolReserves>()
  for (const p of pools) byPair.set(`${p.assetA}/${p.assetB}`, p)
  /** Whole `quote` per whole `base` in the pool of the two, if it has liquidity. */
  const rate = (base: number, quote: number): number | undefined => {
    if (base === quote) return 1
    const [a, b] = base < quote ? [base, quote] : [quote, base]
    const p = byPair.get(`${a}/${b}`)
    if (!p) return undefined
    const price = spotPrice(p.reserveA, p.reserveB, decimals(a), decimals(b))
    if (price === undefined) return undefined
    return base === a ? price : 1 / price
  }
  const algoUsd = stableAssetId === undefined ? undefined : rate(0, stableAssetId)
  const usd = (asset: number): number | undefined => {
    if (asset === stableAssetId) return 1
    const inAlgo = rate(asset, 0)
    if (inAlgo !== undefined && algoUsd !== undefined) return inAlgo * algoUsd
    return stableAssetId === undefined ? undefined : rate(asset, stableAssetId)
  }
  const algo = (asset: number): number | undefined => {
    const direct = rate(asset, 0)
    if (direct !== undefined) return direct
    const u = usd(asset)
    return u !== undefined && algoUsd ? u / algoUsd : undefined
  }
  return {
    algo,
    usd,
    value: (asset, amount) => {
      const price = usd(asset)
      return price === undefined ? undefined : (Number(amount) / 10 ** decimals(asset)) * price
    },
  }
}
