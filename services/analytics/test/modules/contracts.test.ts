// Every contract's module against the embedded localnet: Grove deployed whole, one pass of the
// scenario in test/activity.ts through the SDK, then the follower's tables must hold what algod
// holds (programs and positions, locks, projects, the vault's totals) and every action as a row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchLock, fetchVaultTotals, staking } from '@grove/sdk'
import { BACKENDS } from '../backends.ts'
import { runActivity, startFullGrove, type FullGrove } from '../activity.ts'
import type { Database } from '../../src/db/database.ts'
import { Follower } from '../../src/follower/follower.ts'
import { getApplicationAddress } from 'algosdk'

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
  beforeAll(async () => {
    db = await backend.open()
    await followAll(db)
  })

  it('holds each staking program and position as the staking app does, and every action in order', async () => {
    const programs = await db.query<Record<string, unknown>>('SELECT * FROM programs ORDER BY id')
    expect(programs).toHaveLength(2)
    for (const row of programs) {
      const p = (await staking.fetchProgram(g.algod, g.deployment.stakingAppId!, BigInt(Number(row.id))))!
      expect({ rate1: row.rate1, end: row.end_time, stake: row.stake_asset, kind: row.kind }).toEqual({ rate1: String(p.rate1), end: Number(p.end), stake: Number(p.stakeAsset), kind: p.kind === 1n ? 'farm' : 'pool' })
      const [{ total }] = await db.query<{ total: string }>('SELECT coalesce(sum(stake), 0)::text AS total FROM stake_positions WHERE program_id = $1', [row.id])
      expect(total).toBe(String(p.totalStaked))
    }
    const kinds = (await db.query<{ kind: string }>('SELECT kind FROM staking_events ORDER BY round, intra, log_index')).map((r) => r.kind)
    expect(kinds).toEqual(['create', 'create', 'stake', 'stake', 'claim', 'compound', 'topup', 'extend', 'unstake', 'emergency'])
  })

  it('holds the lock as the Locks app does, and its history', async () => {
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM locks')
    const lock = (await fetchLock(g.algod, g.deployment.lockAppId!, BigInt(Number(row!.id))))!
    expect({ owner: row!.owner, amount: row!.amount, withdrawn: row!.withdrawn, end: row!.end_time, pending: row!.pending_owner }).toEqual({
      owner: lock.owner.toString(),
      amount: String(lock.amount),
      withdrawn: String(lock.withdrawn),
      end: Number(lock.end),
      pending: null,
    })
    expect(row!.owner).toBe(g.bob.addr.toString())
    const kinds = (await db.query<{ kind: string }>('SELECT kind FROM lock_events ORDER BY round, intra, log_index')).map((r) => r.kind)
    expect(kinds).toEqual(['lock', 'topup', 'extend', 'propose', 'cancel', 'propose', 'accept', 'withdraw'])
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
    expect(actions.map((a) => a.action)).toEqual(['setProjectVerified', 'setProjectVerified', 'setPaused', 'setPaused', 'setFees', 'setVerified', 'setPoolFee'])
    expect(actions[4]).toEqual({ action: 'setFees', account: g.admin.addr.toString(), change: { defaultFeeBps: 30, protocolFeeDivisor: 6 } })
    expect(actions[6]!.change).toEqual({ a: 0, b: Number(g.deployment.groveAssetId), feeBps: 25 })
  })

  it("holds the vault's stakes, unstakes and buyback with the vault's totals after the last", async () => {
    const rows = await db.query<{ kind: string; total_grove: string; total_shares: string }>('SELECT kind, total_grove, total_shares FROM vault_events ORDER BY round, intra, log_index')
    expect(rows.map((r) => r.kind)).toEqual(['stake', 'stake', 'unstake', 'buyback'])
    const totals = await fetchVaultTotals(g.algod, g.deployment.vaultAppId!, g.deployment.groveAssetId!)
    expect(rows.at(-1)).toMatchObject({ total_grove: String(totals.grove), total_shares: String(totals.shares) })
    expect(await db.query('SELECT a, b FROM vault_observations')).toEqual([{ a: 0, b: Number(g.deployment.groveAssetId) }])
  })
})
