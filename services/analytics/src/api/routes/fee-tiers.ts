// GET /api/fee-tiers: for each pair with Grove pools, each pool's fees over the window (its swaps' fees
// and its flash fees, in USD at the time) per dollar of its liquidity now, and the tier that earned the
// most per dollar: where a liquidity provider's dollar has worked hardest, tier by tier (issue 37).
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { marketOf } from '../market-cache.ts'
import { asset, errors } from '../schemas.ts'

const DAY = 86_400
const numOrNull = { type: ['number', 'null'] } as const
const tierPool = {
  type: 'object',
  required: ['poolId', 'kind', 'feeBps', 'feesUsd', 'tvlUsd', 'feesPerLiquidity'],
  properties: {
    poolId: { type: 'integer' },
    kind: { type: 'string', enum: ['constant-product', 'stable'] },
    feeBps: { type: 'integer', description: 'the fee tier' },
    feesUsd: { type: 'number', description: "fees the pool's swaps and flash loans paid over the window (the protocol's share included), USD at the time" },
    tvlUsd: { ...numOrNull, description: "the pool's liquidity now, USD (null unpriced)" },
    feesPerLiquidity: { ...numOrNull, description: 'feesUsd per dollar of liquidity (null without a priced, non-empty pool)' },
  },
} as const
const feeTiersResponse = {
  type: 'object',
  required: ['from', 'to', 'pairs'],
  properties: {
    from: { type: 'integer', description: 'the window start, unix seconds' },
    to: { type: 'integer' },
    pairs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['assetA', 'assetB', 'pools', 'best'],
        properties: {
          assetA: asset,
          assetB: asset,
          pools: { type: 'array', items: tierPool, description: "the pair's Grove pools, lowest fee first" },
          best: { anyOf: [tierPool, { type: 'null' }], description: 'the pool that earned the most fees per dollar of liquidity (null when none is priced)' },
        },
      },
    },
  },
} as const

export function feeTiers(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Querystring: { days: number } }>(
    '/api/fee-tiers',
    {
      schema: {
        summary: "Per pair, each fee tier's fees per dollar of liquidity, and the tier that earned the most",
        querystring: { type: 'object', additionalProperties: false, properties: { days: { type: 'integer', minimum: 1, maximum: 365, default: 30 } } },
        response: { 200: feeTiersResponse, ...errors },
      },
    },
    async (req) => {
      const market = await marketOf(deps)
      const to = market.now
      const from = to - req.query.days * DAY
      const rows = await deps.db.query<{ pool_id: number; fees: number }>(
        `SELECT pool_id, sum(fee_usd)::float8 AS fees FROM (
           SELECT pool_id, fee_usd FROM swaps WHERE time >= $1 AND time <= $2
           UNION ALL SELECT pool_id, fee_usd FROM flashes WHERE time >= $1 AND time <= $2) f
         GROUP BY pool_id`,
        [from, to],
      )
      const fees = new Map(rows.map((r) => [Number(r.pool_id), Number(r.fees ?? 0)]))
      const pairs = new Map<string, (typeof market.pools)[number][]>()
      for (const p of market.pools) {
        if (p.venue !== 'grove') continue
        const key = `${p.assetA.id}/${p.assetB.id}`
        pairs.set(key, [...(pairs.get(key) ?? []), p])
      }
      return {
        from,
        to,
        pairs: [...pairs.values()].map((pools) => {
          const tiers = pools
            .map((p) => {
              const feesUsd = fees.get(p.id) ?? 0
              const feesPerLiquidity = p.tvlUsd !== null && p.tvlUsd > 0 ? feesUsd / p.tvlUsd : null
              return { poolId: p.id, kind: p.kind, feeBps: p.feeBps, feesUsd, tvlUsd: p.tvlUsd, feesPerLiquidity }
            })
            .sort((x, y) => x.feeBps - y.feeBps || x.poolId - y.poolId)
          const best = tiers.reduce<(typeof tiers)[number] | null>((top, t) => (t.feesPerLiquidity !== null && (top === null || t.feesPerLiquidity > top.feesPerLiquidity!) ? t : top), null)
          return { assetA: pools[0]!.assetA, assetB: pools[0]!.assetB, pools: tiers, best }
        }),
      }
    },
  )
}
