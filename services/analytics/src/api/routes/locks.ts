// GET /api/locks?asset=&project=&owner=&pendingOwner= and /api/locks/:id: token locks with their terms, what is left
// in them and their unlock schedule, by id; a liquidity lock with the share of its pool's LP supply it
// holds and the fees claimed. `project` is a token: its own locks and those of every Grove pool of it.
// A closed lock is gone from the chain and from both (its actions stay in the activity).
import type { FastifyInstance } from 'fastify'
import { unlockCurve } from '@grove/sdk'
import type { ApiDeps } from '../deps.ts'
import { decodeCursor, page } from '../cursor.ts'
import { notFound } from '../errors.ts'
import { parseAddress } from '../address.ts'
import { address, errors, idOf, idText, pageQuery, uint64 } from '../schemas.ts'
import { lock, locksPage } from '../response-schemas.ts'

// a liquidity lock's pool: the DEX's pool whose LP token it is (pools.id is the LP token's id); its supply counts the 1,000 units the DEX keeps
const SELECT = `SELECT l.*, (l.amount - l.withdrawn)::text AS remaining, a.unit_name, a.name AS asset_name, a.decimals, (p.lp_issued + 1000)::text AS lp_supply, p.asset_a, p.asset_b
  FROM locks l LEFT JOIN assets a ON a.id = l.asset LEFT JOIN pools p ON l.liquidity AND p.id = l.asset`

/** The unlock schedule from the lock's start: the corners of its line (time, units vested by then). */
function scheduleOf(r: Record<string, unknown>) {
  const big = (k: string) => BigInt(String(r[k]))
  const lock = { amount: big('amount'), cliff: big('cliff'), end: big('end_time'), anchor: BigInt(String(r.anchor ?? r.cliff)), base: big('base') }
  return unlockCurve(lock, big('created_time')).map((p) => ({ time: Number(p.t), vested: String(p.vested) }))
}

/** Parts per million of the pool's LP supply the lock still holds (null for a lock of another token, or a pool the service has not seen). */
function poolShareOf(r: Record<string, unknown>): number | null {
  if (!r.liquidity || r.lp_supply === null || r.lp_supply === undefined) return null
  const supply = BigInt(String(r.lp_supply))
  return supply > 0n ? Number((BigInt(String(r.remaining)) * 1_000_000n) / supply) : null
}

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
    anchor: Number(r.anchor ?? r.cliff),
    base: String(r.base),
    schedule: scheduleOf(r),
    pool: r.liquidity && r.asset_a !== null && r.asset_a !== undefined ? { a: Number(r.asset_a), b: Number(r.asset_b) } : null,
    poolShareMillionths: poolShareOf(r),
    collector: (r.collector as string | null) ?? null,
    feesClaimed: String(r.fees_claimed),
    createdRound: Number(r.created_round),
    updatedRound: Number(r.updated_round),
  }
}

export function locks(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Querystring: { limit: number; cursor?: string; asset?: string; project?: string; owner?: string; pendingOwner?: string } }>(
    '/api/locks',
    {
      schema: {
        summary: "Token locks, by id; filter by asset, by project (the token's locks and its Grove pools' LP locks) and/or owner",
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...pageQuery,
            asset: uint64('the locked asset, 0 for ALGO'),
            project: uint64("a project's token: its locks and the LP locks of every Grove pool of it"),
            owner: address,
            pendingOwner: { ...address, description: 'the account a transfer awaits: the locks it can accept' },
          },
        },
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
      if (req.query.pendingOwner !== undefined) where.push(`l.pending_owner = $${params.push(parseAddress(req.query.pendingOwner, 'pendingOwner'))}`)
      if (req.query.project !== undefined) {
        const token = idOf(req.query.project) ?? -1
        const at = params.push(token)
        where.push(`(l.asset = $${at} OR l.asset IN (SELECT id FROM pools WHERE asset_a = $${at} OR asset_b = $${at}))`)
      }
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
