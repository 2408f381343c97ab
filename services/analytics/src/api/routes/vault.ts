// GET /api/vault: the vault's rate (GROVE per sGROVE), totals, APR over the last 7 and 30 days from
// the rate's history, and a daily rate history; GET /api/vault/events: its stakes, unstakes and
// buybacks (each with the rate after it), newest first.
import type { FastifyInstance } from 'fastify'
import { grovePerShare, vaultApr, type VaultTotals } from '@grove/sdk/figures'
import type { ApiDeps } from '../deps.ts'
import { nowOf } from '../deps.ts'
import { decodeCursor, page } from '../cursor.ts'
import { parseAddress } from '../address.ts'
import { address, errors, pageQuery } from '../schemas.ts'
import { vault as vaultResponse, vaultEventsPage } from '../response-schemas.ts'

const DAY = 86_400

/** A vault_events row's totals after it (none before the first event). */
const totalsOf = (row: { total_grove?: unknown; total_shares?: unknown } | undefined): VaultTotals => ({ grove: BigInt(String(row?.total_grove ?? 0)), shares: BigInt(String(row?.total_shares ?? 0)) })

/** GROVE per sGROVE after a vault_events row: the SDK's grovePerShare, 1 before the first stake (the vault starts 1:1). */
const rateAfter = (row: { total_grove?: unknown; total_shares?: unknown }): number => grovePerShare(totalsOf(row))

export function vault(app: FastifyInstance, deps: ApiDeps): void {
  app.get(
    '/api/vault',
    {
      schema: {
        summary: "The vault's rate, totals, APR over 7 and 30 days, and daily rate history",
        response: { 200: vaultResponse, ...errors },
      },
    },
    async () => {
      const now = await nowOf(deps)
      const at = (t: number) =>
        deps.db.query<{ total_grove: string; total_shares: string }>('SELECT total_grove, total_shares FROM vault_events WHERE time <= $1 ORDER BY time DESC, round DESC, intra DESC, log_index DESC LIMIT 1', [t])
      type Row = { time: number; total_grove: string; total_shares: string; round: number; intra: number; log_index: number }
      // the window's first event with the totals just before it: all the SDK's vaultApr reads of a window
      const firstSince = async (start: number) => {
        const [first] = await deps.db.query<Row>('SELECT time, total_grove, total_shares, round, intra, log_index FROM vault_events WHERE time >= $1 AND time <= $2 ORDER BY round, intra, log_index LIMIT 1', [start, now])
        if (!first) return []
        const [before] = await deps.db.query<Row>(
          'SELECT total_grove, total_shares FROM vault_events WHERE (round, intra, log_index) < ($1, $2, $3) ORDER BY round DESC, intra DESC, log_index DESC LIMIT 1',
          [first.round, first.intra, first.log_index],
        )
        return [{ timestamp: BigInt(first.time), before: totalsOf(before), after: totalsOf(first) }]
      }
      const [[latest], week, month, [buys], history] = await Promise.all([
        at(now),
        firstSince(now - 7 * DAY),
        firstSince(now - 30 * DAY),
        deps.db.query<{ n: number; grove: string }>("SELECT count(*)::int AS n, coalesce(sum(grove), 0)::text AS grove FROM vault_events WHERE kind = 'buyback' AND time > $1 AND time <= $2", [now - 30 * DAY, now]),
        deps.db.query<{ day: number; total_grove: string; total_shares: string }>(
          `SELECT DISTINCT ON (time / ${DAY}) (time / ${DAY}) * ${DAY} AS day, total_grove, total_shares FROM vault_events
           WHERE time > $1 AND time <= $2 ORDER BY time / ${DAY}, time DESC, round DESC, intra DESC, log_index DESC`,
          [now - 30 * DAY, now],
        ),
      ])
      const current = totalsOf(latest)
      return {
        rate: grovePerShare(current),
        totalGrove: latest?.total_grove ?? '0',
        totalShares: latest?.total_shares ?? '0',
        // the SDK's vaultApr; where it has none (nothing staked) the API says 0, as its schema (a number) documents
        apr7d: vaultApr(week, current, BigInt(now), 7).apr ?? 0,
        apr30d: vaultApr(month, current, BigInt(now), 30).apr ?? 0,
        buybacks30d: buys?.n ?? 0,
        groveBought30d: buys?.grove ?? '0',
        history: history.map((h) => ({ day: Number(h.day), rate: rateAfter(h) })),
      }
    },
  )

  app.get<{ Querystring: { limit: number; cursor?: string; kind?: 'stake' | 'unstake' | 'buyback'; account?: string } }>(
    '/api/vault/events',
    {
      schema: {
        summary: "The vault's stakes, unstakes and buybacks with the rate after each, newest first",
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...pageQuery, kind: { type: 'string', enum: ['stake', 'unstake', 'buyback'] }, account: address },
        },
        response: { 200: vaultEventsPage, ...errors },
      },
    },
    async (req) => {
      const { limit, kind } = req.query
      const account = req.query.account === undefined ? undefined : parseAddress(req.query.account, 'account')
      const after = decodeCursor(req.query.cursor, 3, [1, 2])
      const params: unknown[] = [limit + 1]
      const where: string[] = []
      if (after) where.push(`(round, intra, log_index) < ($${params.push(after[0])}, $${params.push(after[1])}, $${params.push(after[2])})`)
      if (kind) where.push(`kind = $${params.push(kind)}`)
      if (account) where.push(`account = $${params.push(account)}`)
      const rows = await deps.db.query<Record<string, unknown>>(
        `SELECT * FROM vault_events ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY round DESC, intra DESC, log_index DESC LIMIT $1`,
        params,
      )
      const { items, nextCursor } = page(rows, limit, (r) => [Number(r.round), Number(r.intra), Number(r.log_index)])
      const opt = (v: unknown) => (v === null || v === undefined ? null : String(v))
      return {
        events: items.map((r) => ({
          round: Number(r.round),
          time: Number(r.time),
          txnId: String(r.txn_id),
          kind: r.kind,
          account: String(r.account),
          grove: String(r.grove),
          sGrove: opt(r.sgrove),
          asset: r.asset === null ? null : Number(r.asset),
          amountIn: opt(r.amount_in),
          minOut: opt(r.min_out),
          totalGrove: String(r.total_grove),
          totalShares: String(r.total_shares),
          rate: rateAfter(r),
        })),
        nextCursor,
      }
    },
  )
}
