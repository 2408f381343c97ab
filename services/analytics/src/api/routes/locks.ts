// GET /api/locks?asset=&owner= and /api/locks/:id: token locks with their terms and what is left
// in them, by id.
import type { FastifyInstance } from 'fastify'
import { isValidAddress } from 'algosdk'
import type { ApiDeps } from '../deps.ts'
import { decodeCursor, page } from '../cursor.ts'
import { badRequest, notFound } from '../errors.ts'
import { errors, pageQuery } from '../schemas.ts'
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

const address = { type: 'string', pattern: '^[A-Z2-7]{58}$', description: 'an Algorand address' } as const

export function locks(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Querystring: { limit: number; cursor?: string; asset?: number; owner?: string } }>(
    '/api/locks',
    {
      schema: {
        summary: 'Token locks, by id; filter by asset and/or owner',
        querystring: { type: 'object', additionalProperties: false, properties: { ...pageQuery, asset: { type: 'integer', minimum: 0, description: '0 for ALGO' }, owner: address } },
        response: { 200: locksPage, ...errors },
      },
    },
    async (req) => {
      const { limit, asset: assetId, owner } = req.query
      if (owner !== undefined && !isValidAddress(owner)) throw badRequest('owner is not a valid Algorand address (its checksum does not match)')
      const after = decodeCursor(req.query.cursor, 1)?.[0] ?? 0
      const params: unknown[] = [after, limit + 1]
      const where = ['l.id > $1']
      if (assetId !== undefined) where.push(`l.asset = $${params.push(assetId)}`)
      if (owner !== undefined) where.push(`l.owner = $${params.push(owner)}`)
      const rows = await deps.db.query<Record<string, unknown>>(`${SELECT} WHERE ${where.join(' AND ')} ORDER BY l.id LIMIT $2`, params)
      const { items, nextCursor } = page(rows, limit, (r) => [Number(r.id)])
      return { locks: items.map(lockOut), nextCursor }
    },
  )

  app.get<{ Params: { id: number } }>(
    '/api/locks/:id',
    {
      schema: { summary: 'One lock', params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } }, response: { 200: lock, ...errors } },
    },
    async (req) => {
      const [row] = await deps.db.query<Record<string, unknown>>(`${SELECT} WHERE l.id = $1`, [req.params.id])
      if (!row) throw notFound(`lock ${req.params.id}`)
      return lockOut(row)
    },
  )
}
