// GET /api/admin/log: the protocol's admin actions (who, when, which method, what it set), newest first.
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { decodeCursor, page } from '../cursor.ts'
import { errors, pageQuery } from '../schemas.ts'
import { adminActions, adminLogPage } from '../response-schemas.ts'

export function adminLog(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Querystring: { limit: number; cursor?: string; action?: string } }>(
    '/api/admin/log',
    {
      schema: {
        summary: "The protocol's admin actions, newest first",
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...pageQuery,
            action: { type: 'string', enum: adminActions },
          },
        },
        response: { 200: adminLogPage, ...errors },
      },
    },
    async (req) => {
      const { limit, action } = req.query
      const after = decodeCursor(req.query.cursor, 2, [1])
      const params: unknown[] = [limit + 1]
      const where: string[] = []
      if (after) where.push(`(round, intra) < ($${params.push(after[0])}, $${params.push(after[1])})`)
      if (action) where.push(`action = $${params.push(action)}`)
      const rows = await deps.db.query<Record<string, unknown>>(`SELECT * FROM admin_actions ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY round DESC, intra DESC LIMIT $1`, params)
      const { items, nextCursor } = page(rows, limit, (r) => [Number(r.round), Number(r.intra)])
      return {
        actions: items.map((r) => ({
          round: Number(r.round),
          time: Number(r.time),
          txnId: String(r.txn_id),
          contract: BigInt(Number(r.app_id)) === deps.deployment.dexAppId ? 'dex' : 'registry',
          action: String(r.action),
          account: String(r.account),
          change: typeof r.change === 'string' ? JSON.parse(r.change) : r.change,
        })),
        nextCursor,
      }
    },
  )
}
