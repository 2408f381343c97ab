// GET /api/pools: every pool with reserves, price, TVL, 24h volume, fees and fee APR, by id.
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { decodeCursor, page } from '../cursor.ts'
import { marketOf } from '../market-cache.ts'
import { errors, pageQuery } from '../schemas.ts'
import { poolsPage } from '../response-schemas.ts'

export function pools(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Querystring: { limit: number; cursor?: string } }>(
    '/api/pools',
    {
      schema: {
        summary: 'Pools, by id',
        querystring: { type: 'object', additionalProperties: false, properties: pageQuery },
        response: { 200: poolsPage, ...errors },
      },
    },
    async (req) => {
      const after = decodeCursor(req.query.cursor, 1)?.[0] ?? -1
      const market = await marketOf(deps)
      const { items, nextCursor } = page(market.pools.filter((p) => p.id > after).slice(0, req.query.limit + 1), req.query.limit, (p) => [p.id])
      return { pools: items, nextCursor }
    },
  )
}
