// GET /api/pools/:id: one pool.
import type { FastifyInstance } from 'fastify'
import type { ApiDeps } from '../deps.ts'
import { decodeCursor, page } from '../cursor.ts'
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

/**
 * One page of a pool's events in `table` (swaps or flashes: one row per logged event), newest first:
 * the cursor is the last row's (time, round, intra, log_index). 404 unless the pool exists.
 */
export async function poolEventPage(deps: ApiDeps, table: 'swaps' | 'flashes', param: string, query: { limit: number; cursor?: string }) {
  const after = decodeCursor(query.cursor, 4, [2, 3])
  const poolId = await assertPool(deps, param)
  const rows = await deps.db.query(
    `SELECT * FROM ${table} WHERE pool_id = $1 ${after ? 'AND (time, round, intra, log_index) < ($3, $4, $5, $6)' : ''}
     ORDER BY time DESC, round DESC, intra DESC, log_index DESC LIMIT $2`,
    [poolId, query.limit + 1, ...(after ?? [])],
  )
  return page(rows, query.limit, (r) => [Number(r.time), Number(r.round), Number(r.intra), Number(r.log_index)])
}
