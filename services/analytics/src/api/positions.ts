// An account's positions, derived on request from the event tables (nothing is stored for them):
// liquidity positions from its adds and removes (the SDK's positionFigures does the math), a farm or
// staking pool from its staking events, the vault from its stakes and unstakes. A liquidity
// position opens with an add while the account holds none of the pool's units by its own adds, and
// closes when its removes take them all; a remove of more than that (units received by transfer)
// counts as its share of the units held, so the position still closes at zero.
import { marketFigures, vaultPosition, type MarketFigures, type PoolPoint, type PositionChange, type PositionFigures } from '@grove/sdk/figures'
import { stakingContract, staking, vaultContract } from '@grove/sdk'
import type { Sql } from '../db/database.ts'
import { readerIds } from '../config.ts'
import type { ApiDeps } from './deps.ts'
import { pricingPools } from '../prices.ts'
import type { AssetInfo } from './market.ts'

const DAY = 86_400

/** A chain position: round, intra, log index. */
type Key = [number, number, number]
const keyAfter = (x: Key, y: Key): boolean => x[0] !== y[0] ? x[0] > y[0] : x[1] !== y[1] ? x[1] > y[1] : x[2] > y[2]

/** A liquidity row as the positions read it, with the pool's issued LP after it. */
export interface LiquidityEvent {
  key: Key
  time: number
  txnId: string
  poolId: number
  kind: 'add' | 'remove'
  provider: string
  amountA: bigint
  amountB: bigint
  lp: bigint
  pool: PoolPoint
}

/** A pool's row as the positions read it. */
export interface PoolOf {
  id: number
  venue: 'grove' | 'tinyman'
  assetA: number
  assetB: number
  feeBps: number
  now: PoolPoint
}

/** One liquidity position: its changes (amounts as counted) and where it stands. */
export interface LpPosition {
  id: string
  owner: string
  pool: PoolOf
  changes: (PositionChange & { key: Key; txnId: string })[]
  opened: { round: number; time: number }
  closed: { round: number; time: number; pool: PoolPoint } | null
}

/** The pools by id, with their state now. */
export async function readPools(sql: Sql): Promise<Map<number, PoolOf>> {
  const rows = await sql.query<Record<string, string | number>>('SELECT id, venue, asset_a, asset_b, fee_bps, reserve_a, reserve_b, lp_issued FROM pools')
  return new Map(
    rows.map((p) => [
      Number(p.id),
      {
        id: Number(p.id),
        venue: p.venue === 'tinyman' ? 'tinyman' : 'grove',
        assetA: Number(p.asset_a),
        assetB: Number(p.asset_b),
        feeBps: Number(p.fee_bps),
        now: { reserveA: BigInt(p.reserve_a!), reserveB: BigInt(p.reserve_b!), lpIssued: BigInt(p.lp_issued!) },
      },
    ]),
  )
}

/**
 * Liquidity rows (of `provider`, or of `poolId`), in chain order, each with the pool's issued LP after
 * it: the pool's issued LP now less what every later row moved (so a Tinyman pool first met after its
 * bootstrap is right too).
 */
export async function liquidityEvents(sql: Sql, where: { provider: string } | { poolId: number }): Promise<LiquidityEvent[]> {
  const [filter, param] = 'provider' in where ? ['provider = $1', where.provider] : ['pool_id = $1', where.poolId]
  // one window per pool over its rows: the sum of what every later row moved, in one pass
  const rows = await sql.query<Record<string, string | number>>(
    `SELECT * FROM (
       SELECT l.round, l.intra, l.log_index, l.time, l.txn_id, l.pool_id, l.kind, l.provider, l.amount_a, l.amount_b, l.lp, l.reserve_a, l.reserve_b,
              (p.lp_issued - coalesce(sum(CASE WHEN l.kind = 'add' THEN l.lp ELSE -l.lp END) OVER (PARTITION BY l.pool_id ORDER BY l.round, l.intra, l.log_index
                                      ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0))::text AS lp_issued
       FROM liquidity l JOIN pools p ON p.id = l.pool_id WHERE l.pool_id IN (SELECT DISTINCT pool_id FROM liquidity WHERE ${filter})) r
     WHERE ${filter} ORDER BY round, intra, log_index`,
    [param],
  )
  return rows.map((r) => ({
    key: [Number(r.round), Number(r.intra), Number(r.log_index)],
    time: Number(r.time),
    txnId: String(r.txn_id),
    poolId: Number(r.pool_id),
    kind: r.kind === 'add' ? 'add' : 'remove',
    provider: String(r.provider),
    amountA: BigInt(r.amount_a!),
    amountB: BigInt(r.amount_b!),
    lp: BigInt(r.lp!),
    pool: { reserveA: BigInt(r.reserve_a!), reserveB: BigInt(r.reserve_b!), lpIssued: BigInt(r.lp_issued!) },
  }))
}

/** A position id: its kind and the chain position of the event that opened it. */
export const positionId = (kind: 'lp' | 'program' | 'vault', key: Key): string => `${kind}-${key.join('-')}`

/** `owner`'s liquidity positions, from its rows in chain order. */
export function lpPositions(owner: string, events: readonly LiquidityEvent[], pools: Map<number, PoolOf>): LpPosition[] {
  const open = new Map<number, LpPosition & { units: bigint }>()
  const all: LpPosition[] = []
  for (const e of events) {
    const pool = pools.get(e.poolId)
    if (!pool) continue
    let p = open.get(e.poolId)
    if (e.kind === 'add') {
      if (!p) {
        p = { id: positionId('lp', e.key), owner, pool, changes: [], opened: { round: e.key[0], time: e.time }, closed: null, units: 0n }
        open.set(e.poolId, p)
        all.push(p)
      }
      p.units += e.lp
      p.changes.push({ kind: 'add', lp: e.lp, amountA: e.amountA, amountB: e.amountB, time: e.time, pool: e.pool, key: e.key, txnId: e.txnId })
      continue
    }
    if (!p) continue
    // units from elsewhere (a transfer) are not this position's: count its share of the remove
    const lp = e.lp > p.units ? p.units : e.lp
    const [amountA, amountB] = lp === e.lp ? [e.amountA, e.amountB] : [(e.amountA * lp) / e.lp, (e.amountB * lp) / e.lp]
    p.units -= lp
    p.changes.push({ kind: 'remove', lp, amountA, amountB, time: e.time, pool: e.pool, key: e.key, txnId: e.txnId })
    if (p.units === 0n) {
      p.closed = { round: e.key[0], time: e.time, pool: e.pool }
      open.delete(e.poolId)
    }
  }
  return all
}

/** The market's figures at each of `times` (unix seconds): every pool's reserves then, as stats values its history. */
export async function figuresAt(deps: ApiDeps, times: readonly number[], decimals: (asset: number) => number): Promise<Map<number, MarketFigures>> {
  const distinct = [...new Set(times)]
  const out = new Map<number, MarketFigures>()
  if (!distinct.length) return out
  const rows = await deps.db.query<{ t: number; id: number; venue: string; asset_a: number; asset_b: number; reserve_a: string; reserve_b: string }>(
    `SELECT t.t, p.id, p.venue, p.asset_a, p.asset_b, r.reserve_a, r.reserve_b
     FROM (SELECT unnest(string_to_array($1, ','))::bigint AS t) t CROSS JOIN pools p
     CROSS JOIN LATERAL (SELECT reserve_a, reserve_b FROM pool_reserves WHERE pool_id = p.id AND time <= t.t
                         ORDER BY time DESC, round DESC, intra DESC, log_index DESC LIMIT 1) r`,
    [distinct.join(',')],
  )
  const stable = deps.deployment.stableAssetId === undefined ? undefined : Number(deps.deployment.stableAssetId)
  for (const t of distinct) {
    const pools = rows.filter((r) => Number(r.t) === t).map((r) => ({ lpAsset: Number(r.id), venue: r.venue, a: Number(r.asset_a), b: Number(r.asset_b), reserveA: r.reserve_a, reserveB: r.reserve_b }))
    out.set(t, marketFigures(pricingPools(pools, deps.deployment), decimals, stable))
  }
  return out
}

/** USD of both sides, null when either side has no price. */
export function pairUsd(figures: MarketFigures | undefined, pool: PoolOf, a: bigint, b: bigint): number | null {
  if (!figures) return null
  const va = figures.value(pool.assetA, a).usd
  const vb = figures.value(pool.assetB, b).usd
  return va === null || vb === null ? null : va + vb
}

/** Base units of B in USD: B's USD price, or A's through the pool's own price when B has none. */
export function usdOfB(figures: MarketFigures | undefined, pool: PoolOf, at: PoolPoint, inB: bigint): number | null {
  if (!figures) return null
  const b = figures.value(pool.assetB, inB).usd
  if (b !== null) return b
  if (at.reserveB === 0n) return null
  const perA = figures.value(pool.assetA, 1n).usd
  return perA === null ? null : (perA * Number(inB) * Number(at.reserveA)) / Number(at.reserveB)
}

/** Where a liquidity position is read: its close, or the pool now. */
export const readAt = (p: LpPosition, now: number): { time: number; pool: PoolPoint } => (p.closed ? { time: p.closed.time, pool: p.closed.pool } : { time: now, pool: p.pool.now })

/** A position's figures as the API writes them, with USD from `then` (the moment it is read at) and `at` (each change's time). */
export function lpOut(p: LpPosition, f: PositionFigures, then: MarketFigures | undefined, at: Map<number, MarketFigures>, asset: (id: number) => AssetInfo, held: { staked: bigint; locked: bigint }, point: PoolPoint) {
  const usdAt = (c: { time: number; amountA: bigint; amountB: bigint }) => pairUsd(at.get(c.time), p.pool, c.amountA, c.amountB)
  const sum = (xs: (number | null)[]) => xs.reduce<number | null>((s, x) => (s === null || x === null ? null : s + x), 0)
  const changes = p.changes.map((c) => ({ kind: c.kind, round: c.key[0], time: c.time, txnId: c.txnId, lp: String(c.lp), amountA: String(c.amountA), amountB: String(c.amountB), usd: usdAt(c) }))
  const depositedUsd = sum(p.changes.filter((c) => c.kind === 'add').map(usdAt))
  const withdrawnUsd = sum(p.changes.filter((c) => c.kind === 'remove').map(usdAt))
  const valueOut = { a: (f.units * point.reserveA) / (point.lpIssued + 1000n), b: (f.units * point.reserveB) / (point.lpIssued + 1000n) }
  const valueUsd = pairUsd(then, p.pool, valueOut.a, valueOut.b)
  const b = (x: bigint) => ({ inB: String(x), usd: usdOfB(then, p.pool, point, x) })
  return {
    pool: { id: p.pool.id, venue: p.pool.venue, assetA: asset(p.pool.assetA), assetB: asset(p.pool.assetB), feeBps: p.pool.feeBps },
    units: String(f.units),
    staked: String(p.closed ? 0n : held.staked),
    locked: String(p.closed ? 0n : held.locked),
    deposited: { a: String(f.deposited.a), b: String(f.deposited.b), usd: depositedUsd },
    withdrawn: { a: String(f.withdrawn.a), b: String(f.withdrawn.b), usd: withdrawnUsd },
    value: { a: String(valueOut.a), b: String(valueOut.b), inB: String(f.value), usd: valueUsd },
    fees: { units: String(f.feeUnits), a: String(f.fees.a), b: String(f.fees.b), inB: String(f.feesValue), usd: pairUsd(then, p.pool, f.fees.a, f.fees.b) },
    hold: b(f.holdValue),
    impermanentLoss: b(f.impermanentLoss),
    pnlVsHold: b(f.pnlVsHold),
    pnlUsd: valueUsd === null || withdrawnUsd === null || depositedUsd === null ? null : valueUsd + withdrawnUsd - depositedUsd,
    feeApr: f.feeApr,
    changes,
  }
}

/** Units of each pool's LP `owner` has in farms and open locks now. */
export async function heldElsewhere(sql: Sql, owner: string): Promise<Map<number, { staked: bigint; locked: bigint }>> {
  const rows = await sql.query<{ asset: number; staked: string; locked: string }>(
    `SELECT asset, sum(staked)::text AS staked, sum(locked)::text AS locked FROM (
       SELECT g.stake_asset AS asset, s.stake AS staked, 0 AS locked FROM stake_positions s JOIN programs g ON g.id = s.program_id WHERE s.staker = $1 AND g.kind = 'farm'
       UNION ALL
       SELECT asset, 0, amount - withdrawn FROM locks WHERE owner = $1 AND closed_round IS NULL AND liquidity) h GROUP BY asset`,
    [owner],
  )
  return new Map(rows.map((r) => [Number(r.asset), { staked: BigInt(r.staked), locked: BigInt(r.locked) }]))
}

/** A farm or staking-pool position as the API writes it: one per program the owner staked in. */
export interface ProgramPosition {
  id: string
  programId: number
  opened: { round: number; time: number }
  closed: { round: number; time: number } | null
  out: ReturnType<typeof programOut>
}

function programOut(row: Record<string, unknown>, asset: (id: number) => AssetInfo, claimed: [bigint, bigint], claimedUsd: [number | null, number | null], pending: [bigint, bigint] | null, now: MarketFigures) {
  const rewards = [[Number(row.reward_asset1), 0] as const, ...(row.reward_asset2 === null ? [] : [[Number(row.reward_asset2), 1] as const])].map(([id, k]) => ({
    asset: asset(id),
    claimed: String(claimed[k]),
    claimedUsd: claimedUsd[k],
    pending: pending ? String(pending[k]) : null,
    pendingUsd: pending ? now.value(id, pending[k]).usd : null,
  }))
  return { programId: Number(row.id), programKind: row.kind === 'farm' ? ('farm' as const) : ('pool' as const), stakeAsset: asset(Number(row.stake_asset)), staked: String(row.stake ?? '0'), rewards }
}

/** `owner`'s positions in farms and staking pools, each with its rewards claimed (USD at the time) and pending (from algod, when it answers). */
export async function programPositions(deps: ApiDeps, owner: string, asset: (id: number) => AssetInfo, now: MarketFigures, nowTime: number): Promise<ProgramPosition[]> {
  const events = await deps.db.query<Record<string, string | number | null>>(
    `SELECT e.round, e.intra, e.log_index, e.time, e.program_id, e.kind, e.amount, e.stake, e.reward1, e.reward2
     FROM staking_events e WHERE e.account = $1 AND e.kind IN ('stake', 'unstake', 'compound', 'claim', 'emergency') ORDER BY e.round, e.intra, e.log_index`,
    [owner],
  )
  if (!events.length) return []
  const programs = await deps.db.query<Record<string, unknown>>(
    `SELECT g.*, s.stake::text AS stake FROM programs g LEFT JOIN stake_positions s ON s.program_id = g.id AND s.staker = $1 WHERE g.id = ANY(string_to_array($2, ',')::bigint[])`,
    [owner, [...new Set(events.map((e) => Number(e.program_id)))].join(',')],
  )
  const claims = events.filter((e) => e.kind === 'claim' || e.kind === 'compound')
  const at = await figuresAt(deps, claims.map((e) => Number(e.time)), (id) => asset(id).decimals)
  const out: ProgramPosition[] = []
  for (const g of programs) {
    const id = Number(g.id)
    const mine = events.filter((e) => Number(e.program_id) === id)
    const first = mine[0]!
    const last = mine[mine.length - 1]!
    const claimed: [bigint, bigint] = [0n, 0n]
    const claimedUsd: [number | null, number | null] = [0, 0]
    for (const e of mine) {
      // a compound restakes reward 1 (its amount); a claim pays both
      const paid: [bigint, bigint] = e.kind === 'compound' ? [BigInt(e.amount ?? 0), 0n] : e.kind === 'claim' ? [BigInt(e.reward1 ?? 0), BigInt(e.reward2 ?? 0)] : [0n, 0n]
      for (const k of [0, 1] as const) {
        if (paid[k] === 0n) continue
        claimed[k] += paid[k]
        const rewardAsset = k === 0 ? Number(g.reward_asset1) : Number(g.reward_asset2)
        const usd = at.get(Number(e.time))?.value(rewardAsset, paid[k]).usd ?? null
        claimedUsd[k] = claimedUsd[k] === null || usd === null ? null : claimedUsd[k]! + usd
      }
    }
    const pending = await pendingOf(deps, id, owner, nowTime)
    const staked = BigInt(String(g.stake ?? '0'))
    out.push({
      id: positionId('program', [Number(first.round), Number(first.intra), Number(first.log_index)]),
      programId: id,
      opened: { round: Number(first.round), time: Number(first.time) },
      closed: staked === 0n && (pending === null || (pending[0] === 0n && pending[1] === 0n)) ? { round: Number(last.round), time: Number(last.time) } : null,
      out: programOut(g, asset, claimed, claimedUsd, pending, now),
    })
  }
  return out
}

/** What a staker has earned and not claimed, by the SDK's accumulator math over the boxes on algod; null without algod or a box. */
async function pendingOf(deps: ApiDeps, programId: number, owner: string, now: number): Promise<[bigint, bigint] | null> {
  if (!deps.algod || !deps.deployment.stakingAppId) return null
  try {
    const reader = { algod: deps.algod, ids: readerIds(deps.deployment) }
    const [program, position] = await Promise.all([stakingContract.readers.program(reader, BigInt(programId)), stakingContract.readers.position(reader, BigInt(programId), owner)])
    if (!program) return null
    if (!position) return [0n, 0n]
    return staking.pendingRewards(program, position, BigInt(now))
  } catch {
    return null
  }
}

/**
 * The vault's GROVE and shares now: algod's (the reward stream unlocks GROVE between events, so the
 * rate grows without one), else the last event's.
 */
async function vaultTotals(deps: ApiDeps): Promise<{ grove: bigint; shares: bigint }> {
  if (deps.algod && deps.deployment.vaultAppId) {
    try {
      return await vaultContract.readers.totals({ algod: deps.algod, ids: readerIds(deps.deployment) })
    } catch {
      // algod unreachable: the last event's totals
    }
  }
  const [last] = await deps.db.query<{ total_grove: string; total_shares: string }>('SELECT total_grove, total_shares FROM vault_events ORDER BY round DESC, intra DESC, log_index DESC LIMIT 1')
  return { grove: BigInt(last?.total_grove ?? 0), shares: BigInt(last?.total_shares ?? 0) }
}

/** `owner`'s vault position: its sGROVE and their gain in GROVE (and USD now); null when it never staked. */
export async function vaultOut(deps: ApiDeps, owner: string, now: MarketFigures) {
  const moves = await deps.db.query<Record<string, string | number>>(`SELECT round, intra, log_index, time, kind, grove, sgrove FROM vault_events WHERE account = $1 AND kind IN ('stake', 'unstake') ORDER BY round, intra, log_index`, [owner])
  if (!moves.length) return null
  const v = vaultPosition(
    moves.map((m) => ({ kind: m.kind === 'stake' ? 'stake' : 'unstake', grove: BigInt(m.grove!), shares: BigInt(m.sgrove ?? 0) })),
    await vaultTotals(deps),
  )
  const first = moves[0]!
  const last = moves[moves.length - 1]!
  const grove = deps.deployment.groveAssetId
  return {
    id: positionId('vault', [Number(first.round), Number(first.intra), Number(first.log_index)]),
    opened: { round: Number(first.round), time: Number(first.time) },
    closed: v.shares === 0n ? { round: Number(last.round), time: Number(last.time) } : null,
    out: {
      shares: String(v.shares),
      staked: String(v.staked),
      unstaked: String(v.unstaked),
      worth: String(v.worth),
      gain: String(v.gain),
      gainUsd: grove === undefined ? null : now.value(Number(grove), v.gain).usd,
    },
  }
}

/** The UTC day starts from `from`'s day to `to`'s. */
export function daysBetween(from: number, to: number): number[] {
  const days: number[] = []
  for (let d = Math.floor(from / DAY) * DAY; d <= to; d += DAY) days.push(d)
  return days
}

export { DAY, keyAfter }
