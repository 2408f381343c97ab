// GET /api/pools/:id/flashes: the pool's flash loans and flash swaps (one row per verify), newest
// first, cursor-paginated like its swaps.
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { errors, pageQuery, poolIdParams } from '../schemas.ts'
import { flashesPage } from '../response-schemas.ts'
import { poolEventPage } from './pool.ts'

/** Maps a flashes row to the API's shape. */
export function flashOut(r: Record<string, unknown>) {
  return {
    round: Number(r.round),
    time: Number(r.time),
    txnId: String(r.txn_id),
    groupId: (r.group_id as string | null) ?? null,
    poolId: Number(r.pool_id),
    kind: r.kind as 'loan' | 'swap',
    account: String(r.account),
    outA: String(r.out_a),
    outB: String(r.out_b),
    inA: String(r.in_a),
    inB: String(r.in_b),
    feeA: String(r.fee_a),
    feeB: String(r.fee_b),
    protocolFeeA: String(r.protocol_fee_a),
    protocolFeeB: String(r.protocol_fee_b),
    reserveA: String(r.reserve_a),
    reserveB: String(r.reserve_b),
    feeUsd: r.fee_usd === null ? null : Number(r.fee_usd),
  }
}

export function flashes(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Params: { id: string }; Querystring: { limit: number; cursor?: string } }>(
    '/api/pools/:id/flashes',
    {
      schema: {
        summary: "The pool's flash loans and flash swaps with their fees, newest first",
        params: poolIdParams,
        querystring: { type: 'object', additionalProperties: false, properties: pageQuery },
        response: { 200: flashesPage, ...errors },
      },
    },
    async (req) => {
      const { items, nextCursor } = await poolEventPage(deps, 'flashes', req.params.id, req.query)
      return { flashes: items.map(flashOut), nextCursor }
    },
  )
}
