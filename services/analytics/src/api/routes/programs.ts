// GET /api/programs and /api/programs/:id: staking programs (farms stake a Grove LP token, pools a
// single token) with their terms, what is staked, its USD value (TVL) and the yearly reward return
// at today's rates and prices (APR).
import type { FastifyInstance } from 'fastify'
import { programFigures } from '@grove/sdk/figures'
import type { ApiDeps } from '../deps.ts'
import { nowOf } from '../deps.ts'
import { decodeCursor, page } from '../cursor.ts'
import { notFound } from '../errors.ts'
import { parseAddress } from '../address.ts'
import { type AssetInfo, type Market } from '../market.ts'
import { marketOf } from '../market-cache.ts'
import { address, errors, idOf, idText, pageQuery, uint64 } from '../schemas.ts'
import { program, programsPage } from '../response-schemas.ts'

const SELECT = `SELECT p.*, coalesce(s.total, 0)::text AS total_staked, coalesce(s.stakers, 0)::int AS stakers FROM programs p
  LEFT JOIN LATERAL (SELECT sum(stake) AS total, count(*) FILTER (WHERE stake > 0) AS stakers FROM stake_positions WHERE program_id = p.id) s ON true`

/** Maps a programs row (with total_staked and stakers) to the API's shape. */
function programOut(r: Record<string, unknown>, market: Market) {
  const a = (id: number): AssetInfo => market.assets.get(id) ?? { id, unitName: null, name: null, decimals: 0 }
  const start = Number(r.start_time)
  const end = Number(r.end_time)
  const rewards = [{ asset: a(Number(r.reward_asset1)), ratePerSecond: String(r.rate1) }]
  if (r.reward_asset2 !== null) rewards.push({ asset: a(Number(r.reward_asset2)), ratePerSecond: String(r.rate2) })
  const stakeAsset = Number(r.stake_asset)
  const totalStaked = String(r.total_staked)
  // the SDK's figures, as the farms and staking pages compute them from the chain
  const { status, tvl, apr } = programFigures({ stakeAsset, totalStaked, rewards: rewards.map((rw) => ({ asset: rw.asset.id, ratePerSecond: rw.ratePerSecond })), start, end }, market.figures, market.now)
  return {
    id: Number(r.id),
    kind: r.kind,
    status,
    stakeAsset: a(stakeAsset),
    rewards,
    start,
    end,
    creator: String(r.creator),
    totalStaked,
    stakers: Number(r.stakers),
    tvlUsd: tvl.usd,
    apr,
    createdRound: Number(r.created_round),
    createdTime: Number(r.created_time),
    updatedRound: Number(r.updated_round),
  }
}

export function programs(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Querystring: { limit: number; cursor?: string; kind?: 'farm' | 'pool'; status?: 'upcoming' | 'active' | 'ended'; creator?: string } }>(
    '/api/programs',
    {
      schema: {
        summary: 'Staking programs (farms and pools) with TVL and APR, by id',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...pageQuery,
            kind: { type: 'string', enum: ['farm', 'pool'] },
            status: { type: 'string', enum: ['upcoming', 'active', 'ended'], description: 'relative to now' },
            creator: address,
          },
        },
        response: { 200: programsPage, ...errors },
      },
    },
    async (req) => {
      const { limit, kind, status } = req.query
      const creator = req.query.creator === undefined ? undefined : parseAddress(req.query.creator, 'creator')
      const after = decodeCursor(req.query.cursor, 1)?.[0] ?? 0
      const now = await nowOf(deps)
      const where = ['p.id > $1']
      const params: unknown[] = [after, limit + 1]
      if (kind) where.push(`p.kind = $${params.push(kind)}`)
      if (creator) where.push(`p.creator = $${params.push(creator)}`)
      if (status) {
        const t = `$${params.push(now)}`
        where.push(status === 'upcoming' ? `p.start_time > ${t}` : status === 'active' ? `p.start_time <= ${t} AND p.end_time > ${t}` : `p.end_time <= ${t}`)
      }
      const [rows, market] = await Promise.all([
        deps.db.query<Record<string, unknown>>(`${SELECT} WHERE ${where.join(' AND ')} ORDER BY p.id LIMIT $2`, params),
        marketOf(deps, now),
      ])
      const { items, nextCursor } = page(rows, limit, (r) => [Number(r.id)])
      return { programs: items.map((r) => programOut(r, market)), nextCursor }
    },
  )

  app.get<{ Params: { id: string } }>(
    '/api/programs/:id',
    {
      schema: {
        summary: 'One staking program',
        params: { type: 'object', required: ['id'], properties: { id: uint64('the program id') } },
        response: { 200: program, ...errors },
      },
    },
    async (req) => {
      const id = idOf(req.params.id)
      if (id === undefined) throw notFound(`program ${idText(req.params.id)}`)
      const [rows, market] = await Promise.all([deps.db.query<Record<string, unknown>>(`${SELECT} WHERE p.id = $1`, [id]), marketOf(deps)])
      if (!rows[0]) throw notFound(`program ${id}`)
      return programOut(rows[0], market)
    },
  )
}
