// GET /api/stats?days=: protocol TVL, volume and fees over 24h and 7d, and a history per day
// (volume and fees from the daily candles; TVL from each pool's last reserves of the day, valued at
// that moment's prices by the SDK's marketFigures().tvl, as the current TVL is).
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { nowOf } from '../deps.ts'
import { marketOf } from '../market-cache.ts'
import { errors } from '../schemas.ts'
import { stats as statsResponse } from '../response-schemas.ts'
import { marketFigures } from '@grove/sdk/figures'
import { pricingPools } from '../../prices.ts'

const DAY = 86_400

export function stats(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Querystring: { days: number } }>(
    '/api/stats',
    {
      schema: {
        summary: 'Protocol TVL, volume, fees and daily history',
        querystring: { type: 'object', additionalProperties: false, properties: { days: { type: 'integer', minimum: 1, maximum: 365, default: 30 } } },
        response: { 200: statsResponse, ...errors },
      },
    },
    async (req) => {
      const now = await nowOf(deps)
      const market = await marketOf(deps, now)
      const today = Math.floor(now / DAY) * DAY
      const first = today - (req.query.days - 1) * DAY
      const [week] = await deps.db.query<{ volume: number | null; fees: number | null }>(
        `SELECT sum(c.volume)::float8 AS volume, sum(c.volume * p.fee_bps / 10000.0)::float8 AS fees FROM pools p CROSS JOIN LATERAL (
           SELECT coalesce(sum(volume_usd), 0) AS volume FROM candles WHERE pool_id = p.id AND tf = '1h' AND bucket >= $1) c`,
        [Math.floor((now - 7 * DAY) / 3600) * 3600],
      )
      const daily = await deps.db.query<{ day: number; volume: number; fees: number; trades: number }>(
        `SELECT c.bucket AS day, sum(c.volume_usd)::float8 AS volume, sum(c.volume_usd * p.fee_bps / 10000.0)::float8 AS fees, sum(c.trades)::int AS trades
         FROM pools p CROSS JOIN LATERAL (SELECT bucket, volume_usd, trades FROM candles WHERE pool_id = p.id AND tf = '1d' AND bucket >= $1) c GROUP BY c.bucket`,
        [first],
      )
      const reserves = await deps.db.query<{ day: number; id: number; venue: string; asset_a: number; asset_b: number; reserve_a: string; reserve_b: string }>(
        `SELECT d.day, p.id, p.venue, p.asset_a, p.asset_b, r.reserve_a, r.reserve_b
         FROM generate_series($1::bigint, $2::bigint, ${DAY}) AS d(day) CROSS JOIN pools p
         CROSS JOIN LATERAL (SELECT reserve_a, reserve_b FROM pool_reserves WHERE pool_id = p.id AND time < d.day + ${DAY}
                             ORDER BY time DESC, round DESC, intra DESC, log_index DESC LIMIT 1) r`,
        [first, today],
      )
      const decimals = (id: number) => market.assets.get(id)?.decimals ?? 0
      const stable = deps.deployment.stableAssetId === undefined ? undefined : Number(deps.deployment.stableAssetId)
      const byDay = new Map(daily.map((d) => [Number(d.day), d]))
      const history = []
      for (let day = first; day <= today; day += DAY) {
        const pools = reserves.filter((r) => Number(r.day) === day).map((r) => ({ lpAsset: Number(r.id), venue: r.venue, a: Number(r.asset_a), b: Number(r.asset_b), reserveA: r.reserve_a, reserveB: r.reserve_b }))
        // the SDK's TVL of each pool at that day's prices, as tvlUsd and the pools' TVL are now
        const figures = marketFigures(pricingPools(pools, deps.deployment), decimals, stable)
        const tvl = pools.reduce((sum, p) => sum + (figures.tvl(p).usd ?? 0), 0)
        const d = byDay.get(day)
        history.push({ day, tvlUsd: tvl, volumeUsd: d?.volume ?? 0, feesUsd: d?.fees ?? 0, trades: d?.trades ?? 0 })
      }
      return {
        tvlUsd: market.pools.reduce((sum, p) => sum + (p.tvlUsd ?? 0), 0),
        volume24hUsd: market.pools.reduce((sum, p) => sum + p.volume24hUsd, 0),
        volume7dUsd: week?.volume ?? 0,
        fees24hUsd: market.pools.reduce((sum, p) => sum + p.fees24hUsd, 0),
        fees7dUsd: week?.fees ?? 0,
        trades24h: market.pools.reduce((sum, p) => sum + p.trades24h, 0),
        pools: market.pools.length,
        history,
      }
    },
  )
}
