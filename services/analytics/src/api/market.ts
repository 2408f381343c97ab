// The market as the API reports it: every pool with its assets, reserves, price, TVL, 24h volume,
// fees and APR, and the price book they are valued with. Few pools, so one read serves every route.
import type { Sql } from '../db/database.ts'
import { feeApr, marketFigures, type MarketFigures } from '@grove/sdk/figures'
import { poolSpotPrice, priceBook, pricingPools, pricingReserveB, type PoolReserves, type PriceBook } from '../prices.ts'
import type { Deployment } from '../config.ts'

/** An asset as the API shows it. */
export interface AssetInfo {
  id: number
  unitName: string | null
  name: string | null
  decimals: number
}

/** A pool as the API shows it. */
export interface PoolInfo {
  id: number
  /** Where the pool trades: Grove's DEX or Tinyman v2. */
  venue: 'grove' | 'tinyman'
  /** The pool's invariant: constant product (Grove's fee-tier pools, Tinyman's) or stable. */
  kind: 'constant-product' | 'stable'
  lpAsset: number
  assetA: AssetInfo
  assetB: AssetInfo
  feeBps: number
  reserveA: string
  reserveB: string
  lpIssued: string
  /** Whole B per whole A (null while the pool is empty). */
  price: number | null
  /** The price's change over 24 hours, as a fraction (null without a price 24 hours ago). */
  change24h: number | null
  tvlUsd: number | null
  volume24hUsd: number
  fees24hUsd: number
  /** Yearly fee return for liquidity at the last 24 hours' pace, as a fraction (the SDK's feeApr). */
  feeApr: number | null
  trades24h: number
  createdRound: number
  createdTime: number
  updatedRound: number
}

/** Every pool, the assets and the price books now and 24 hours ago. */
export interface Market {
  pools: PoolInfo[]
  assets: Map<number, AssetInfo>
  prices: PriceBook
  pricesDayAgo: PriceBook
  /** The SDK's figures of the pools now (LP tokens, TVL, program APR), as the web computes them. */
  figures: MarketFigures
  now: number
}

const DAY = 86_400

/** Reads the market at `now` (unix seconds). */
export async function readMarket(sql: Sql, deployment: Pick<Deployment, 'stableAssetId' | 'dexAppId'>, now = Math.floor(Date.now() / 1000)): Promise<Market> {
  const stableAssetId = deployment.stableAssetId
  const [assetRows, poolRows, volumeRows, oldRows] = await Promise.all([
    sql.query<{ id: number; unit_name: string | null; name: string | null; decimals: number }>('SELECT id, unit_name, name, decimals FROM assets'),
    sql.query<Record<string, number | string>>('SELECT * FROM pools ORDER BY id'),
    // per pool, so each sum is a range of the candles' primary key rather than a scan of every pool's
    sql.query<{ pool_id: number; volume: number; trades: number }>(
      `SELECT p.id AS pool_id, c.volume, c.trades FROM pools p CROSS JOIN LATERAL (
         SELECT coalesce(sum(volume_usd), 0)::float8 AS volume, coalesce(sum(trades), 0)::int AS trades FROM candles
         WHERE pool_id = p.id AND tf = '5m' AND bucket >= $1) c`,
      [Math.floor((now - DAY) / 300) * 300],
    ),
    sql.query<{ id: number; reserve_a: string; reserve_b: string }>(
      `SELECT p.id, r.reserve_a, r.reserve_b FROM pools p CROSS JOIN LATERAL (
         SELECT reserve_a, reserve_b FROM pool_reserves WHERE pool_id = p.id AND time <= $1
         ORDER BY time DESC, round DESC, intra DESC, log_index DESC LIMIT 1) r`,
      [now - DAY],
    ),
  ])
  const assets = new Map(assetRows.map((a) => [a.id, { id: a.id, unitName: a.unit_name, name: a.name, decimals: a.decimals }]))
  const decimals = (id: number) => assets.get(id)?.decimals ?? 0
  const asset = (id: number): AssetInfo => assets.get(id) ?? { id, unitName: null, name: null, decimals: 0 }
  const stable = stableAssetId === undefined ? undefined : Number(stableAssetId)
  const oldById = new Map(oldRows.map((r) => [r.id, r]))
  const priced = pricingPools(poolRows as (Record<string, number | string> & { venue: string })[], deployment)
  // a stable pool's A (null for constant product): its price is its invariant's, so the price paths read its B side at that price
  const ampOf = (p: Record<string, unknown>) => (p.amp === null || p.amp === undefined ? null : Number(p.amp))
  const pricingB = (p: Record<string, unknown>, reserveA: string, reserveB: string) => pricingReserveB(reserveA, reserveB, decimals(Number(p.asset_a)), decimals(Number(p.asset_b)), ampOf(p))
  const dayAgo: PoolReserves[] = priced.flatMap((p) => {
    const r = oldById.get(Number(p.id))
    return r ? [{ id: Number(p.id), assetA: Number(p.asset_a), assetB: Number(p.asset_b), reserveA: r.reserve_a, reserveB: pricingB(p, r.reserve_a, r.reserve_b) }] : []
  })
  const figures = marketFigures(
    priced.map((p) => ({ lpAsset: Number(p.id), a: Number(p.asset_a), b: Number(p.asset_b), reserveA: String(p.reserve_a), reserveB: pricingB(p, String(p.reserve_a), String(p.reserve_b)), lpIssued: String(p.lp_issued) })),
    decimals,
    stable,
  )
  const prices = figures.book
  const pricesDayAgo = priceBook(dayAgo, decimals, stable)
  const volumes = new Map(volumeRows.map((v) => [v.pool_id, v]))
  const pools = poolRows.map((p): PoolInfo => {
    const id = Number(p.id)
    const a = Number(p.asset_a)
    const b = Number(p.asset_b)
    const price = poolSpotPrice(String(p.reserve_a), String(p.reserve_b), decimals(a), decimals(b), ampOf(p)) ?? null
    const old = oldById.get(id)
    const oldPrice = old ? poolSpotPrice(old.reserve_a, old.reserve_b, decimals(a), decimals(b), ampOf(p)) : undefined
    const tvlUsd = figures.tvl({ a, b, reserveA: String(p.reserve_a), reserveB: String(p.reserve_b) }).usd
    const volume24hUsd = volumes.get(id)?.volume ?? 0
    const fees24hUsd = (volume24hUsd * Number(p.fee_bps)) / 10_000
    return {
      id,
      venue: p.venue === 'tinyman' ? 'tinyman' : 'grove',
      kind: p.kind === 'stable' ? 'stable' : 'constant-product',
      lpAsset: id,
      assetA: asset(a),
      assetB: asset(b),
      feeBps: Number(p.fee_bps),
      reserveA: String(p.reserve_a),
      reserveB: String(p.reserve_b),
      lpIssued: String(p.lp_issued),
      price,
      change24h: price !== null && oldPrice ? price / oldPrice - 1 : null,
      tvlUsd,
      volume24hUsd,
      fees24hUsd,
      feeApr: feeApr(fees24hUsd, tvlUsd),
      trades24h: volumes.get(id)?.trades ?? 0,
      createdRound: Number(p.created_round),
      createdTime: Number(p.created_time),
      updatedRound: Number(p.updated_round),
    }
  })
  return { pools, assets, prices, pricesDayAgo, figures, now }
}
