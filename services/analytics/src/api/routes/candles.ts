// GET /api/pools/:id/candles?tf=&from=&to=&limit=: OHLC of the pool's spot price (whole B per whole
// A after each swap) and volume in both directions, oldest first; the latest `limit` in the range.
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { nowOf } from '../deps.ts'
import { badRequest } from '../errors.ts'
import { amount, errors, poolIdParams } from '../schemas.ts'
import { TIMEFRAMES, type Timeframe } from '../../candles.ts'
import { assertPool } from './pool.ts'

interface Query {
  tf: Timeframe
  from?: number
  to?: number
  limit: number
}

/** Reads candles of one pool, ascending: the last `limit` with bucket in [from, to]. */
export async function readCandles(deps: ApiDeps, poolId: number, q: { tf: Timeframe; from: number; to: number; limit: number }) {
  const rows = await deps.db.query<Record<string, number | string>>(
    `SELECT * FROM (SELECT bucket, open, high, low, close, sold_a, sold_b, bought_a, bought_b, volume_usd, trades FROM candles
       WHERE pool_id = $1 AND tf = $2 AND bucket >= $3 AND bucket <= $4 ORDER BY bucket DESC LIMIT $5) c ORDER BY bucket`,
    [poolId, q.tf, q.from, q.to, q.limit],
  )
  return rows.map((r) => ({
    time: Number(r.bucket),
    open: Number(r.open),
    high: Number(r.high),
    low: Number(r.low),
    close: Number(r.close),
    volumeA: String(BigInt(r.sold_a!) + BigInt(r.bought_a!)),
    volumeB: String(BigInt(r.sold_b!) + BigInt(r.bought_b!)),
    soldA: String(r.sold_a),
    soldB: String(r.sold_b),
    boughtA: String(r.bought_a),
    boughtB: String(r.bought_b),
    volumeUsd: Number(r.volume_usd),
    trades: Number(r.trades),
  }))
}

export function candles(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Params: { id: number }; Querystring: Query }>(
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
            from: { type: 'integer', minimum: 0, description: 'unix seconds (default: limit candles before to)' },
            to: { type: 'integer', minimum: 0, description: 'unix seconds (default: now)' },
            limit: { type: 'integer', minimum: 1, maximum: 2000, default: 500 },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['poolId', 'tf', 'candles'],
            properties: {
              poolId: { type: 'integer' },
              tf: { type: 'string' },
              candles: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['time', 'open', 'high', 'low', 'close', 'volumeA', 'volumeB', 'soldA', 'soldB', 'boughtA', 'boughtB', 'volumeUsd', 'trades'],
                  properties: {
                    time: { type: 'integer', description: 'bucket start, unix seconds' },
                    open: { type: 'number' },
                    high: { type: 'number' },
                    low: { type: 'number' },
                    close: { type: 'number' },
                    volumeA: amount,
                    volumeB: amount,
                    soldA: { ...amount, description: 'A sold into the pool (A→B swaps)' },
                    soldB: { ...amount, description: 'B sold into the pool (B→A swaps)' },
                    boughtA: { ...amount, description: 'A bought out of the pool' },
                    boughtB: { ...amount, description: 'B bought out of the pool' },
                    volumeUsd: { type: 'number' },
                    trades: { type: 'integer' },
                  },
                },
              },
            },
          },
          ...errors,
        },
      },
    },
    async (req) => {
      const { tf, limit } = req.query
      const to = req.query.to ?? nowOf(deps)
      const from = req.query.from ?? 0
      if (from > to) throw badRequest('from must not be after to')
      await assertPool(deps, req.params.id)
      return { poolId: req.params.id, tf, candles: await readCandles(deps, req.params.id, { tf, from, to, limit }) }
    },
  )
}
