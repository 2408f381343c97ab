// GET /api/fee-tiers over a synthetic market: ALGO/gUSD in the 30 bps tier (deep) and the 5 bps tier
// (a tenth of it); each swap's fee recorded at its pool's tier; per pair, fees per dollar of
// liquidity over the window and the tier that earned the most. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Algodv2 } from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { BACKENDS } from '../backends.ts'
import { buildApi } from '../../src/api/app.ts'
import type { Database } from '../../src/db/database.ts'
import { EventWriter, ingest, SYNTHETIC_DEPLOYMENT, TRADER } from '../synthetic.ts'

const DAY = 86_400
const T0 = 19_675 * DAY
const [ALGO, GUSD] = [0, 10]
const ASSETS = [
  { id: ALGO, unitName: 'ALGO', decimals: 6 },
  { id: GUSD, unitName: 'gUSD', decimals: 6 },
]
const GUSD_1000 = 1_000_000_000n

describe.each(BACKENDS)('GET /api/fee-tiers on $name', (backend) => {
  let db: Database
  let app: FastifyInstance
  const w = new EventWriter(T0 - 40 * DAY)
  w.createPool(ALGO, GUSD, 100)
  w.createPool(ALGO, GUSD, 101, 5n)
  w.add(ALGO, GUSD, 1_000_000_000_000n, 200_000_000_000n)
  w.add(ALGO, GUSD, 100_000_000_000n, 20_000_000_000n, 1_000_000n, undefined, 5n)
  // 40 days ago: outside the 30-day window
  w.swap(GUSD, ALGO, 10n * GUSD_1000)
  w.time = T0
  // 3 gUSD of fee in the 30 bps pool; 2 × 0.5 gUSD in the 5 bps pool
  w.swap(GUSD, ALGO, GUSD_1000)
  w.swap(GUSD, ALGO, GUSD_1000, TRADER, undefined, 5n)
  w.swap(GUSD, ALGO, GUSD_1000, TRADER, undefined, 5n)
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

  it('lists a pair’s pools in each tier with their kind and fee, each swap keeping the fee its tier charged', async () => {
    const { pools } = (await get('/api/pools')).json()
    expect(pools.map((p: { id: number; feeBps: number; kind: string }) => [p.id, p.feeBps, p.kind])).toEqual([
      [100, 30, 'constant-product'],
      [101, 5, 'constant-product'],
    ])
    const fees = await db.query<{ pool_id: number; fee: string; fee_usd: number }>('SELECT pool_id, fee, fee_usd FROM swaps ORDER BY round')
    expect(fees.map((f) => [Number(f.pool_id), String(f.fee)])).toEqual([
      [100, '30000000'],
      [100, '3000000'],
      [101, '500000'],
      [101, '500000'],
    ])
    expect(fees.map((f) => f.fee_usd)).toEqual([30, 3, 0.5, 0.5])
    expect(w.reservesOf(ALGO, GUSD, 5n).map(String)).toEqual([pools[1].reserveA, pools[1].reserveB])
  })

  it('names, per pair, the tier that earned the most fees per dollar of liquidity over 30 days', async () => {
    const res = (await get('/api/fee-tiers')).json()
    expect([res.from, res.to]).toEqual([T0 + 3600 - 30 * DAY, T0 + 3600])
    expect(res.pairs).toHaveLength(1)
    const [pair] = res.pairs
    expect([pair.assetA.unitName, pair.assetB.unitName]).toEqual(['ALGO', 'gUSD'])
    // lowest fee first; the old swap is outside the window
    expect(pair.pools.map((p: { poolId: number; feeBps: number; feesUsd: number }) => [p.poolId, p.feeBps, p.feesUsd])).toEqual([
      [101, 5, 1],
      [100, 30, 3],
    ])
    for (const p of pair.pools) expect(p.feesPerLiquidity).toBeCloseTo(p.feesUsd / p.tvlUsd, 12)
    // $1 on a tenth of the liquidity beats $3
    expect(pair.pools[0].tvlUsd).toBeLessThan(pair.pools[1].tvlUsd / 5)
    expect(pair.best).toMatchObject({ poolId: 101, feeBps: 5 })
  })

  it('widens the window with days, and refuses a window out of range', async () => {
    const wide = (await get('/api/fee-tiers?days=60')).json()
    expect(wide.pairs[0].pools.map((p: { feesUsd: number }) => p.feesUsd)).toEqual([1, 33])
    // the old swap counts now: $33 beats $1 on a tenth of the liquidity
    expect(wide.pairs[0].best).toMatchObject({ poolId: 100, feeBps: 30 })
    for (const days of ['0', '366', 'x']) expect((await get(`/api/fee-tiers?days=${days}`)).statusCode).toBe(400)
  })
})
