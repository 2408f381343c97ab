// GET /api/pools/:id: one pool.
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { notFound } from '../errors.ts'
import { marketOf } from '../market-cache.ts'
import { errors, idOf, idText, pool, poolIdParams } from '../schemas.ts'

export function poolById(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Params: { id: string } }>(
    '/api/pools/:id',
    { schema: { summary: 'One pool', params: poolIdParams, response: { 200: pool, ...errors } } },
    async (req) => {
      const id = idOf(req.params.id)
      const found = id === undefined ? undefined : (await marketOf(deps)).pools.find((p) => p.id === id)
      if (!found) throw notFound(`pool ${idText(req.params.id)}`)
      return found
    },
  )
}

/** The pool a uint64 parameter names; 404 unless it exists. */
export async function assertPool(deps: ApiDeps, param: string): Promise<number> {
  const id = idOf(param)
  const [row] = id === undefined ? [] : await deps.db.query('SELECT 1 FROM pools WHERE id = $1', [id])
  if (!row || id === undefined) throw notFound(`pool ${idText(param)}`)
  return id
}
