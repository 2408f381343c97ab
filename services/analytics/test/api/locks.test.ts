// GET /api/locks with issue 40's figures, on both backends: the Locks module fed the events the contract
// logs (a liquidity lock that claims fees, names a collector, splits and merges; a token's vesting lock),
// then the API by asset and by project: the unlock schedule, the LP share of the pool, the fees claimed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateAccount, type Algodv2 } from 'algosdk'
import type { FastifyInstance } from 'fastify'
import type { DecodedEvent } from '@grove/sdk'
import { BACKENDS } from '../backends.ts'
import { buildApi } from '../../src/api/app.ts'
import type { Database } from '../../src/db/database.ts'
import { EventWriter, ingest, SYNTHETIC_DEPLOYMENT } from '../synthetic.ts'
import { locksModule } from '../../src/modules/locks.ts'
import type { EventPosition } from '../../src/follower/module.ts'

const T0 = 1_700_000_000
const ALGO = 0
const FERN = 20
const LP = 100
const OWNER = generateAccount().addr.toString()
const COLLECTOR = generateAccount().addr.toString()
const ASSETS = [
  { id: ALGO, unitName: 'ALGO', decimals: 6 },
  { id: FERN, unitName: 'FERN', decimals: 6 },
  { id: LP, unitName: 'GLP', decimals: 6 },
]
const DEPLOYMENT = { ...SYNTHETIC_DEPLOYMENT, lockAppId: 2000n }

let round = 100
const at = (time: number, sender = OWNER): EventPosition => {
  round += 1
  return { round, time, intra: 0, logIndex: 0, txnId: `L${round}`, groupId: null, sender, appId: 2000n }
}

/** The events of the story, in chain order. */
function story(): { event: DecodedEvent; at: EventPosition }[] {
  const e = (name: string, args: Record<string, unknown>, time: number, sender = OWNER) => ({ event: { name, args } as DecodedEvent, at: at(time, sender) })
  return [
    // a liquidity lock of 10,000,000 LP units until T0 + 1000, and a FERN vesting lock from T0 + 100 to T0 + 1100
    e('Locked', { id: 7n, owner: OWNER, asset: BigInt(LP), amount: 10_000_000n, cliff: BigInt(T0 + 1000), end: BigInt(T0 + 1000), liquidity: true }, T0),
    e('Locked', { id: 8n, owner: OWNER, asset: BigInt(FERN), amount: 1_000_000n, cliff: BigInt(T0 + 100), end: BigInt(T0 + 1100), liquidity: false }, T0),
    e('CollectorSet', { id: 7n, collector: COLLECTOR }, T0 + 10),
    e('FeesClaimed', { id: 7n, to: COLLECTOR, units: 30_000n, remaining: 9_970_000n, level: 1n << 64n }, T0 + 20, COLLECTOR),
    e('Split', { id: 7n, newId: 9n, amount: 2_000_000n }, T0 + 30),
    e('Locked', { id: 10n, owner: OWNER, asset: BigInt(LP), amount: 500_000n, cliff: BigInt(T0 + 500), end: BigInt(T0 + 500), liquidity: true }, T0 + 40),
    e('Merged', { into: 7n, from: 10n, amount: 500_000n, refund: 146_000n }, T0 + 50),
    e('OwnershipProposed', { id: 8n, owner: OWNER, pendingOwner: COLLECTOR }, T0 + 55),
  ]
}

async function follow(db: Database): Promise<void> {
  await db.transaction(async (sql) => {
    const batch = await locksModule.begin(sql, { algod: {} as Algodv2, deployment: DEPLOYMENT })
    for (const { event, at } of story()) await batch.handle(event, at)
    await batch.flush()
  })
}

describe.each(BACKENDS)('GET /api/locks on $name', (backend) => {
  let db: Database
  let app: FastifyInstance
  const get = (url: string) => app.inject({ method: 'GET', url })

  beforeAll(async () => {
    db = await backend.open()
    // the ALGO/LP pool: 10,000,000 ALGO and FERN units, LP 100 with 19,999,000 issued (supply 20,000,000)
    const w = new EventWriter(T0 - 100)
    w.createPool(ALGO, FERN, LP)
    w.add(ALGO, FERN, 10_000_000n, 40_000_000n, 19_999_000n)
    await ingest(db, w.events, ASSETS)
    await follow(db)
    app = await buildApi({ db, algod: { status: () => ({ do: async () => ({ lastRound: 200n }) }) } as unknown as Algodv2, deployment: DEPLOYMENT, now: () => T0 + 60 })
  })
  afterAll(async () => {
    await app?.close()
    await db?.close()
  })

  it("serves a token's liquidity locks with the pool share they hold and the fees claimed; a merged-away lock is gone", async () => {
    const res = await get(`/api/locks?asset=${LP}`)
    expect(res.statusCode).toBe(200)
    const { locks } = res.json()
    expect(locks.map((l: { id: number }) => l.id)).toEqual([7, 9])
    const [main, part] = locks
    // 9,970,000 − 2,000,000 split off + 500,000 merged in
    expect(main).toMatchObject({ amount: '8470000', remaining: '8470000', collector: COLLECTOR, feesClaimed: '30000', pool: { a: ALGO, b: FERN }, poolShareMillionths: 423_500 })
    expect(part).toMatchObject({ amount: '2000000', owner: OWNER, collector: COLLECTOR, feesClaimed: '0', poolShareMillionths: 100_000 })
    // a time lock: nothing before its end, everything from it
    expect(main.schedule).toEqual([
      { time: T0, vested: '0' },
      { time: T0 + 999, vested: '0' },
      { time: T0 + 1000, vested: '8470000' },
    ])
  })

  it("serves a project's locks: its token's and its pools' LP locks, with a vesting lock's schedule", async () => {
    const { locks } = (await get(`/api/locks?project=${FERN}`)).json()
    expect(locks.map((l: { id: number }) => l.id)).toEqual([7, 8, 9])
    const vesting = locks.find((l: { id: number }) => l.id === 8)
    expect(vesting).toMatchObject({ liquidity: false, pool: null, poolShareMillionths: null, anchor: T0 + 100, base: '0' })
    expect(vesting.schedule).toEqual([
      { time: T0, vested: '0' },
      { time: T0 + 99, vested: '0' },
      { time: T0 + 100, vested: '0' },
      { time: T0 + 1099, vested: '999000' },
      { time: T0 + 1100, vested: '1000000' },
    ])
    expect((await get(`/api/locks?project=${ALGO}&owner=${OWNER}`)).json().locks.map((l: { id: number }) => l.id)).toEqual([7, 9])
  })

  it('records each action in the lock events: the claim to the collector, the split, the merge and the collector named', async () => {
    const rows = await db.query<{ kind: string; lock_id: string; account: string; amount: string | null; other: string | null }>(
      `SELECT kind, lock_id::text, account, amount::text, other FROM lock_events WHERE kind IN ('claim', 'split', 'merge', 'collector') ORDER BY round`,
    )
    expect(rows.map((r) => [r.kind, r.lock_id, r.account, r.amount, r.other])).toEqual([
      ['collector', '7', OWNER, null, COLLECTOR],
      ['claim', '7', COLLECTOR, '30000', null],
      ['split', '7', OWNER, '2000000', '9'],
      ['merge', '7', OWNER, '500000', '10'],
    ])
  })

  it('lists the locks a transfer awaits the account for, and none for another', async () => {
    expect((await get(`/api/locks?pendingOwner=${COLLECTOR}`)).json().locks.map((l: { id: number; pendingOwner: string }) => [l.id, l.pendingOwner])).toEqual([[8, COLLECTOR]])
    expect((await get(`/api/locks?pendingOwner=${OWNER}`)).json().locks).toEqual([])
  })

  it.each([
    ['a pending owner that is not an address', 'pendingOwner=hello'],
    ['a project that is not a number', 'project=FERN'],
    ['a negative asset', 'asset=-1'],
    ['an unknown filter', 'pool=100'],
  ])('returns 400 for %s', async (_what, query) => {
    expect((await get(`/api/locks?${query}`)).statusCode).toBe(400)
  })
})
