// GET /api/locks?asset=&owner= and /api/locks/:id: token locks with their terms and what is left
// in them, by id. A closed lock is gone from the chain and from both (its actions stay in the activity).
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { decodeCursor, page } from '../cursor.ts'
import { notFound } from '../errors.ts'
import { parseAddress } from '../address.ts'
import { address, errors, idOf, idText, pageQuery, uint64 } from '../schemas.ts'
import { lock, locksPage } from '../response-schemas.ts'

const SELECT = `SELECT l.*, (l.amount - l.withdrawn)::text AS remaining, a.unit_name, a.name AS asset_name, a.decimals FROM locks l LEFT JOIN assets a ON a.id = l.asset`

function lockOut(r: Record<string, unknown>) {
  return {
    id: Number(r.id),
    owner: String(r.owner),
    pendingOwner: (r.pending_owner as string | null) ?? null,
    asset: { id: Number(r.asset), unitName: (r.unit_name as string | null) ?? null, name: (r.asset_name as string | null) ?? null, decimals: Number(r.decimals ?? 0) },
    amount: String(r.amount),
    withdrawn: String(r.withdrawn),
    remaining: String(r.remaining),
    start: Number(r.created_time),
    cliff: Number(r.cliff),
    end: Number(r.end_time),
    liquidity: Boolean(r.liquidity),
    createdRound: Number(r.created_round),
    updatedRound: Number(r.updated_round),
  }
}

export function locks(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Querystring: { limit: number; cursor?: string; asset?: string; owner?: string } }>(
    '/api/locks',
    {
      schema: {
        summary: 'Token locks, by id; filter by asset and/or owner',
        querystring: { type: 'object', additionalProperties: false, properties: { ...pageQuery, asset: uint64('the locked asset, 0 for ALGO'), owner: address } },
        response: { 200: locksPage, ...errors },
      },
    },
    async (req) => {
      const { limit } = req.query
      const owner = req.query.owner === undefined ? undefined : parseAddress(req.query.owner, 'owner')
      // an asset id past 2^53 names no asset this service holds: no lock has it
      const assetId = req.query.asset === undefined ? undefined : (idOf(req.query.asset) ?? -1)
      const after = decodeCursor(req.query.cursor, 1)?.[0] ?? 0
      const params: unknown[] = [after, limit + 1]
      const where = ['l.id > $1', 'l.closed_round IS NULL']
      if (assetId !== undefined) where.push(`l.asset = $${params.push(assetId)}`)
      if (owner !== undefined) where.push(`l.owner = $${params.push(owner)}`)
      const rows = await deps.db.query<Record<string, unknown>>(`${SELECT} WHERE ${where.join(' AND ')} ORDER BY l.id LIMIT $2`, params)
      const { items, nextCursor } = page(rows, limit, (r) => [Number(r.id)])
      return { locks: items.map(lockOut), nextCursor }
    },
  )

  app.get<{ Params: { id: string } }>(
    '/api/locks/:id',
    {
      schema: { summary: 'One lock', params: { type: 'object', required: ['id'], properties: { id: uint64('the lock id') } }, response: { 200: lock, ...errors } },
    },
    async (req) => {
      const id = idOf(req.params.id)
      const [row] = id === undefined ? [] : await deps.db.query<Record<string, unknown>>(`${SELECT} WHERE l.id = $1 AND l.closed_round IS NULL`, [id])
      if (!row) throw notFound(`lock ${idText(req.params.id)}`)
      return lockOut(row)
    },
  )
}
