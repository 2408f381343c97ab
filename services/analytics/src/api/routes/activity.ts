// GET /api/accounts/:address/activity: the account's swaps, adds and removes, newest first.
import type { FastifyInstance } from 'fastify'
import { isValidAddress } from 'algosdk'
import type { ApiDeps } from '../deps.ts'
import { decodeCursor, page } from '../cursor.ts'
import { badRequest } from '../errors.ts'
import { amount, errors, nextCursor, pageQuery } from '../schemas.ts'

export function activity(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Params: { address: string }; Querystring: { limit: number; cursor?: string } }>(
    '/api/accounts/:address/activity',
    {
      schema: {
        summary: "An account's swaps and liquidity changes, newest first",
        params: { type: 'object', required: ['address'], properties: { address: { type: 'string', pattern: '^[A-Z2-7]{58}$', description: 'an Algorand address' } } },
        querystring: { type: 'object', additionalProperties: false, properties: pageQuery },
        response: {
          200: {
            type: 'object',
            required: ['activity', 'nextCursor'],
            properties: {
              activity: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['kind', 'round', 'time', 'txnId', 'groupId', 'poolId', 'assetIn', 'assetOut', 'amountIn', 'amountOut', 'amountA', 'amountB', 'lp'],
                  properties: {
                    kind: { type: 'string', enum: ['swap', 'add', 'remove'] },
                    round: { type: 'integer' },
                    time: { type: 'integer' },
                    txnId: { type: 'string' },
                    groupId: { type: ['string', 'null'] },
                    poolId: { type: 'integer' },
                    assetIn: { type: ['integer', 'null'], description: 'swaps' },
                    assetOut: { type: ['integer', 'null'] },
                    amountIn: { type: ['string', 'null'] },
                    amountOut: { type: ['string', 'null'] },
                    amountA: { type: ['string', 'null'], description: 'adds and removes' },
                    amountB: { type: ['string', 'null'] },
                    lp: { ...amount, type: ['string', 'null'] },
                  },
                },
              },
              nextCursor,
            },
          },
          ...errors,
        },
      },
    },
    async (req) => {
      if (!isValidAddress(req.params.address)) throw badRequest('address is not a valid Algorand address (its checksum does not match)')
      const { limit } = req.query
      const after = decodeCursor(req.query.cursor, 3)
      const keyset = after ? 'AND (round, intra, log_index) < ($3, $4, $5)' : ''
      const rows = await deps.db.query<Record<string, unknown>>(
        `SELECT * FROM (
           (SELECT 'swap' AS kind, round, intra, log_index, time, txn_id, group_id, pool_id, asset_in, asset_out, amount_in, amount_out,
                   NULL::numeric AS amount_a, NULL::numeric AS amount_b, NULL::numeric AS lp
            FROM swaps WHERE trader = $1 ${keyset} ORDER BY round DESC, intra DESC, log_index DESC LIMIT $2)
           UNION ALL
           (SELECT kind, round, intra, log_index, time, txn_id, group_id, pool_id, NULL, NULL, NULL, NULL, amount_a, amount_b, lp
            FROM liquidity WHERE provider = $1 ${keyset} ORDER BY round DESC, intra DESC, log_index DESC LIMIT $2)
         ) a ORDER BY round DESC, intra DESC, log_index DESC LIMIT $2`,
        [req.params.address, limit + 1, ...(after ?? [])],
      )
      const { items, nextCursor } = page(rows, limit, (r) => [Number(r.round), Number(r.intra), Number(r.log_index)])
      const opt = (v: unknown) => (v === null || v === undefined ? null : String(v))
      return {
        activity: items.map((r) => ({
          kind: r.kind,
          round: Number(r.round),
          time: Number(r.time),
          txnId: r.txn_id,
          groupId: r.group_id ?? null,
          poolId: Number(r.pool_id),
          assetIn: r.asset_in === null ? null : Number(r.asset_in),
          assetOut: r.asset_out === null ? null : Number(r.asset_out),
          amountIn: opt(r.amount_in),
          amountOut: opt(r.amount_out),
          amountA: opt(r.amount_a),
          amountB: opt(r.amount_b),
          lp: opt(r.lp),
        })),
        nextCursor,
      }
    },
  )
}
