// GET /api/positions?owner= and /api/positions/:id/history: an account's positions, open and closed
// (liquidity, farms and staking pools, the vault) with their real return, and a liquidity position's
// value, fees and impermanent loss at each day's end. Derived from the event tables on each request
// (positions.ts); the math is the SDK's positionFigures.
import type { FastifyInstance } from 'fastify'
import { positionFigures, type PoolPoint } from '@grove/sdk/figures'
import type { ApiDeps } from '../deps.ts'
import { nowOf } from '../deps.ts'
import { decodeCursor, page } from '../cursor.ts'
import { notFound } from '../errors.ts'
import { parseAddress } from '../address.ts'
import { marketOf } from '../market-cache.ts'
import { address, errors, pageQuery, positionId } from '../schemas.ts'
import { positionHistory, positionsPage } from '../response-schemas.ts'
import type { AssetInfo } from '../market.ts'
import {
  DAY,
  daysBetween,
  figuresAt,
  heldElsewhere,
  keyAfter,
  liquidityEvents,
  lpOut,
  lpPositions,
  programPositions,
  readAt,
  readPools,
  usdOfB,
  vaultOut,
  type LpPosition,
} from '../positions.ts'

/** The liquidity position `id` names, or undefined. */
async function lpPositionOf(deps: ApiDeps, id: string): Promise<LpPosition | undefined> {
  const [, round, intra, log] = id.split('-').map(Number)
  const [row] = await deps.db.query<{ provider: string }>(`SELECT provider FROM liquidity WHERE round = $1 AND intra = $2 AND log_index = $3 AND kind = 'add'`, [round, intra, log])
  if (!row) return undefined
  const pools = await readPools(deps.db)
  return lpPositions(row.provider, await liquidityEvents(deps.db, { provider: row.provider }), pools).find((p) => p.id === id)
}

export function positions(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Querystring: { owner: string; limit: number; cursor?: string } }>(
    '/api/positions',
    {
      schema: {
        summary: "An account's positions, open and closed, newest first: liquidity (free, in a farm or locked) with deposits, withdrawals, fees earned, impermanent loss and P&L; farms and staking pools with rewards claimed and pending; the vault's sGROVE gain",
        querystring: { type: 'object', required: ['owner'], additionalProperties: false, properties: { ...pageQuery, owner: address } },
        response: { 200: positionsPage, ...errors },
      },
    },
    async (req) => {
      const owner = parseAddress(req.query.owner, 'owner')
      const { limit } = req.query
      const after = decodeCursor(req.query.cursor, 3, [1, 2]) as [number, number, number] | undefined
      const now = await nowOf(deps)
      const market = await marketOf(deps, now)
      const asset = (id: number): AssetInfo => market.assets.get(id) ?? { id, unitName: null, name: null, decimals: 0 }
      const [pools, events, held] = await Promise.all([readPools(deps.db), liquidityEvents(deps.db, { provider: owner }), heldElsewhere(deps.db, owner)])
      const lps = lpPositions(owner, events, pools)
      const at = await figuresAt(deps, [...lps.flatMap((p) => p.changes.map((c) => c.time)), ...lps.flatMap((p) => (p.closed ? [p.closed.time] : []))], (id) => asset(id).decimals)
      const rows: { key: [number, number, number]; out: unknown }[] = lps.map((p) => {
        const read = readAt(p, now)
        const then = p.closed ? at.get(p.closed.time) : market.figures
        return {
          key: p.changes[0]!.key,
          out: {
            id: p.id,
            kind: 'lp',
            owner,
            status: p.closed ? 'closed' : 'open',
            openedRound: p.opened.round,
            openedTime: p.opened.time,
            closedRound: p.closed?.round ?? null,
            closedTime: p.closed?.time ?? null,
            lp: lpOut(p, positionFigures(p.changes, read), then, at, asset, held.get(p.pool.id) ?? { staked: 0n, locked: 0n }, read.pool),
            program: null,
            vault: null,
          },
        }
      })
      for (const g of await programPositions(deps, owner, asset, market.figures, now)) {
        const [, round, intra, log] = g.id.split('-').map(Number)
        rows.push({ key: [round!, intra!, log!], out: { id: g.id, kind: 'program', owner, status: g.closed ? 'closed' : 'open', openedRound: g.opened.round, openedTime: g.opened.time, closedRound: g.closed?.round ?? null, closedTime: g.closed?.time ?? null, lp: null, program: g.out, vault: null } })
      }
      const v = await vaultOut(deps, owner, market.figures)
      if (v) {
        const [, round, intra, log] = v.id.split('-').map(Number)
        rows.push({ key: [round!, intra!, log!], out: { id: v.id, kind: 'vault', owner, status: v.closed ? 'closed' : 'open', openedRound: v.opened.round, openedTime: v.opened.time, closedRound: v.closed?.round ?? null, closedTime: v.closed?.time ?? null, lp: null, program: null, vault: v.out } })
      }
      // newest first, by the event that opened each
      rows.sort((x, y) => (keyAfter(x.key, y.key) ? -1 : 1))
      const listed = after ? rows.filter((r) => keyAfter(after, r.key)) : rows
      const { items, nextCursor } = page(listed.slice(0, limit + 1), limit, (r) => r.key)
      return { positions: items.map((r) => r.out), nextCursor }
    },
  )

  app.get<{ Params: { id: string }; Querystring: { days: number } }>(
    '/api/positions/:id/history',
    {
      schema: {
        summary: "A liquidity position at each UTC day's end, to draw: value, fees earned, impermanent loss and P&L against holding (the last `days` days of its life)",
        params: { type: 'object', required: ['id'], properties: { id: positionId } },
        querystring: { type: 'object', additionalProperties: false, properties: { days: { type: 'integer', minimum: 1, maximum: 365, default: 90 } } },
        response: { 200: positionHistory, ...errors },
      },
    },
    async (req) => {
      const { id } = req.params
      if (!id.startsWith('lp-')) throw notFound(`a history of position ${id} (only liquidity positions have one)`)
      const p = await lpPositionOf(deps, id)
      if (!p) throw notFound(`position ${id}`)
      const now = await nowOf(deps)
      const market = await marketOf(deps, now)
      const decimals = (asset: number) => market.assets.get(asset)?.decimals ?? 0
      const end = p.closed?.time ?? now
      const days = daysBetween(p.opened.time, end).slice(-req.query.days)
      // the pool at each day's end: its last reserves then, and its issued LP then (now less what later rows moved)
      const [reserves, poolEvents] = await Promise.all([
        deps.db.query<{ day: number; round: number; intra: number; log_index: number; reserve_a: string; reserve_b: string }>(
          `SELECT d.day, r.round, r.intra, r.log_index, r.reserve_a, r.reserve_b FROM unnest(string_to_array($2, ',')::bigint[]) AS d(day)
           CROSS JOIN LATERAL (SELECT round, intra, log_index, reserve_a, reserve_b FROM pool_reserves WHERE pool_id = $1 AND time < d.day + ${DAY}
                               ORDER BY time DESC, round DESC, intra DESC, log_index DESC LIMIT 1) r`,
          [p.pool.id, days.join(',')],
        ),
        liquidityEvents(deps.db, { poolId: p.pool.id }),
      ])
      const moments = days.map((d) => Math.min(d + DAY - 1, end))
      const at = await figuresAt(deps, moments, decimals)
      const byDay = new Map(reserves.map((r) => [Number(r.day), r]))
      const out = []
      for (const [i, day] of days.entries()) {
        const r = byDay.get(day)
        if (!r) continue
        const key: [number, number, number] = [Number(r.round), Number(r.intra), Number(r.log_index)]
        const later = poolEvents.filter((e) => keyAfter(e.key, key)).reduce((s, e) => s + (e.kind === 'add' ? e.lp : -e.lp), 0n)
        const pool: PoolPoint = { reserveA: BigInt(r.reserve_a), reserveB: BigInt(r.reserve_b), lpIssued: p.pool.now.lpIssued - later }
        const changes = p.changes.filter((c) => !keyAfter(c.key, key))
        if (!changes.length) continue
        const f = positionFigures(changes, { time: moments[i]!, pool })
        const figures = at.get(moments[i]!)
        const b = (x: bigint) => ({ inB: String(x), usd: usdOfB(figures, p.pool, pool, x) })
        out.push({ day, value: b(f.value), fees: b(f.feesValue), impermanentLoss: b(f.impermanentLoss), pnlVsHold: b(f.pnlVsHold) })
      }
      return { id, days: out }
    },
  )
}
