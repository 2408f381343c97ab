// GET /api/projects and /api/projects/:asset: registered projects, verified first, then by asset id.
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { decodeCursor, page } from '../cursor.ts'
import { notFound } from '../errors.ts'
import { parseAddress } from '../address.ts'
import { address, errors, idOf, idText, pageQuery, uint64 } from '../schemas.ts'
import { project, projectsPage } from '../response-schemas.ts'

const SELECT = 'SELECT p.*, a.unit_name, a.name AS asset_name, a.decimals FROM projects p LEFT JOIN assets a ON a.id = p.asset'

function projectOut(r: Record<string, unknown>) {
  return {
    asset: { id: Number(r.asset), unitName: (r.unit_name as string | null) ?? null, name: (r.asset_name as string | null) ?? null, decimals: Number(r.decimals ?? 0) },
    owner: String(r.owner),
    name: String(r.name),
    url: String(r.url),
    verified: Boolean(r.verified),
    registeredRound: Number(r.registered_round),
    registeredTime: Number(r.registered_time),
    updatedRound: Number(r.updated_round),
  }
}

export function projects(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Querystring: { limit: number; cursor?: string; owner?: string; verified?: boolean } }>(
    '/api/projects',
    {
      schema: {
        summary: 'Registered projects, verified first, then by asset id',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...pageQuery, owner: address, verified: { type: 'boolean' } },
        },
        response: { 200: projectsPage, ...errors },
      },
    },
    async (req) => {
      const { limit, verified } = req.query
      const owner = req.query.owner === undefined ? undefined : parseAddress(req.query.owner, 'owner')
      // sort key: (0 for verified else 1, asset)
      const after = decodeCursor(req.query.cursor, 2, [0]) ?? [0, -1]
      const params: unknown[] = [after[0], after[1], limit + 1]
      const where = ['(CASE WHEN p.verified THEN 0 ELSE 1 END, p.asset) > ($1::int, $2::bigint)']
      if (owner !== undefined) where.push(`p.owner = $${params.push(owner)}`)
      if (verified !== undefined) where.push(`p.verified = $${params.push(verified)}`)
      const rows = await deps.db.query<Record<string, unknown>>(`${SELECT} WHERE ${where.join(' AND ')} ORDER BY CASE WHEN p.verified THEN 0 ELSE 1 END, p.asset LIMIT $3`, params)
      const { items, nextCursor } = page(rows, limit, (r) => [r.verified ? 0 : 1, Number(r.asset)])
      return { projects: items.map(projectOut), nextCursor }
    },
  )

  app.get<{ Params: { asset: string } }>(
    '/api/projects/:asset',
    {
      schema: { summary: "One project, by its token's asset id", params: { type: 'object', required: ['asset'], properties: { asset: uint64("the project token's asset id") } }, response: { 200: project, ...errors } },
    },
    async (req) => {
      const asset = idOf(req.params.asset)
      const [row] = asset === undefined ? [] : await deps.db.query<Record<string, unknown>>(`${SELECT} WHERE p.asset = $1`, [asset])
      if (!row) throw notFound(`project ${idText(req.params.asset)}`)
      return projectOut(row)
    },
  )
}
