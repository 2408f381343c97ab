// The REST API through Fastify's inject, on both backends, over a small hand-checkable market:
// ALGO/gUSD (pool 100) at 0.2 gUSD per ALGO and ALGO/FERN (pool 101) at 2 FERN per ALGO.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateAccount, type Algodv2 } from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { BACKENDS } from '../backends.ts'
import { buildApi } from '../../src/api/app.ts'
import type { Database } from '../../src/db/database.ts'
import { EventWriter, ingest, PROVIDER, SYNTHETIC_DEPLOYMENT, TRADER } from '../synthetic.ts'
import { spotPrice } from '../../src/prices.ts'

const DAY = 86_400
const T0 = 19_675 * DAY // a UTC midnight
const NOW = T0 + 2 * DAY + 12 * 3600
const ALGO = 0
const GUSD = 10
const FERN = 20
const ASSETS = [
  { id: 0, unitName: 'ALGO', decimals: 6 },
  { id: GUSD, unitName: 'gUSD', decimals: 6 },
  { id: FERN, unitName: 'FERN', decimals: 6 },
  { id: 100, unitName: 'GLP', decimals: 6 },
  { id: 101, unitName: 'GLP', decimals: 6 },
]
const WEB_ORIGIN = 'http://127.0.0.1:5173'

function market() {
  const w = new EventWriter(T0 + 3600)
  w.createPool(ALGO, GUSD, 100)
  w.add(ALGO, GUSD, 1_000_000_000_000n, 200_000_000_000n)
  w.createPool(ALGO, FERN, 101)
  w.add(ALGO, FERN, 1_000_000_000_000n, 2_000_000_000_000n)
  w.time = T0 + 7200
  const early = w.swap(ALGO, GUSD, 1_000_000_000n)
  w.time = NOW - 3600
  w.swap(GUSD, ALGO, 100_000_000n)
  // a two-hop route in one app call: FERN → ALGO → gUSD
  const route = { round: 50, intra: 3, txnId: 'ROUTE', groupId: 'GROUTE' }
  const mid = w.swap(FERN, ALGO, 1_000_000_000n, TRADER, { ...route, logIndex: 0 })
  w.swap(ALGO, GUSD, mid, TRADER, { ...route, logIndex: 1 })
  return { w, early }
}

describe.each(BACKENDS)('the API on $name', (backend) => {
  let db: Database
  let app: FastifyInstance
  const { w, early } = market()
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })
  const fakeAlgod = { status: () => ({ do: async () => ({ lastRound: 60n }) }) } as unknown as Algodv2

  beforeAll(async () => {
    db = await backend.open()
    await ingest(db, w.events, ASSETS)
    app = await buildApi({ db, algod: fakeAlgod, deployment: SYNTHETIC_DEPLOYMENT, now: () => NOW, corsOrigin: [WEB_ORIGIN] })
  })
  afterAll(async () => {
    await app?.close()
    await db?.close()
  })

  describe('GET /api/health', () => {
    it('says starting before the follower has a watermark', async () => {
      const res = await get('/api/health')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ status: 'starting', watermark: null, chainRound: 60 })
    })

    it("reports the watermark, algod's round and the lag between them", async () => {
      await db.query("INSERT INTO watermark (round, block_hash, time) VALUES (55, 'h', $1)", [NOW])
      const res = await get('/api/health')
      expect(res.json()).toEqual({ status: 'syncing', watermark: 55, watermarkTime: NOW, chainRound: 60, lag: 5 })
      await db.query('UPDATE watermark SET round = 59')
      expect((await get('/api/health')).json()).toMatchObject({ status: 'ok', lag: 1 })
    })
  })

  describe('GET /api/pools', () => {
    it('lists the pools by id with reserves, price and TVL', async () => {
      const res = await get('/api/pools')
      expect(res.statusCode).toBe(200)
      const { pools, nextCursor } = res.json()
      expect(nextCursor).toBeNull()
      expect(pools.map((p: { id: number }) => p.id)).toEqual([100, 101])
      const [ra, rb] = w.reservesOf(ALGO, GUSD)
      expect(pools[0]).toMatchObject({ lpAsset: 100, assetA: { id: 0, unitName: 'ALGO', decimals: 6 }, assetB: { id: GUSD, unitName: 'gUSD' }, reserveA: String(ra), reserveB: String(rb), feeBps: 30 })
      expect(pools[0].price).toBeCloseTo(Number(rb) / Number(ra), 12)
      // both sides of ALGO/gUSD are worth the same at the pool's own price
      expect(pools[0].tvlUsd).toBeCloseTo((2 * Number(rb)) / 1e6, 3)
    })

    it('counts the last 24 hours of volume, fees and APR', async () => {
      const pool = (await get('/api/pools')).json().pools[0]
      expect(pool.trades24h).toBe(2)
      expect(pool.volume24hUsd).toBeGreaterThan(100)
      expect(pool.fees24hUsd).toBeCloseTo(pool.volume24hUsd * 0.003, 9)
      // a year of 365.25 days, as every APR of the SDK (its feeApr)
      expect(pool.feeApr).toBeCloseTo((pool.fees24hUsd * 365.25) / pool.tvlUsd, 12)
    })

    it('pages with a cursor', async () => {
      const first = (await get('/api/pools?limit=1')).json()
      expect(first.pools.map((p: { id: number }) => p.id)).toEqual([100])
      const second = (await get(`/api/pools?limit=1&cursor=${first.nextCursor}`)).json()
      expect(second.pools.map((p: { id: number }) => p.id)).toEqual([101])
      expect(second.nextCursor).toBeNull()
    })

    it.each([
      ['a cursor it did not make', '/api/pools?cursor=nonsense', /cursor/],
      ['a limit of 0', '/api/pools?limit=0', /limit/],
      ['a limit that is not a number', '/api/pools?limit=ten', /limit/],
      ['an unknown parameter', '/api/pools?sort=tvl', /additional/],
    ])('returns 400 with a message for %s', async (_name, url, message) => {
      const res = await get(url)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
      expect(res.json().message).toMatch(message)
    })
  })

  describe('GET /api/pools/:id', () => {
    it('returns the pool', async () => {
      const res = await get('/api/pools/101')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ id: 101, assetB: { id: FERN } })
    })

    it('returns 404 if the pool does not exist', async () => {
      const res = await get('/api/pools/999')
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'pool 999 does not exist' })
    })

    it.each(['abc', '-1', '1.5'])('returns 400 if the id is %s', async (id) => {
      const res = await get(`/api/pools/${id}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/params\/id/)
    })
  })

  describe('GET /api/pools/:id/candles', () => {
    it('returns the hourly candle of one swap as its price after the swap', async () => {
      const res = await get(`/api/pools/100/candles?tf=1h&from=${T0}&to=${T0 + DAY}`)
      expect(res.statusCode).toBe(200)
      const { candles } = res.json()
      expect(candles).toHaveLength(1)
      const ra = 1_000_000_000_000n + 1_000_000_000n - (3_000_000n / 6n)
      const rb = 200_000_000_000n - early
      const price = spotPrice(ra, rb, 6, 6)!
      expect(candles[0]).toMatchObject({ time: T0 + 7200, trades: 1, soldA: '1000000000', boughtB: String(early), soldB: '0', boughtA: '0', volumeA: '1000000000', volumeB: String(early) })
      for (const k of ['open', 'high', 'low', 'close']) expect(candles[0][k]).toBeCloseTo(price, 12)
    })

    it('merges the swaps of a bucket: open first, close last, high and low, volume both ways', async () => {
      const { candles } = (await get(`/api/pools/100/candles?tf=1d&from=${T0}&to=${NOW}`)).json()
      expect(candles.map((c: { time: number }) => c.time)).toEqual([T0, T0 + 2 * DAY])
      const day2 = candles[1]
      expect(day2.trades).toBe(2)
      const swaps = (await get('/api/pools/100/swaps')).json().swaps.filter((s: { time: number }) => s.time >= T0 + 2 * DAY)
      const prices = swaps.map((s: { price: number }) => s.price).reverse()
      expect(day2.open).toBe(prices[0])
      expect(day2.close).toBe(prices[1])
      expect(day2.high).toBe(Math.max(...prices))
      expect(day2.low).toBe(Math.min(...prices))
      expect(BigInt(day2.soldA) + BigInt(day2.soldB)).toBeGreaterThan(0n)
      expect(day2.soldB).toBe('100000000')
    })

    it('returns at most limit candles, the latest ones, oldest first', async () => {
      const { candles } = (await get(`/api/pools/100/candles?tf=5m&limit=1`)).json()
      expect(candles).toHaveLength(1)
      expect(candles[0].time).toBe(Math.floor((NOW - 3600) / 300) * 300)
    })

    it.each([
      ['no timeframe', '/api/pools/100/candles', /tf/],
      ['an unknown timeframe', '/api/pools/100/candles?tf=2h', /tf/],
      ['from after to', `/api/pools/100/candles?tf=1h&from=${NOW}&to=${T0}`, /from must not be after to/],
      ['a negative from', '/api/pools/100/candles?tf=1h&from=-5', /from/],
    ])('returns 400 for %s', async (_name, url, message) => {
      const res = await get(url)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(message)
    })

    it('returns 404 if the pool does not exist', async () => {
      expect((await get('/api/pools/7/candles?tf=1h')).statusCode).toBe(404)
    })
  })

  describe('GET /api/pools/:id/swaps', () => {
    it('lists the swaps newest first, one row per hop with its route position', async () => {
      const { swaps } = (await get('/api/pools/101/swaps')).json()
      expect(swaps).toHaveLength(1)
      expect(swaps[0]).toMatchObject({ txnId: 'ROUTE', groupId: 'GROUTE', hop: 0, assetIn: FERN, assetOut: ALGO, trader: TRADER, amountIn: '1000000000' })
      const pool100 = (await get('/api/pools/100/swaps')).json().swaps
      expect(pool100.map((s: { txnId: string; hop: number }) => [s.txnId, s.hop])).toEqual([['ROUTE', 1], ['TX6', 0], ['TX5', 0]])
    })

    it('pages with a cursor without repeating or skipping a swap', async () => {
      const all = (await get('/api/pools/100/swaps')).json().swaps
      const seen = []
      let cursor: string | null = null
      do {
        const res: { swaps: unknown[]; nextCursor: string | null } = (await get(`/api/pools/100/swaps?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json()
        seen.push(...res.swaps)
        cursor = res.nextCursor
      } while (cursor)
      expect(seen).toEqual(all)
    })

    it('returns 404 if the pool does not exist and 400 for a bad cursor', async () => {
      expect((await get('/api/pools/5/swaps')).statusCode).toBe(404)
      expect((await get('/api/pools/100/swaps?cursor=WzFd')).statusCode).toBe(400)
    })
  })

  describe('GET /api/tokens', () => {
    it('prices each token in ALGO and USD through the gUSD pool', async () => {
      const { tokens } = (await get('/api/tokens')).json()
      expect(tokens.map((t: { unitName: string }) => t.unitName)).toEqual(['ALGO', 'gUSD', 'FERN'])
      const [ra, rb] = w.reservesOf(ALGO, GUSD)
      const algoUsd = Number(rb) / Number(ra)
      const [fa, fb] = w.reservesOf(ALGO, FERN)
      const fernAlgo = Number(fa) / Number(fb)
      const byName = Object.fromEntries(tokens.map((t: { unitName: string }) => [t.unitName, t]))
      expect(byName.ALGO.priceAlgo).toBe(1)
      expect(byName.ALGO.priceUsd).toBeCloseTo(algoUsd, 12)
      expect(byName.gUSD.priceUsd).toBe(1)
      expect(byName.FERN.priceAlgo).toBeCloseTo(fernAlgo, 12)
      expect(byName.FERN.priceUsd).toBeCloseTo(fernAlgo * algoUsd, 12)
      expect(byName.ALGO.pools).toBe(2)
    })

    it('gives the 24h change against the reserves of 24 hours ago', async () => {
      const byName = Object.fromEntries((await get('/api/tokens')).json().tokens.map((t: { unitName: string }) => [t.unitName, t]))
      expect(byName.gUSD.change24h).toBe(0)
      expect(byName.FERN.change24h).toBeLessThan(0) // FERN was sold
    })
  })

  describe('GET /api/stats', () => {
    it("sums the pools' TVL, volume and fees", async () => {
      const stats = (await get('/api/stats?days=3')).json()
      const { pools } = (await get('/api/pools')).json()
      expect(stats.pools).toBe(2)
      expect(stats.tvlUsd).toBeCloseTo(pools.reduce((s: number, p: { tvlUsd: number }) => s + p.tvlUsd, 0), 6)
      expect(stats.volume24hUsd).toBeCloseTo(pools.reduce((s: number, p: { volume24hUsd: number }) => s + p.volume24hUsd, 0), 6)
      expect(stats.trades24h).toBe(3)
      expect(stats.volume7dUsd).toBeGreaterThan(stats.volume24hUsd)
    })

    it('gives a history per day with volume, fees and TVL', async () => {
      const { history } = (await get('/api/stats?days=3')).json()
      expect(history.map((h: { day: number }) => h.day)).toEqual([T0, T0 + DAY, T0 + 2 * DAY])
      expect(history[0].trades).toBe(1)
      expect(history[1]).toMatchObject({ trades: 0, volumeUsd: 0 })
      expect(history[1].tvlUsd).toBeGreaterThan(500_000)
      expect(history[2].feesUsd).toBeCloseTo(history[2].volumeUsd * 0.003, 9)
    })

    it("gives today's TVL in the history as the current TVL: the same SDK figure", async () => {
      const stats = (await get('/api/stats?days=3')).json()
      expect(stats.history.at(-1).tvlUsd).toBeCloseTo(stats.tvlUsd, 9)
    })

    it('returns 400 for days out of range', async () => {
      expect((await get('/api/stats?days=0')).statusCode).toBe(400)
      expect((await get('/api/stats?days=1000')).statusCode).toBe(400)
    })
  })

  describe('GET /api/accounts/:address/activity', () => {
    it("lists the account's swaps newest first", async () => {
      const { activity, nextCursor } = (await get(`/api/accounts/${TRADER}/activity`)).json()
      expect(nextCursor).toBeNull()
      expect(activity.map((a: { kind: string; txnId: string }) => `${a.kind}:${a.txnId}`)).toEqual(['swap:ROUTE', 'swap:ROUTE', 'swap:TX6', 'swap:TX5'])
    })

    it("lists a provider's adds, with the pool's venue and assets", async () => {
      const { activity } = (await get(`/api/accounts/${PROVIDER}/activity?limit=1`)).json()
      const none = { programId: null, lockId: null, asset: null, amount: null, stake: null, reward1: null, reward2: null, shares: null, orderId: null, orderKind: null }
      expect(activity).toEqual([
        { kind: 'add', contract: 'dex', round: 4, time: T0 + 3600, txnId: 'TX4', groupId: 'G4', poolId: 101, venue: 'grove', assetIn: null, assetOut: null, amountIn: null, amountOut: null, assetA: ALGO, assetB: FERN, amountA: '1000000000000', amountB: '2000000000000', lp: '1000000', ...none },
      ])
    })

    it('never ends a page inside an action: a routed swap’s hops come on one page, the next page after them', async () => {
      const first = (await get(`/api/accounts/${TRADER}/activity?limit=1`)).json()
      expect(first.activity.map((a: { txnId: string; groupId: string; venue: string }) => [a.txnId, a.groupId, a.venue])).toEqual([['ROUTE', 'GROUTE', 'grove'], ['ROUTE', 'GROUTE', 'grove']])
      const second = (await get(`/api/accounts/${TRADER}/activity?limit=1&cursor=${first.nextCursor}`)).json()
      expect(second.activity.map((a: { txnId: string }) => a.txnId)).toEqual(['TX6'])
      const third = (await get(`/api/accounts/${TRADER}/activity?limit=1&cursor=${second.nextCursor}`)).json()
      expect(third.activity.map((a: { txnId: string }) => a.txnId)).toEqual(['TX5'])
      expect(third.nextCursor).toBeNull()
    })

    it('takes nothing more when a page ends with an action’s last row', async () => {
      const { activity, nextCursor } = (await get(`/api/accounts/${TRADER}/activity?limit=2`)).json()
      expect(activity.map((a: { txnId: string }) => a.txnId)).toEqual(['ROUTE', 'ROUTE'])
      const rest = (await get(`/api/accounts/${TRADER}/activity?limit=2&cursor=${nextCursor}`)).json()
      expect(rest.activity.map((a: { txnId: string }) => a.txnId)).toEqual(['TX6', 'TX5'])
      expect(rest.nextCursor).toBeNull()
    })

    it("names a lock action's asset, also once the lock has left the account", async () => {
      const owner = generateAccount().addr.toString()
      await db.query(
        `INSERT INTO locks (id, owner, asset, amount, withdrawn, cliff, end_time, liquidity, created_round, created_time, updated_round, closed_round)
         VALUES (722801203534306, $1, $2, 1000000000000, 1000000000000, 0, 0, false, 7, $3, 8, 8)`,
        [owner, FERN, T0],
      )
      await db.query(
        `INSERT INTO lock_events (round, intra, log_index, time, txn_id, group_id, lock_id, kind, account, amount) VALUES
         (7, 0, 0, $2, 'LOCK', 'GLOCK', 722801203534306, 'lock', $1, 1000000000000), (8, 0, 0, $2, 'WITHDRAW', NULL, 722801203534306, 'withdraw', $1, 1000000000000)`,
        [owner, T0],
      )
      const { activity } = (await get(`/api/accounts/${owner}/activity?contract=locks`)).json()
      expect(activity.map((a: { kind: string; lockId: number; asset: number; amount: string; venue: null }) => [a.kind, a.lockId, a.asset, a.amount, a.venue])).toEqual([
        ['withdraw', 722801203534306, FERN, '1000000000000', null],
        ['lock', 722801203534306, FERN, '1000000000000', null],
      ])
    })

    it.each([
      ['not an address', 'hello', /params\/address/],
      ['an address with a bad checksum', 'A'.repeat(58), /checksum/],
    ])('returns 400 for %s', async (_name, address, message) => {
      const res = await get(`/api/accounts/${address}/activity`)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(message)
    })
  })

  describe('the API as a whole', () => {
    it('answers an unknown route with a JSON 404', async () => {
      const res = await get('/api/nothing')
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' })
    })

    it('serves an OpenAPI document listing every route with its parameters', async () => {
      const doc = (await get('/api/openapi.json')).json()
      expect(doc.openapi).toMatch(/^3\./)
      expect(Object.keys(doc.paths).sort()).toEqual(
        [
          '/api/accounts/{address}/activity', '/api/health', '/api/pools', '/api/pools/{id}', '/api/pools/{id}/candles', '/api/pools/{id}/swaps', '/api/pools/{id}/flashes', '/api/fee-tiers', '/api/stats', '/api/tokens',
          '/api/programs', '/api/programs/{id}', '/api/locks', '/api/locks/{id}', '/api/projects', '/api/projects/{asset}', '/api/vault', '/api/vault/events', '/api/admin/log',
          '/api/positions', '/api/positions/{id}/history', '/api/export.csv', '/api/orders', '/api/orders/{id}',
        ].sort(),
      )
      const candles = doc.paths['/api/pools/{id}/candles'].get
      expect(candles.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['from', 'id', 'limit', 'tf', 'to'])
      expect(candles.responses['200']).toBeDefined()
    })

    it("allows the web app's origin by CORS and no other", async () => {
      expect((await get('/api/pools', { origin: WEB_ORIGIN })).headers['access-control-allow-origin']).toBe(WEB_ORIGIN)
      expect((await get('/api/pools', { origin: 'http://evil.example' })).headers['access-control-allow-origin']).toBeUndefined()
    })
  })
})
