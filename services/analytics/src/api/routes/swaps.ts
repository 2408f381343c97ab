// GET /api/pools/:id/swaps: the pool's swaps (one row per hop), newest first, cursor-paginated.
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { errors, pageQuery, poolIdParams } from '../schemas.ts'
import { swapsPage } from '../response-schemas.ts'
import { poolEventPage } from './pool.ts'

/** Maps a swaps row to the API's shape. */
export function swapOut(r: Record<string, unknown>) {
  return {
    round: Number(r.round),
    time: Number(r.time),
    txnId: String(r.txn_id),
    groupId: (r.group_id as string | null) ?? null,
    hop: Number(r.hop),
    poolId: Number(r.pool_id),
    trader: String(r.trader),
    assetIn: Number(r.asset_in),
    assetOut: Number(r.asset_out),
    amountIn: String(r.amount_in),
    amountOut: String(r.amount_out),
    protocolFee: String(r.protocol_fee),
    reserveA: String(r.reserve_a),
    reserveB: String(r.reserve_b),
    price: Number(r.price),
    volumeUsd: r.volume_usd === null ? null : Number(r.volume_usd),
  }
}

export function swaps(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Params: { id: string }; Querystring: { limit: number; cursor?: string } }>(
    '/api/pools/:id/swaps',
    {
      schema: {
        summary: "The pool's swaps, newest first",
        params: poolIdParams,
        querystring: { type: 'object', additionalProperties: false, properties: pageQuery },
        response: { 200: swapsPage, ...errors },
      },
    },
    async (req) => {
      const { items, nextCursor } = await poolEventPage(deps, 'swaps', req.params.id, req.query)
      return { swaps: items.map(swapOut), nextCursor }
    },
  )
}
