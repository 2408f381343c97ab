// GET /api/pools/:id: one pool.
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { notFound } from '../errors.ts'
import { marketOf } from '../market-cache.ts'
import { errors, pool, poolIdParams } from '../schemas.ts'

export function poolById(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Params: { id: number } }>(
    '/api/pools/:id',
    { schema: { summary: 'One pool', params: poolIdParams, response: { 200: pool, ...errors } } },
    async (req) => {
      const market = await marketOf(deps)
      const found = market.pools.find((p) => p.id === req.params.id)
      if (!found) throw notFound(`pool ${req.params.id}`)
      return found
    },
  )
}

/** 404 unless pool `id` exists. */
export async function assertPool(deps: ApiDeps, id: number): Promise<void> {
  const [row] = await deps.db.query('SELECT 1 FROM pools WHERE id = $1', [id])
  if (!row) throw notFound(`pool ${id}`)
}
