// GET /api/pools/:id/flashes over a synthetic market: a pool's flash loans with their fees, newest
// first, paged; the reserves they leave are the pool's; 404 and 400 as every route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Algodv2 } from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { BACKENDS } from '../backends.ts'
import { buildApi } from '../../src/api/app.ts'
import type { Database } from '../../src/db/database.ts'
import { EventWriter, ingest, SYNTHETIC_DEPLOYMENT, TRADER } from '../synthetic.ts'

const T0 = 19_675 * 86_400
const [ALGO, GUSD] = [0, 10]
const ASSETS = [
  { id: ALGO, unitName: 'ALGO', decimals: 6 },
  { id: GUSD, unitName: 'gUSD', decimals: 6 },
  { id: 100, unitName: 'GLP', decimals: 6 },
]

describe.each(BACKENDS)('GET /api/pools/:id/flashes on $name', (backend) => {
  let db: Database
  let app: FastifyInstance
  const w = new EventWriter(T0)
  w.createPool(ALGO, GUSD, 100)
  w.add(ALGO, GUSD, 1_000_000_000_000n, 200_000_000_000n)
  w.time += 60
  w.flashLoan(ALGO, GUSD, 10_000_000_000n, 0n)
  w.time += 60
  w.flashLoan(ALGO, GUSD, 3_000_000n, 2_000_000_000n)
  const get = (url: string) => app.inject({ method: 'GET', url })

  beforeAll(async () => {
    db = await backend.open()
    await ingest(db, w.events, ASSETS)
    app = await buildApi({ db, algod: {} as Algodv2, deployment: SYNTHETIC_DEPLOYMENT, now: () => T0 + 3600 })
  })
  afterAll(async () => {
    await app?.close()
    await db?.close()
  })

  it('lists the flash loans newest first with what was lent, repaid and the fee in token units and USD', async () => {
    const { flashes } = (await get('/api/pools/100/flashes')).json()
    expect(flashes.map((f: { outA: string }) => f.outA)).toEqual(['3000000', '10000000000'])
    expect(flashes[1]).toMatchObject({ kind: 'loan', account: TRADER, outA: '10000000000', outB: '0', inA: '10030000000', inB: '0', feeA: '30000000', feeB: '0', protocolFeeA: '5000000' })
    // 30 ALGO of fee at 0.2 gUSD per ALGO
    expect(flashes[1].feeUsd).toBeCloseTo(6, 3)
    // the latest row's reserves are the pool's
    const pool = (await get('/api/pools/100')).json()
    expect([flashes[0].reserveA, flashes[0].reserveB]).toEqual([pool.reserveA, pool.reserveB])
    expect(w.reservesOf(ALGO, GUSD).map(String)).toEqual([pool.reserveA, pool.reserveB])
  })

  it('pages with a cursor without repeating or skipping a flash', async () => {
    const all = (await get('/api/pools/100/flashes')).json().flashes
    const first = (await get('/api/pools/100/flashes?limit=1')).json()
    const second = (await get(`/api/pools/100/flashes?limit=1&cursor=${first.nextCursor}`)).json()
    expect([...first.flashes, ...second.flashes]).toEqual(all)
    expect(second.nextCursor).toBeNull()
  })

  it('answers 404 for a pool it does not know and 400 for a malformed id, cursor or limit', async () => {
    expect((await get('/api/pools/5/flashes')).statusCode).toBe(404)
    for (const url of ['/api/pools/abc/flashes', '/api/pools/100/flashes?cursor=WzFd', '/api/pools/100/flashes?limit=0', '/api/pools/100/flashes?kind=loan']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().message, url).toEqual(expect.any(String))
    }
  })
})
