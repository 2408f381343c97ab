// The market's figures, computed once for the analytics service and the web alike: a token's value
// in USD and ALGO (through any route of pools), a Grove LP token's by its share of its pool, and a
// pool's TVL. Every figure is a `Value`, USD first and ALGO second, each null when no pool prices it.
import { lpSupply } from '../dex/amm.ts'
import { SECONDS_PER_YEAR } from '../staking/math.ts'
import { poolSpotPrice, priceBook, pricePaths, type PriceBook } from './prices.ts'

/** A pool as the figures read it (the SDK's Pool, the web's and the service's rows all fit). */
export interface MarketPool {
  /** The pool's LP asset id (also its id in the analytics service). */
  lpAsset: number | bigint
  a: number | bigint
  b: number | bigint
  reserveA: bigint | string | number
  reserveB: bigint | string | number
  /** LP held outside the app; the locked MINIMUM_LIQUIDITY is not included. Absent where it is not known (a past day's reserves): its LP token then has no value. */
  lpIssued?: bigint | string | number
  /** The pool's swap fee in basis points (the registry's default, 30, when not given). */
  feeBps?: bigint | string | number
  /** A stable pool's amplifier (whole, not times 100): priced by its invariant; absent for constant product. */
  amp?: number | null
}

/** A figure in dollars and in whole ALGO; each null when nothing prices it. */
export interface Value {
  usd: number | null
  algo: number | null
}

/** The market's prices and the values derived from them. */
export interface MarketFigures {
  /** Whole-token prices (ALGO and USD) of plain tokens, through any route. */
  book: PriceBook
  /** The value of one base unit of `asset`: a Grove LP token by its share of its pool's TVL. */
  unit(asset: number | bigint): Value
  /** `amount` base units of `asset` in USD and ALGO. */
  value(asset: number | bigint, amount: bigint | string | number): Value
  /**
   * A pool's TVL: both sides at their prices. A side no route prices is valued at this pool's own
   * price, at which a constant-product pool holds equal values on both sides: twice the priced side
   * (what the price book would give if this pool priced the token). Null with neither side priced.
   */
  tvl(pool: Pick<MarketPool, 'a' | 'b' | 'reserveA' | 'reserveB'>): Value
  /**
   * A token's liquidity: the TVL (as `tvl` values it) of every pool of `pools` holding `asset`, of
   * whichever venue and whatever the token is paired with (ALGO, the stable coin, another token), so
   * the projects list and a project's page say one figure. Each currency sums the pools it values;
   * null when it values none.
   */
  liquidity(asset: number | bigint, pools: Iterable<Pick<MarketPool, 'a' | 'b' | 'reserveA' | 'reserveB'>>): Value
  /** The pool whose LP token is `asset`, if any. */
  poolOfLp(asset: number | bigint): MarketPool | undefined
  /**
   * What selling `amount` of plain token `asset` into its pools returns: swapped hop by hop along its
   * price route to ALGO (constant product, after each pool's fee), in ALGO and at ALGO's dollar price.
   * Below its spot value by the price impact and fees: a holding is never worth more than this to sell.
   */
  exit(asset: number | bigint, amount: bigint | string | number): Value
}

const NONE: Value = { usd: null, algo: null }
const scale = (v: Value, k: number): Value => ({ usd: v.usd === null ? null : v.usd * k, algo: v.algo === null ? null : v.algo * k })

/**
 * A pool's fee APR: the fees its liquidity earned over the last `seconds` (a day by default), at that
 * pace for a year of 365.25 days (as every APR of the SDK), over its TVL, as a fraction; null
 * without a TVL. Any one currency, the same for both.
 */
export function feeApr(fees: number, tvl: number | null, seconds = 86_400): number | null {
  return tvl ? (fees * Number(SECONDS_PER_YEAR)) / seconds / tvl : null
}

/** Sums values, each currency null as soon as one part lacks it. */
export function addValues(values: readonly Value[]): Value {
  let usd: number | null = 0
  let algo: number | null = 0
  for (const v of values) {
    usd = usd === null || v.usd === null ? null : usd + v.usd
    algo = algo === null || v.algo === null ? null : algo + v.algo
  }
  return { usd, algo }
}

/**
 * Figures of `pools` (ALGO is asset 0; `decimals` of every plain asset; `stableAssetId` the USD
 * coin). A token with no pool to ALGO (or to the stable coin) along any route has no price in it.
 */
export function marketFigures(pools: Iterable<MarketPool>, decimals: (asset: number) => number, stableAssetId?: number | bigint): MarketFigures {
  const list = [...pools]
  const reserves = list.map((p) => ({ id: Number(p.lpAsset), assetA: Number(p.a), assetB: Number(p.b), reserveA: String(p.reserveA), reserveB: String(p.reserveB), amp: p.amp }))
  const book = priceBook(reserves, decimals, stableAssetId === undefined ? undefined : Number(stableAssetId))
  let toAlgo: ReturnType<typeof pricePaths> | undefined
  const byLp = new Map(list.map((p) => [Number(p.lpAsset), p]))
  const plain = (asset: number): Value => {
    const whole = 10 ** decimals(asset)
    // an asset whose decimals the caller does not know yet has no price rather than a wrong one
    if (!Number.isFinite(whole)) return NONE
    const usd = book.usd(asset)
    const algo = book.algo(asset)
    const per = (price: number | undefined) => (price === undefined || !Number.isFinite(price) ? null : price / whole)
    return { usd: per(usd), algo: per(algo) }
  }
  const tvl = (pool: Pick<MarketPool, 'a' | 'b' | 'reserveA' | 'reserveB'>): Value => {
    const va = scale(plain(Number(pool.a)), Number(pool.reserveA))
    const vb = scale(plain(Number(pool.b)), Number(pool.reserveB))
    const side = (x: number | null, y: number | null) => (x !== null && y !== null ? x + y : x !== null ? 2 * x : y !== null ? 2 * y : null)
    return { usd: side(va.usd, vb.usd), algo: side(va.algo, vb.algo) }
  }
  const unit = (asset: number | bigint): Value => {
    const pool = byLp.get(Number(asset))
    if (!pool) return plain(Number(asset))
    return pool.lpIssued === undefined ? NONE : scale(tvl(pool), 1 / Number(lpSupply({ lpIssued: pool.lpIssued })))
  }
  const exit = (asset: number | bigint, amount: bigint | string | number): Value => {
    toAlgo ??= pricePaths(reserves, 0)
    let token = Number(asset)
    let x = Number(amount)
    if (!toAlgo.has(token)) return NONE
    for (let step = toAlgo.get(token); step; step = toAlgo.get(step.parent)) {
      const p = step.pool
      const fromA = token === p.assetA
      const [rIn, rOut] = fromA ? [Number(p.reserveA), Number(p.reserveB)] : [Number(p.reserveB), Number(p.reserveA)]
      const fee = Number(byLp.get(p.id ?? -1)?.feeBps ?? 30)
      const xIn = (x * (10_000 - fee)) / 10_000
      const price = p.amp ? poolSpotPrice(p.reserveA, p.reserveB, decimals(p.assetA), decimals(p.assetB), p.amp) : undefined
      // a stable pool near its peg pays about its marginal price (its impact is a fraction of constant product's); its output never exceeds its reserve
      if (price !== undefined) x = Math.min(rOut, ((fromA ? price : 1 / price) * xIn * 10 ** decimals(step.parent)) / 10 ** decimals(token))
      else x = (rOut * xIn) / (rIn + xIn)
      token = step.parent
    }
    const algo = x / 1e6
    const usd = book.usd(0)
    return { usd: usd === undefined ? null : algo * usd, algo }
  }
  const liquidity = (asset: number | bigint, holding: Iterable<Pick<MarketPool, 'a' | 'b' | 'reserveA' | 'reserveB'>>): Value => {
    const id = Number(asset)
    let usd: number | null = null
    let algo: number | null = null
    for (const p of holding) {
      if (Number(p.a) !== id && Number(p.b) !== id) continue
      // a pool nothing values adds nothing, rather than hiding what the others hold
      const v = tvl(p)
      if (v.usd !== null) usd = (usd ?? 0) + v.usd
      if (v.algo !== null) algo = (algo ?? 0) + v.algo
    }
    return { usd, algo }
  }
  return {
    book,
    unit,
    exit,
    value: (asset, amount) => scale(unit(asset), Number(amount)),
    tvl,
    liquidity,
    poolOfLp: (asset) => byLp.get(Number(asset)),
  }
}

export { NONE as NO_VALUE }
