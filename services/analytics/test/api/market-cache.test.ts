// The market the list routes share is read once per ingested round: a new block's swap shows in the
// next /api/pools, and rows written without moving the watermark (which the follower never does)
// are not read until it moves — proof the answer came from the cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { BACKENDS } from '../backends.ts'
import { buildApi } from '../../src/api/app.ts'
import type { Database } from '../../src/db/database.ts'
import { EventWriter, ingest, SYNTHETIC_DEPLOYMENT } from '../synthetic.ts'

const T0 = 19_675 * 86_400
const ALGO = 0
const GUSD = 10
const ASSETS = [
  { id: ALGO, unitName: 'ALGO', decimals: 6 },
  { id: GUSD, unitName: 'gUSD', decimals: 6 },
]

describe.each(BACKENDS)('the shared market read on $name', (backend) => {
  let db: Database
  let app: FastifyInstance
  const w = new EventWriter(T0)
  const pool100 = async () => ((await app.inject({ method: 'GET', url: '/api/pools' })).json() as { pools: { id: number; reserveA: string; reserveB: string }[] }).pools.find((p) => p.id === 100)!
  const rowOf100 = async () => (await db.query<{ reserve_a: string; reserve_b: string }>('SELECT reserve_a, reserve_b FROM pools WHERE id = 100'))[0]!

  beforeAll(async () => {
    db = await backend.open()
    w.createPool(ALGO, GUSD, 100)
    w.add(ALGO, GUSD, 1_000_000_000_000n, 200_000_000_000n)
    await ingest(db, w.events, ASSETS)
    await db.query("INSERT INTO watermark (round, block_hash, time) VALUES (10, 'h', $1)", [T0])
    app = await buildApi({ db, deployment: SYNTHETIC_DEPLOYMENT, now: () => T0 + 60 })
  })
  afterAll(async () => {
    await app?.close()
    await db?.close()
  })

  it('shows a swap ingested in a new round in the next /api/pools', async () => {
    const before = await pool100()
    expect(before).toMatchObject({ reserveA: '1000000000000', reserveB: '200000000000' })
    const seen = w.events.length
    w.swap(ALGO, GUSD, 5_000_000_000n)
    // as the follower does: the block's rows and the watermark together
    await ingest(db, w.events.slice(seen))
    await db.query('UPDATE watermark SET round = 11')
    const row = await rowOf100()
    expect(row.reserve_a).not.toBe(before.reserveA)
    expect(await pool100()).toMatchObject({ reserveA: row.reserve_a, reserveB: row.reserve_b })
  })

  it('reads the market again only when the watermark moves', async () => {
    const cached = await pool100()
    await db.query("UPDATE pools SET reserve_a = reserve_a + 1 WHERE id = 100")
    expect((await pool100()).reserveA).toBe(cached.reserveA)
    await db.query('UPDATE watermark SET round = 12')
    expect((await pool100()).reserveA).toBe((BigInt(cached.reserveA) + 1n).toString())
  })
})
