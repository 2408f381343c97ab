// Every contract's module against the embedded localnet: Grove deployed whole, one pass of the
// scenario in test/activity.ts through the SDK, then the follower's tables must hold what algod
// holds (programs and positions, locks, projects, the vault's totals) and every action as a row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCK_MIN_BALANCE, lockIdOf, locksContract, staking, stakingContract, vaultContract } from '@grove/sdk'
import { BACKENDS } from '../backends.ts'
import { CLOSED_LOCK_NONCE, runActivity, startFullGrove, type FullGrove } from '../activity.ts'
import type { Database } from '../../src/db/database.ts'
import { Follower } from '../../src/follower/follower.ts'
import { getApplicationAddress } from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { buildApi } from '../../src/api/app.ts'
import { readWatermark } from '../../src/follower/follower.ts'

let g: FullGrove

beforeAll(async () => {
  g = await startFullGrove()
  await runActivity(g)
}, 300_000)

afterAll(async () => {
  await g?.stop()
})

async function followAll(db: Database): Promise<void> {
  const f = new Follower({ db, algod: g.algod, deployment: g.deployment })
  await f.verifyChain()
  for (;;) {
    const r = await f.pollOnce()
    if (r.to >= r.tip) return
  }
}

describe.each(BACKENDS)('the contract modules on $name', (backend) => {
  let db: Database
  let app: FastifyInstance
  const get = async (url: string) => (await app.inject({ method: 'GET', url })).json()
  beforeAll(async () => {
    db = await backend.open()
    await followAll(db)
    // the scenario ran Grove's clock ahead of the wall clock: "now" is the last block's time
    const now = (await readWatermark(db))!.time!
    app = await buildApi({ db, algod: g.algod, deployment: g.deployment, now: () => now })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('holds each staking program and position as the staking app does, and every action in order', async () => {
    const programs = await db.query<Record<string, unknown>>('SELECT * FROM programs ORDER BY id')
    expect(programs).toHaveLength(2)
    for (const row of programs) {
      const p = (await stakingContract.readers.program(g, BigInt(Number(row.id))))!
      expect({ rate1: row.rate1, end: row.end_time, stake: row.stake_asset, kind: row.kind }).toEqual({ rate1: String(p.rate1), end: Number(p.end), stake: Number(p.stakeAsset), kind: p.kind === 1n ? 'farm' : 'pool' })
      const [{ total }] = await db.query<{ total: string }>('SELECT coalesce(sum(stake), 0)::text AS total FROM stake_positions WHERE program_id = $1', [row.id])
      expect(total).toBe(String(p.totalStaked))
    }
    const kinds = (await db.query<{ kind: string }>('SELECT kind FROM staking_events ORDER BY round, intra, log_index')).map((r) => r.kind)
    expect(kinds).toEqual(['create', 'create', 'stake', 'stake', 'claim', 'compound', 'topup', 'extend', 'unstake', 'emergency'])
  })

  it('holds the lock as the Locks app does, and its history', async () => {
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM locks WHERE owner = $1', [g.bob.addr.toString()])
    const lock = (await locksContract.readers.lock(g, BigInt(Number(row!.id))))!
    expect({ owner: row!.owner, amount: row!.amount, withdrawn: row!.withdrawn, end: row!.end_time, pending: row!.pending_owner }).toEqual({
      owner: lock.owner.toString(),
      amount: String(lock.amount),
      withdrawn: String(lock.withdrawn),
      end: Number(lock.end),
      pending: null,
    })
    expect(row!.owner).toBe(g.bob.addr.toString())
    const kinds = (await db.query<{ kind: string }>('SELECT kind FROM lock_events WHERE lock_id = $1 ORDER BY round, intra, log_index', [row!.id])).map((r) => r.kind)
    expect(kinds).toEqual(['lock', 'topup', 'extend', 'propose', 'cancel', 'propose', 'accept', 'withdraw'])
  })

  it('reads a Locked event of a closed id as a new lock: the row starts afresh, the history keeps both', async () => {
    const id = lockIdOf(g.alice.addr, CLOSED_LOCK_NONCE)
    const events = await db.query<{ kind: string; amount: string | null; other: string | null }>('SELECT kind, amount::text, other FROM lock_events WHERE lock_id = $1 ORDER BY round, intra, log_index', [id])
    expect(events).toEqual([
      { kind: 'lock', amount: '2000000', other: null },
      { kind: 'withdraw', amount: '2000000', other: null },
      { kind: 'close', amount: String(LOCK_MIN_BALANCE), other: g.alice.addr.toString() },
      { kind: 'lock', amount: '3000000', other: null },
    ])
    const chain = (await locksContract.readers.lock(g, id))!
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM locks WHERE id = $1', [id])
    const [made] = await db.query<{ round: string }>("SELECT round::text FROM lock_events WHERE lock_id = $1 AND kind = 'lock' ORDER BY round DESC LIMIT 1", [id])
    expect({ amount: row!.amount, withdrawn: row!.withdrawn, end: row!.end_time, closed: row!.closed_round, created: String(row!.created_round) }).toEqual({
      amount: String(chain.amount),
      withdrawn: '0',
      end: Number(chain.end),
      closed: null,
      created: made!.round,
    })
  })

  it("keeps a removed project out of the list and its events in order, and the admin's actions with their changes", async () => {
    expect(await db.query('SELECT * FROM projects')).toEqual([])
    const events = await db.query<{ kind: string; owner: string; name: string }>('SELECT kind, owner, name FROM project_events ORDER BY round, intra, log_index')
    expect(events.map((e) => e.kind)).toEqual(['register', 'edit', 'verify', 'transfer', 'unverify', 'remove'])
    expect(events[3]).toMatchObject({ owner: g.bob.addr.toString(), name: 'Fern 0!' })
    const all = await db.query<{ action: string; account: string; change: unknown }>('SELECT action, account, change FROM admin_actions ORDER BY round, intra')
    // deploy made the vault the treasury
    expect(all.find((a) => a.action === 'setTreasury')).toEqual({ action: 'setTreasury', account: g.admin.addr.toString(), change: { treasury: getApplicationAddress(g.deployment.vaultAppId!).toString() } })
    const actions = all.slice(-7)
    expect(actions.map((a) => a.action)).toEqual(['setProjectVerified', 'setProjectVerified', 'setPaused', 'setPaused', 'setFees', 'setVerified', 'addFeeTier'])
    expect(actions[4]).toEqual({ action: 'setFees', account: g.admin.addr.toString(), change: { defaultFeeBps: 30, protocolFeeDivisor: 6 } })
    // the payment before the call is no app argument: the change is the tier alone
    expect(actions[6]!.change).toEqual({ feeBps: 25 })
  })

  it("holds the vault's stakes, unstakes and buyback with the vault's totals after the last", async () => {
    const rows = await db.query<{ kind: string; total_grove: string; total_shares: string }>('SELECT kind, total_grove, total_shares FROM vault_events ORDER BY round, intra, log_index')
    expect(rows.map((r) => r.kind)).toEqual(['stake', 'stake', 'unstake', 'buyback'])
    // the event's totals are the GROVE behind the shares then; the stream has unlocked more since
    const totals = await vaultContract.readers.totals(g)
    expect(rows.at(-1)).toMatchObject({ total_shares: String(totals.shares) })
    expect(BigInt(rows.at(-1)!.total_grove)).toBeLessThanOrEqual(totals.grove)
    expect(await db.query('SELECT a, b FROM vault_observations')).toEqual([{ a: 0, b: Number(g.deployment.groveAssetId) }])
  })

  it("gives each staker's positions their rewards claimed and what the boxes hold pending, and the vault's stakers their gain at algod's totals", async () => {
    const now = (await readWatermark(db))!.time!
    const stakers = await db.query<{ staker: string; program_id: number }>('SELECT staker, program_id FROM stake_positions')
    expect(stakers.length).toBeGreaterThan(0)
    for (const s of stakers) {
      const { positions } = await get(`/api/positions?owner=${s.staker}`)
      const mine = positions.find((p: { kind: string; program: { programId: number } | null }) => p.kind === 'program' && p.program!.programId === Number(s.program_id))
      const program = (await stakingContract.readers.program(g, BigInt(s.program_id)))!
      const position = await stakingContract.readers.position(g, BigInt(s.program_id), s.staker)
      const pending = position ? staking.pendingRewards(program, position, BigInt(now)) : [0n, 0n]
      const rewards = mine.program.rewards as { claimed: string; pending: string | null }[]
      expect(rewards.map((r) => r.pending)).toEqual(pending.slice(0, rewards.length).map(String))
      const [{ claimed }] = await db.query<{ claimed: string }>(
        `SELECT coalesce(sum(CASE WHEN kind = 'compound' THEN amount ELSE reward1 END), 0)::text AS claimed FROM staking_events WHERE account = $1 AND program_id = $2 AND kind IN ('claim', 'compound')`,
        [s.staker, s.program_id],
      )
      expect(rewards[0]!.claimed).toBe(claimed)
      expect(mine.program.staked).toBe(String(position?.stake ?? 0n))
    }
    const totals = await vaultContract.readers.totals(g)
    const vaultStakers = await db.query<{ account: string }>("SELECT DISTINCT account FROM vault_events WHERE kind = 'stake'")
    expect(vaultStakers.length).toBeGreaterThan(0)
    for (const { account } of vaultStakers) {
      const { positions } = await get(`/api/positions?owner=${account}`)
      const v = positions.find((p: { kind: string }) => p.kind === 'vault').vault
      // the stream unlocked GROVE since the last event: worth is at algod's totals now, as an unstake pays
      expect(BigInt(v.worth)).toBe((BigInt(v.shares) * totals.grove) / totals.shares)
      expect(BigInt(v.gain)).toBe(BigInt(v.worth) + BigInt(v.unstaked) - BigInt(v.staked))
    }
  })

  it('lists the programs with their terms and stakes, filtered and paginated; 404 and 400 as every route', async () => {
    const all = await get('/api/programs')
    expect(all.programs.map((p: { id: number; status: string; kind: string }) => [p.id, p.status, p.kind])).toEqual([[1, 'active', 'pool'], [2, 'active', 'pool']])
    const first = all.programs[0]
    expect(first).toMatchObject({ stakeAsset: { id: Number(g.fern), unitName: 'FERN', decimals: 4 }, rewards: [{ asset: { id: Number(g.deployment.groveAssetId), unitName: 'GROVE' }, ratePerSecond: '2000' }], totalStaked: '600000', stakers: 1 })
    expect(await get('/api/programs/1')).toEqual(first)
    const page1 = await get('/api/programs?limit=1')
    expect(page1.programs.map((p: { id: number }) => p.id)).toEqual([1])
    expect((await get(`/api/programs?limit=1&cursor=${page1.nextCursor}`)).programs.map((p: { id: number }) => p.id)).toEqual([2])
    expect((await get('/api/programs?status=ended')).programs).toEqual([])
    expect((await get('/api/programs?kind=farm')).programs).toEqual([])
    expect((await app.inject({ method: 'GET', url: '/api/programs/99' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/api/programs?status=soon' })).statusCode).toBe(400)
  })

  it("values a program's stake at its token's USD price and its rewards at theirs (GROVE as the stable coin here)", async () => {
    const now = (await readWatermark(db))!.time!
    const priced = await buildApi({ db, algod: g.algod, deployment: { ...g.deployment, stableAssetId: g.deployment.groveAssetId }, now: () => now })
    try {
      const { tokens } = (await priced.inject({ method: 'GET', url: '/api/tokens' })).json()
      const fernUsd = tokens.find((t: { id: number }) => t.id === Number(g.fern)).priceUsd
      const [one, two] = (await priced.inject({ method: 'GET', url: '/api/programs' })).json().programs
      const tvl = (600_000 / 1e4) * fernUsd
      expect(one.tvlUsd).toBeCloseTo(tvl, 6)
      // 2,000 base units of GROVE (6 decimals, $1) per second for a year, over the TVL
      // a year of 365.25 days, as the SDK's programFigures (and so the farms page) counts it
      expect(one.apr).toBeCloseTo((2_000 * 365.25 * 86_400) / 1e6 / tvl, 6)
      // nothing staked: no APR to speak of
      expect(two).toMatchObject({ totalStaked: '0', tvlUsd: 0, apr: null })
    } finally {
      await priced.close()
    }
  })

  it('lists locks by owner and by asset, and one lock by id', async () => {
    const bob = g.bob.addr.toString()
    const { locks } = await get(`/api/locks?owner=${bob}`)
    expect(locks).toHaveLength(1)
    expect(locks[0]).toMatchObject({ owner: bob, pendingOwner: null, asset: { id: Number(g.fern) }, amount: '6000000', withdrawn: '6000000', remaining: '0', liquidity: false })
    expect((await get(`/api/locks?asset=${g.fern}`)).locks).toEqual(locks)
    // Alice's closed lock is gone; the one made again under its id is listed with its new terms
    const alice = (await get(`/api/locks?owner=${g.alice.addr.toString()}`)).locks
    expect(alice).toMatchObject([{ id: Number(lockIdOf(g.alice.addr, CLOSED_LOCK_NONCE)), asset: { id: 0 }, amount: '3000000', withdrawn: '0', remaining: '3000000' }])
    expect(alice).toHaveLength(1)
    const closed = lockIdOf(g.alice.addr, CLOSED_LOCK_NONCE + 100n)
    expect((await get('/api/locks?asset=0')).locks.map((l: { id: number }) => l.id)).not.toContain(Number(closed))
    expect((await app.inject({ method: 'GET', url: `/api/locks/${closed}` })).statusCode).toBe(404)
    expect((await db.query<{ closed_round: string | null }>('SELECT closed_round FROM locks WHERE id = $1', [closed]))[0]!.closed_round).not.toBeNull()
    expect(await get(`/api/locks/${locks[0].id}`)).toEqual(locks[0])
    expect((await app.inject({ method: 'GET', url: `/api/locks?owner=${'A'.repeat(58)}` })).statusCode).toBe(400)
  })

  it('lists no removed project and answers 404 for it', async () => {
    expect(await get('/api/projects')).toEqual({ projects: [], nextCursor: null })
    expect((await app.inject({ method: 'GET', url: `/api/projects/${g.fern}` })).statusCode).toBe(404)
  })

  it("reports the vault's rate from its totals, its APR from the rate's growth, and its events newest first", async () => {
    // the rate of the last event (the buyback): the GROVE behind the shares then, the stream's locked part excluded
    const [last] = await db.query<{ total_grove: string; total_shares: string }>("SELECT total_grove, total_shares FROM vault_events ORDER BY round DESC, intra DESC, log_index DESC LIMIT 1")
    const totals = { grove: BigInt(last!.total_grove), shares: BigInt(last!.total_shares) }
    const v = await get('/api/vault')
    const rate = Number(totals.grove) / Number(totals.shares)
    expect(v).toMatchObject({ rate, totalGrove: String(totals.grove), totalShares: String(totals.shares), buybacks30d: 1 })
    // the vault started within the last 7 days: the growth since its first stake (the donation's stream unlocking), over a year of 365.25 days
    expect(rate).toBeGreaterThan(1)
    const [first] = await db.query<{ time: number; total_grove: string; total_shares: string }>('SELECT time, total_grove, total_shares FROM vault_events ORDER BY round, intra, log_index LIMIT 1')
    const now = (await readWatermark(db))!.time!
    expect(v.apr7d).toBeCloseTo(((rate / (Number(first!.total_grove) / Number(first!.total_shares)) - 1) * 365.25 * 86_400) / (now - first!.time), 10)
    expect(v.history.at(-1).rate).toBe(rate)
    const { events } = await get('/api/vault/events?kind=buyback')
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ kind: 'buyback', asset: 0, account: g.bob.addr.toString(), rate })
    const two = await get('/api/vault/events?limit=2')
    expect(two.events.map((e: { kind: string }) => e.kind)).toEqual(['buyback', 'unstake'])
    expect((await get(`/api/vault/events?limit=2&cursor=${two.nextCursor}`)).events.map((e: { kind: string }) => e.kind)).toEqual(['stake', 'stake'])
  })

  it('logs the admin actions newest first with who made them and what they set', async () => {
    const { actions, nextCursor } = await get('/api/admin/log?limit=2')
    expect(actions.map((a: { action: string; contract: string }) => `${a.contract}.${a.action}`)).toEqual(['dex.addFeeTier', 'registry.setVerified'])
    expect(actions[1]).toMatchObject({ account: g.admin.addr.toString(), change: { asset: Number(g.fern), verified: true } })
    expect((await get(`/api/admin/log?limit=1&cursor=${nextCursor}`)).actions[0].action).toBe('setFees')
    expect((await get('/api/admin/log?action=setPaused')).actions.map((a: { change: unknown }) => a.change)).toEqual([{ flags: 0 }, { flags: 2 }])
  })

  it("lists an account's staking, lock and vault actions beside its swaps", async () => {
    const bob = g.bob.addr.toString()
    const locks = await get(`/api/accounts/${bob}/activity?contract=locks`)
    expect(locks.activity.map((a: { kind: string }) => a.kind)).toEqual(['withdraw', 'accept'])
    const staking = await get(`/api/accounts/${bob}/activity?contract=staking`)
    expect(staking.activity.map((a: { kind: string }) => a.kind)).toEqual(['emergency', 'unstake', 'compound', 'claim', 'stake', 'stake'])
    expect(staking.activity[1]).toMatchObject({ contract: 'staking', programId: 1, amount: '400000', stake: '600000', poolId: null })
    const all = await get(`/api/accounts/${bob}/activity?limit=500`)
    expect(new Set(all.activity.map((a: { contract: string }) => a.contract))).toEqual(new Set(['dex', 'staking', 'locks', 'vault']))
    const vault = await get(`/api/accounts/${bob}/activity?contract=vault`)
    expect(vault.activity.map((a: { kind: string }) => a.kind)).toEqual(['buyback', 'unstake', 'stake'])
  })
})
