// GET /api/export.csv?owner=&from=&to=: every action of an account as one CSV row, for tax tools.
// The columns are Koinly's generic CSV (Date, Sent/Received Amount and Currency, Fee, Net Worth,
// Label, Description, TxHash), which other tools import too; an action moving two assets one way
// (an add sends both sides, a remove returns both) has the second in "Sent Amount 2"/"Received
// Amount 2" beside them, and Kind, Pool or Program and Fees Earned (USD) say what Grove knows.
import type { FastifyInstance } from 'fastify'
import { positionFigures } from '@grove/sdk/figures'
import type { ApiDeps } from '../deps.ts'
import { nowOf } from '../deps.ts'
import { badRequest } from '../errors.ts'
import { parseAddress } from '../address.ts'
import { marketOf } from '../market-cache.ts'
import { address, errors } from '../schemas.ts'
import type { AssetInfo } from '../market.ts'
import { figuresAt, liquidityEvents, lpPositions, pairUsd, readPools } from '../positions.ts'

/** The CSV's columns, in order. */
export const EXPORT_COLUMNS = [
  'Date', 'Kind', 'Pool or Program', 'Sent Amount', 'Sent Currency', 'Sent Amount 2', 'Sent Currency 2', 'Received Amount', 'Received Currency',
  'Received Amount 2', 'Received Currency 2', 'Fee Amount', 'Fee Currency', 'Net Worth Amount', 'Net Worth Currency', 'Fees Earned (USD)', 'Label', 'Description', 'TxHash',
] as const

type Column = (typeof EXPORT_COLUMNS)[number]
type Leg = { asset: number; amount: bigint }
interface ExportRow {
  key: [number, number, number]
  time: number
  kind: string
  where: string
  sent: Leg[]
  received: Leg[]
  fee?: Leg
  usd: number | null
  feesEarnedUsd?: number | null
  label: string
  description: string
  txnId: string
}

/** Base units as a decimal of whole units, exactly. */
export function wholeUnits(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const s = amount.toString().padStart(decimals + 1, '0')
  const frac = s.slice(-decimals).replace(/0+$/, '')
  return s.slice(0, -decimals) + (frac ? `.${frac}` : '')
}

/** A field quoted as RFC 4180 asks when it holds a comma, quote or line break. */
const field = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)

/** Koinly's date: UTC, "YYYY-MM-DD HH:mm:ss". */
const dateOf = (time: number): string => new Date(time * 1000).toISOString().slice(0, 19).replace('T', ' ')

/** USD to the millionth (a small position's fees are fractions of a cent), trailing zeros dropped. */
const usdText = (x: number | null | undefined): string => (x === null || x === undefined ? '' : String(Number(x.toFixed(6))))

export function exportCsv(app: FastifyInstance, deps: ApiDeps): void {
  app.get<{ Querystring: { owner: string; from: number; to?: number } }>(
    '/api/export.csv',
    {
      schema: {
        summary: "An account's actions as CSV for tax tools (Koinly's generic columns), one row each, oldest first: date, kind, pool or program, what was sent and received, USD at the time, the fee paid and the fees earned",
        querystring: {
          type: 'object',
          required: ['owner'],
          additionalProperties: false,
          properties: {
            owner: address,
            from: { type: 'integer', minimum: 0, maximum: 2 ** 53 - 1, default: 0, description: 'unix seconds, inclusive' },
            to: { type: 'integer', minimum: 0, maximum: 2 ** 53 - 1, description: 'unix seconds, inclusive; default now' },
          },
        },
        produces: ['text/csv'],
        response: { 200: { type: 'string', description: `text/csv with the header ${EXPORT_COLUMNS.join(',')}` }, ...errors },
      },
    },
    async (req, reply) => {
      const owner = parseAddress(req.query.owner, 'owner')
      const now = await nowOf(deps)
      const from = req.query.from
      const to = req.query.to ?? now
      if (from > to) throw badRequest(`from (${from}) must not be after to (${to})`)
      const market = await marketOf(deps, now)
      const asset = (id: number): AssetInfo => market.assets.get(id) ?? { id, unitName: null, name: null, decimals: 0 }
      const pools = await readPools(deps.db)
      const currency = (id: number): string => {
        const a = asset(id)
        // LP tokens share a unit name across pools: the id tells them apart
        return pools.has(id) ? `${a.unitName ?? 'LP'}-${id}` : (a.unitName ?? `ASA-${id}`)
      }
      const poolName = (id: number) => {
        const p = pools.get(id)
        return p ? `${currency(p.assetA)}/${currency(p.assetB)} (${p.venue} pool ${id})` : `pool ${id}`
      }
      const rows: ExportRow[] = []
      const range = [owner, from, to]
      const key = (r: Record<string, unknown>): [number, number, number] => [Number(r.round), Number(r.intra), Number(r.log_index)]

      // liquidity: with the fees each remove realized, its share of the position's fee units then
      const events = await liquidityEvents(deps.db, { provider: owner })
      const feeUnitsAt = new Map<string, bigint>()
      for (const p of lpPositions(owner, events, pools)) {
        let units = 0n
        p.changes.forEach((c, i) => {
          if (c.kind === 'remove' && units > 0n) feeUnitsAt.set(c.key.join('-'), (positionFigures(p.changes.slice(0, i), { time: c.time, pool: c.pool }).feeUnits * c.lp) / units)
          units += c.kind === 'add' ? c.lp : -c.lp
        })
      }
      const inRange = events.filter((e) => e.time >= from && e.time <= to)
      const swaps = await deps.db.query<Record<string, unknown>>(
        `SELECT s.round, s.intra, s.log_index, s.time, s.txn_id, s.pool_id, s.asset_in, s.asset_out, s.amount_in::text, s.amount_out::text, s.volume_usd, p.fee_bps
         FROM swaps s JOIN pools p ON p.id = s.pool_id WHERE s.trader = $1 AND s.time BETWEEN $2 AND $3`,
        range,
      )
      const stakes = await deps.db.query<Record<string, unknown>>(
        `SELECT e.round, e.intra, e.log_index, e.time, e.txn_id, e.kind, e.program_id, e.amount::text, e.reward1::text, e.reward2::text, g.stake_asset, g.reward_asset1, g.reward_asset2
         FROM staking_events e JOIN programs g ON g.id = e.program_id
         WHERE e.account = $1 AND e.time BETWEEN $2 AND $3 AND e.kind IN ('stake', 'unstake', 'compound', 'claim', 'emergency')`,
        range,
      )
      const vault = await deps.db.query<Record<string, unknown>>(
        `SELECT round, intra, log_index, time, txn_id, kind, grove::text, sgrove::text FROM vault_events WHERE account = $1 AND time BETWEEN $2 AND $3 AND kind IN ('stake', 'unstake')`,
        range,
      )
      const at = await figuresAt(deps, [...inRange.map((e) => e.time), ...stakes.map((s) => Number(s.time)), ...vault.map((v) => Number(v.time))], (id) => asset(id).decimals)
      const usdOf = (time: number, legs: Leg[]): number | null => {
        const f = at.get(time)
        let sum: number | null = 0
        for (const l of legs) {
          const v = f?.value(l.asset, l.amount).usd ?? null
          sum = sum === null || v === null ? null : sum + v
        }
        return legs.length ? sum : null
      }

      for (const e of inRange) {
        const pool = pools.get(e.poolId)!
        const pair: Leg[] = [{ asset: pool.assetA, amount: e.amountA }, { asset: pool.assetB, amount: e.amountB }]
        const lp: Leg[] = [{ asset: pool.id, amount: e.lp }]
        const feeUnits = feeUnitsAt.get(e.key.join('-'))
        const supply = e.pool.lpIssued + 1000n
        const feesEarnedUsd = feeUnits === undefined ? undefined : pairUsd(at.get(e.time), pool, (feeUnits * e.pool.reserveA) / supply, (feeUnits * e.pool.reserveB) / supply)
        rows.push({
          key: e.key, time: e.time, kind: e.kind === 'add' ? 'add liquidity' : 'remove liquidity', where: poolName(pool.id),
          sent: e.kind === 'add' ? pair : lp, received: e.kind === 'add' ? lp : pair, usd: pairUsd(at.get(e.time), pool, e.amountA, e.amountB), feesEarnedUsd,
          label: e.kind === 'add' ? 'liquidity in' : 'liquidity out', description: `${e.kind === 'add' ? 'Added liquidity to' : 'Removed liquidity from'} ${poolName(pool.id)}`, txnId: e.txnId,
        })
      }
      for (const s of swaps) {
        const amountIn = BigInt(String(s.amount_in))
        // the pool's fee on the input, rounded up as the contract takes it
        const fee = (amountIn * BigInt(Number(s.fee_bps)) + 9_999n) / 10_000n
        rows.push({
          key: key(s), time: Number(s.time), kind: 'swap', where: poolName(Number(s.pool_id)),
          sent: [{ asset: Number(s.asset_in), amount: amountIn }], received: [{ asset: Number(s.asset_out), amount: BigInt(String(s.amount_out)) }],
          fee: { asset: Number(s.asset_in), amount: fee }, usd: s.volume_usd === null ? null : Number(s.volume_usd),
          label: '', description: `Swap in ${poolName(Number(s.pool_id))}`, txnId: String(s.txn_id),
        })
      }
      for (const s of stakes) {
        const kind = String(s.kind)
        const stakeLeg: Leg[] = [{ asset: Number(s.stake_asset), amount: BigInt(String(s.amount ?? 0)) }]
        const rewards: Leg[] = [
          { asset: Number(s.reward_asset1), amount: BigInt(String(kind === 'compound' ? (s.amount ?? 0) : (s.reward1 ?? 0))) },
          ...(s.reward_asset2 === null ? [] : [{ asset: Number(s.reward_asset2), amount: BigInt(String(s.reward2 ?? 0)) }]),
        ].filter((l) => l.amount > 0n)
        const [sent, received, label] =
          kind === 'stake' ? [stakeLeg, [], 'stake'] : kind === 'unstake' || kind === 'emergency' ? [[], stakeLeg, 'unstake'] : [[], rewards, 'reward']
        if (!sent.length && !received.length) continue
        rows.push({
          key: key(s), time: Number(s.time), kind, where: `program ${Number(s.program_id)}`, sent, received, usd: usdOf(Number(s.time), [...sent, ...received]),
          label, description: `${kind} in staking program ${Number(s.program_id)}${kind === 'compound' ? ' (the reward restaked)' : ''}`, txnId: String(s.txn_id),
        })
      }
      const grove = deps.deployment.groveAssetId === undefined ? undefined : Number(deps.deployment.groveAssetId)
      const sGrove = deps.deployment.sGroveAssetId === undefined ? undefined : Number(deps.deployment.sGroveAssetId)
      for (const v of vault) {
        if (grove === undefined || sGrove === undefined) break
        const g: Leg[] = [{ asset: grove, amount: BigInt(String(v.grove)) }]
        const s: Leg[] = [{ asset: sGrove, amount: BigInt(String(v.sgrove ?? 0)) }]
        const stake = v.kind === 'stake'
        rows.push({
          key: key(v), time: Number(v.time), kind: `vault ${String(v.kind)}`, where: 'vault', sent: stake ? g : s, received: stake ? s : g, usd: usdOf(Number(v.time), g),
          label: stake ? 'stake' : 'unstake', description: `${stake ? 'Staked GROVE for sGROVE in' : 'Unstaked sGROVE for GROVE from'} the vault`, txnId: String(v.txn_id),
        })
      }
      rows.sort((x, y) => x.key[0] - y.key[0] || x.key[1] - y.key[1] || x.key[2] - y.key[2])

      const amountOf = (l: Leg | undefined) => (l ? wholeUnits(l.amount, asset(l.asset).decimals) : '')
      const currencyOf = (l: Leg | undefined) => (l ? currency(l.asset) : '')
      const lines = [EXPORT_COLUMNS.join(',')]
      for (const r of rows) {
        const cells: Record<Column, string> = {
          Date: dateOf(r.time),
          Kind: r.kind,
          'Pool or Program': r.where,
          'Sent Amount': amountOf(r.sent[0]),
          'Sent Currency': currencyOf(r.sent[0]),
          'Sent Amount 2': amountOf(r.sent[1]),
          'Sent Currency 2': currencyOf(r.sent[1]),
          'Received Amount': amountOf(r.received[0]),
          'Received Currency': currencyOf(r.received[0]),
          'Received Amount 2': amountOf(r.received[1]),
          'Received Currency 2': currencyOf(r.received[1]),
          'Fee Amount': amountOf(r.fee),
          'Fee Currency': currencyOf(r.fee),
          'Net Worth Amount': usdText(r.usd),
          'Net Worth Currency': r.usd === null ? '' : 'USD',
          'Fees Earned (USD)': usdText(r.feesEarnedUsd),
          Label: r.label,
          Description: r.description,
          TxHash: r.txnId,
        }
        lines.push(EXPORT_COLUMNS.map((c) => field(cells[c])).join(','))
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="grove-${owner.slice(0, 8)}-${from}-${to}.csv"`)
        .send(lines.join('\r\n') + '\r\n')
    },
  )
}
