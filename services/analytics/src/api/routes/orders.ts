// GET /api/orders?owner=&assetIn=&assetOut=&status= and /api/orders/:id: every order placed on the
// Orders app, newest first, open or ended (filled out or cancelled), with its history of fills.
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { decodeCursor, page } from '../cursor.ts'
import { notFound } from '../errors.ts'
import { parseAddress } from '../address.ts'
import { address, errors, idOf, idText, pageQuery, uint64 } from '../schemas.ts'
import { orderDetail, ordersPage } from '../response-schemas.ts'

const SELECT = `SELECT o.*, ai.unit_name AS in_unit, ai.name AS in_name, ai.decimals AS in_decimals, ao.unit_name AS out_unit, ao.name AS out_name, ao.decimals AS out_decimals
  FROM orders o LEFT JOIN assets ai ON ai.id = o.asset_in LEFT JOIN assets ao ON ao.id = o.asset_out`

const assetOf = (r: Record<string, unknown>, side: 'in' | 'out') => ({
  id: Number(r[`asset_${side}`]),
  unitName: (r[`${side}_unit`] as string | null) ?? (Number(r[`asset_${side}`]) === 0 ? 'ALGO' : null),
  name: (r[`${side}_name`] as string | null) ?? (Number(r[`asset_${side}`]) === 0 ? 'Algo' : null),
  decimals: Number(r[`${side}_decimals`] ?? 6),
})

function orderOut(r: Record<string, unknown>) {
  const open = r.status === 'open'
  return {
    id: Number(r.id),
    owner: String(r.owner),
    kind: r.kind as 'limit' | 'recurring',
    assetIn: assetOf(r, 'in'),
    assetOut: assetOf(r, 'out'),
    amount: String(r.amount),
    amountIn: String(r.amount_in),
    minOut: String(r.min_out),
    maxOut: String(r.max_out),
    toleranceBps: Number(r.tolerance_bps),
    poolTier: Number(r.pool_tier),
    feeBps: Number(r.fee_bps),
    expiry: Number(r.expiry),
    interval: Number(r.interval_seconds),
    filled: String(r.filled),
    remaining: open ? (BigInt(String(r.amount)) - BigInt(String(r.filled))).toString() : '0',
    received: String(r.received),
    collected: String(r.collected),
    fills: Number(r.fills),
    status: r.status as 'open' | 'filled' | 'cancelled',
    refunded: String(r.refunded),
    placedRound: Number(r.placed_round),
    placedTime: Number(r.placed_time),
    updatedRound: Number(r.updated_round),
    endedRound: r.ended_round === null || r.ended_round === undefined ? null : Number(r.ended_round),
  }
}

export function orders(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Querystring: { limit: number; cursor?: string; owner?: string; assetIn?: string; assetOut?: string; status?: 'open' | 'ended' } }>(
    '/api/orders',
    {
      schema: {
        summary: 'Limit and recurring orders, newest first; filter by owner, by what they sell and buy, open or ended',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...pageQuery,
            owner: address,
            assetIn: uint64('what the orders sell, 0 for ALGO'),
            assetOut: uint64('what the orders buy, 0 for ALGO'),
            status: { type: 'string', enum: ['open', 'ended'], description: 'open (not yet filled out or cancelled) or ended' },
          },
        },
        response: { 200: ordersPage, ...errors },
      },
    },
    async (req) => {
      const { limit, status } = req.query
      const owner = req.query.owner === undefined ? undefined : parseAddress(req.query.owner, 'owner')
      // an asset id past 2^53 names no asset this service holds: no order has it
      const assetIn = req.query.assetIn === undefined ? undefined : (idOf(req.query.assetIn) ?? -1)
      const assetOut = req.query.assetOut === undefined ? undefined : (idOf(req.query.assetOut) ?? -1)
      const after = decodeCursor(req.query.cursor, 2)
      const params: unknown[] = [limit + 1]
      const where: string[] = []
      if (after) where.push(`(o.placed_round, o.id) < ($${params.push(after[0])}, $${params.push(after[1])})`)
      if (owner !== undefined) where.push(`o.owner = $${params.push(owner)}`)
      if (assetIn !== undefined) where.push(`o.asset_in = $${params.push(assetIn)}`)
      if (assetOut !== undefined) where.push(`o.asset_out = $${params.push(assetOut)}`)
      if (status === 'open') where.push(`o.status = 'open'`)
      if (status === 'ended') where.push(`o.status <> 'open'`)
      const rows = await deps.db.query<Record<string, unknown>>(`${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY o.placed_round DESC, o.id DESC LIMIT $1`, params)
      const { items, nextCursor } = page(rows, limit, (r) => [Number(r.placed_round), Number(r.id)])
      return { orders: items.map(orderOut), nextCursor }
    },
  )

  app.get<{ Params: { id: string } }>(
    '/api/orders/:id',
    {
      schema: { summary: 'One order and its history (placing, fills, collections, close), newest first', params: { type: 'object', required: ['id'], properties: { id: uint64('the order id') } }, response: { 200: orderDetail, ...errors } },
    },
    async (req) => {
      const id = idOf(req.params.id)
      const [row] = id === undefined ? [] : await deps.db.query<Record<string, unknown>>(`${SELECT} WHERE o.id = $1`, [id])
      if (!row) throw notFound(`order ${idText(req.params.id)}`)
      const events = await deps.db.query<Record<string, unknown>>('SELECT * FROM order_events WHERE order_id = $1 ORDER BY round DESC, intra DESC, log_index DESC', [id])
      const text = (v: unknown) => (v === null || v === undefined ? null : String(v))
      return {
        order: orderOut(row),
        events: events.map((e) => ({ round: Number(e.round), time: Number(e.time), txnId: String(e.txn_id), kind: e.kind as 'place', account: String(e.account), amount: text(e.amount), paid: text(e.paid), fee: text(e.fee) })),
      }
    },
  )
}
