// GET /api/pools/:id/candles?tf=&from=&to=&limit=: OHLC of the pool's spot price (whole B per whole
// A after each swap) and volume in both directions, oldest first; the latest `limit` in the range.
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { nowOf } from '../deps.ts'
import { badRequest } from '../errors.ts'
import { errors, poolIdParams } from '../schemas.ts'
import { candles as candlesResponse } from '../response-schemas.ts'
import { TIMEFRAMES, type Timeframe } from '../../candles.ts'
import { assertPool } from './pool.ts'

interface Query {
  tf: Timeframe
  from?: number
  to?: number
  limit: number
}

/**
 * Reads candles of one pool, ascending: the last `limit` with bucket in [from, to]. PostgreSQL
 * builds the JSON (amounts as text): one value to hand over instead of 500 rows of 11 fields.
 */
export async function readCandles(deps: ApiDeps, poolId: number, q: { tf: Timeframe; from: number; to: number; limit: number }) {
  const [row] = await deps.db.query<{ candles: string }>(
    `SELECT coalesce(json_agg(json_build_array(bucket, open, high, low, close, sold_a::text, sold_b::text, bought_a::text, bought_b::text, volume_usd, trades) ORDER BY bucket), '[]')::text AS candles
     FROM (SELECT * FROM candles WHERE pool_id = $1 AND tf = $2 AND bucket >= $3 AND bucket <= $4 ORDER BY bucket DESC LIMIT $5) c`,
    [poolId, q.tf, q.from, q.to, q.limit],
  )
  const rows = JSON.parse(row!.candles) as [number, number, number, number, number, string, string, string, string, number, number][]
  return rows.map(([time, open, high, low, close, soldA, soldB, boughtA, boughtB, volumeUsd, trades]) => ({
    time,
    open,
    high,
    low,
    close,
    volumeA: String(BigInt(soldA) + BigInt(boughtA)),
    volumeB: String(BigInt(soldB) + BigInt(boughtB)),
    soldA,
    soldB,
    boughtA,
    boughtB,
    volumeUsd,
    trades,
  }))
}

export function candles(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/api/pools/:id/candles',
    {
      schema: {
        summary: "The pool's candles",
        params: poolIdParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['tf'],
          properties: {
            tf: { type: 'string', enum: Object.keys(TIMEFRAMES) },
            from: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'unix seconds (default: limit candles before to)' },
            to: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'unix seconds (default: now)' },
            limit: { type: 'integer', minimum: 1, maximum: 2000, default: 500 },
          },
        },
        response: { 200: candlesResponse, ...errors },
      },
    },
    async (req) => {
      const { tf, limit } = req.query
      const to = req.query.to ?? (await nowOf(deps))
      const from = req.query.from ?? 0
      if (from > to) throw badRequest('from must not be after to')
      const poolId = await assertPool(deps, req.params.id)
      return { poolId, tf, candles: await readCandles(deps, poolId, { tf, from, to, limit }) }
    },
  )
}
