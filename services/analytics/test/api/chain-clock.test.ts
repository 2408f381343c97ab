// A localnet's clock can run ahead of the wall clock (Grove's clock offset): the routes' "now" is
// then the last ingested block's time, so a swap dated ahead still lands in the candle range and
// the 24h windows instead of vanishing until the wall clock catches up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { BACKENDS } from '../backends.ts'
import { buildApi } from '../../src/api/app.ts'
import type { Database } from '../../src/db/database.ts'
import { EventWriter, ingest, SYNTHETIC_DEPLOYMENT } from '../synthetic.ts'

const AHEAD = Math.floor(Date.now() / 1000) + 10 * 86_400
const ASSETS = [
  { id: 0, unitName: 'ALGO', decimals: 6 },
  { id: 10, unitName: 'gUSD', decimals: 6 },
]

describe.each(BACKENDS)('the routes’ clock on $name', (backend) => {
  let db: Database
  let app: FastifyInstance

  beforeAll(async () => {
    db = await backend.open()
    const w = new EventWriter(AHEAD)
    w.createPool(0, 10, 100)
    w.add(0, 10, 1_000_000_000_000n, 200_000_000_000n)
    w.swap(0, 10, 5_000_000_000n)
    await ingest(db, w.events, ASSETS)
    await db.query("INSERT INTO watermark (round, block_hash, time) VALUES (10, 'h', $1)", [AHEAD + 60])
    // no pinned `now`: the wall clock, 10 days behind the chain
    app = await buildApi({ db, deployment: SYNTHETIC_DEPLOYMENT })
  })
  afterAll(async () => {
    await app?.close()
    await db?.close()
  })

  it('follows the chain when its last block is ahead of the wall clock', async () => {
    const candles = (await app.inject({ method: 'GET', url: '/api/pools/100/candles?tf=5m' })).json() as { candles: { trades: number }[] }
    expect(candles.candles.length).toBeGreaterThan(0)
    expect(candles.candles.reduce((n, c) => n + c.trades, 0)).toBeGreaterThan(0)
    const pools = (await app.inject({ method: 'GET', url: '/api/pools' })).json() as { pools: { id: number; trades24h: number }[] }
    expect(pools.pools.find((p) => p.id === 100)!.trades24h).toBe(1)
  })
})
