// The orders module and GET /api/orders over synthetic Orders events on each backend: a limit order
// filled in two parts and closed, a recurring order filled once and collected, one cancelled; listed
// newest first by owner, by what they sell and buy, open or ended, paged; one order with its history;
// 404 and 400 as every route. Each account's order actions in its activity: the owner's, the filler's fills
// and, as filled, the fills of the owner's orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Algodv2 } from 'algosdk'
import type { FastifyInstance } from 'fastify'
import type { DecodedEvent } from '@grove/sdk'
import { BACKENDS } from '../backends.ts'
import { buildApi } from '../../src/api/app.ts'
import type { Database } from '../../src/db/database.ts'
import { insertRows } from '../../src/db/insert.ts'
import type { EventPosition } from '../../src/follower/module.ts'
import { ordersModule } from '../../src/modules/orders.ts'
import { PROVIDER, SYNTHETIC_DEPLOYMENT, TRADER } from '../synthetic.ts'

const T0 = 19_675 * 86_400
const [ALGO, GUSD] = [0, 10]
const FILLER = 'VCMJKWOY5P5P7SKMZFFOCEROPJCZOTIJMNIYNUCKH7LRO45JMJP6UYBIJA'
const deployment = { ...SYNTHETIC_DEPLOYMENT, ordersAppId: 2000n }

/** Orders events as the contract logs them, each at its own round. */
function events(): { event: DecodedEvent; at: EventPosition }[] {
  const out: { event: DecodedEvent; at: EventPosition }[] = []
  let round = 10
  const at = (sender: string): EventPosition => ({ round: round++, time: T0 + round * 10, intra: 0, logIndex: 0, txnId: `TX${round}`, groupId: null, sender, appId: 2000n })
  const placed = (id: number, owner: string, assetIn: number, assetOut: number, amount: bigint, amountIn: bigint, minOut: bigint, interval = 0n) => ({
    event: { name: 'OrderPlaced', args: { id: BigInt(id), owner, assetIn: BigInt(assetIn), assetOut: BigInt(assetOut), amount, amountIn, minOut, maxOut: 0n, toleranceBps: interval ? 100n : 0n, poolTier: interval ? 30n : 0n, feeBps: 10n, expiry: 0n, interval } },
    at: at(owner),
  })
  // 1: TRADER sells 100 gUSD for ≥ 500 ALGO, filled 40 then 60 and closed
  out.push(placed(1, TRADER, GUSD, ALGO, 100_000_000n, 100_000_000n, 500_000_000n))
  out.push({ event: { name: 'OrderFilled', args: { id: 1n, owner: TRADER, filler: FILLER, amount: 40_000_000n, paid: 200_000_000n, fee: 200_000n, remaining: 60_000_000n } }, at: at(FILLER) })
  out.push({ event: { name: 'OrderFilled', args: { id: 1n, owner: TRADER, filler: FILLER, amount: 60_000_000n, paid: 300_000_000n, fee: 300_000n, remaining: 0n } }, at: at(FILLER) })
  out.push({ event: { name: 'OrderCollected', args: { id: 1n, owner: TRADER, amount: 500_000_000n } }, at: at(FILLER) })
  out.push({ event: { name: 'OrderClosed', args: { id: 1n, owner: TRADER, refunded: 0n, cancelled: false } }, at: at(FILLER) })
  // 2: PROVIDER buys gUSD with 3 × 10 ALGO every hour; one fill, collected
  out.push(placed(2, PROVIDER, ALGO, GUSD, 30_000_000n, 10_000_000n, 0n, 3600n))
  out.push({ event: { name: 'OrderFilled', args: { id: 2n, owner: PROVIDER, filler: FILLER, amount: 10_000_000n, paid: 1_980_000n, fee: 1_980n, remaining: 20_000_000n } }, at: at(FILLER) })
  out.push({ event: { name: 'OrderCollected', args: { id: 2n, owner: PROVIDER, amount: 1_980_000n } }, at: at(PROVIDER) })
  // 3: TRADER sells 5 ALGO for ≥ 2 gUSD, cancelled
  out.push(placed(3, TRADER, ALGO, GUSD, 5_000_000n, 5_000_000n, 2_000_000n))
  out.push({ event: { name: 'OrderClosed', args: { id: 3n, owner: TRADER, refunded: 5_000_000n, cancelled: true } }, at: at(TRADER) })
  return out
}

describe.each(BACKENDS)('GET /api/orders on $name', (backend) => {
  let db: Database
  let app: FastifyInstance
  const get = (url: string) => app.inject({ method: 'GET', url })

  beforeAll(async () => {
    db = await backend.open()
    const all = events()
    await db.transaction(async (sql) => {
      await insertRows(sql, 'assets', ['id', 'unit_name', 'name', 'decimals'], [[ALGO, 'ALGO', 'Algo', 6], [GUSD, 'gUSD', 'gUSD', 6]], 'ON CONFLICT (id) DO NOTHING')
      // two polls: the second finds the orders the first wrote
      for (const part of [all.slice(0, 3), all.slice(3)]) {
        const batch = await ordersModule.begin(sql, { algod: {} as Algodv2, deployment })
        for (const e of part) await batch.handle(e.event, e.at)
        await batch.flush()
      }
    })
    app = await buildApi({ db, algod: {} as Algodv2, deployment, now: () => T0 + 3600 })
  })
  afterAll(async () => {
    await app?.close()
    await db?.close()
  })

  it('lists every order newest first with its terms and what its fills did', async () => {
    const { orders } = (await get('/api/orders')).json()
    expect(orders.map((o: { id: number }) => o.id)).toEqual([3, 2, 1])
    expect(orders[2]).toMatchObject({ owner: TRADER, kind: 'limit', assetIn: { id: GUSD, unitName: 'gUSD' }, assetOut: { id: ALGO, unitName: 'ALGO' }, amount: '100000000', filled: '100000000', remaining: '0', received: '500000000', collected: '500000000', fills: 2, status: 'filled', feeBps: 10 })
    expect(orders[1]).toMatchObject({ owner: PROVIDER, kind: 'recurring', interval: 3600, toleranceBps: 100, poolTier: 30, amountIn: '10000000', filled: '10000000', remaining: '20000000', received: '1980000', collected: '1980000', fills: 1, status: 'open', endedRound: null })
    expect(orders[0]).toMatchObject({ status: 'cancelled', refunded: '5000000', remaining: '0' })
  })

  it('filters by owner, by what the orders sell and buy, open or ended', async () => {
    const ids = async (q: string) => (await get(`/api/orders?${q}`)).json().orders.map((o: { id: number }) => o.id)
    expect(await ids(`owner=${TRADER}`)).toEqual([3, 1])
    expect(await ids(`assetIn=${ALGO}&assetOut=${GUSD}`)).toEqual([3, 2])
    expect(await ids(`assetIn=${GUSD}`)).toEqual([1])
    expect(await ids('status=open')).toEqual([2])
    expect(await ids(`status=ended&owner=${TRADER}`)).toEqual([3, 1])
    expect(await ids('assetIn=18446744073709551615')).toEqual([])
  })

  it('pages with a cursor without repeating or skipping an order', async () => {
    const first = (await get('/api/orders?limit=2')).json()
    const second = (await get(`/api/orders?limit=2&cursor=${first.nextCursor}`)).json()
    expect([...first.orders, ...second.orders].map((o: { id: number }) => o.id)).toEqual([3, 2, 1])
    expect(second.nextCursor).toBeNull()
  })

  it('gives one order with its history newest first', async () => {
    const { order, events: history } = (await get('/api/orders/1')).json()
    expect(order).toMatchObject({ id: 1, status: 'filled' })
    expect(history.map((e: { kind: string }) => e.kind)).toEqual(['close', 'collect', 'fill', 'fill', 'place'])
    expect(history[3]).toMatchObject({ kind: 'fill', account: FILLER, amount: '40000000', paid: '200000000', fee: '200000' })
  })

  it('answers 404 for an order it does not know and 400 for a malformed owner, asset, status, cursor or limit', async () => {
    expect((await get('/api/orders/5')).statusCode).toBe(404)
    for (const url of ['/api/orders/abc', '/api/orders?owner=nobody', '/api/orders?assetIn=-1', '/api/orders?status=closed', '/api/orders?cursor=WzFd', '/api/orders?limit=0', '/api/orders?pair=1']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().message, url).toEqual(expect.any(String))
    }
  })
})

describe.each(BACKENDS)('orders in GET /api/accounts/:address/activity on $name', (backend) => {
  let db: Database
  let app: FastifyInstance
  const activity = async (account: string, query = '') => (await app.inject({ method: 'GET', url: `/api/accounts/${account}/activity${query}` })).json()
  const rows = async (account: string, query = '') => (await activity(account, query)).activity.map((a: { kind: string; round: number; orderId: number }) => [a.kind, a.round, a.orderId])

  beforeAll(async () => {
    db = await backend.open()
    await db.transaction(async (sql) => {
      await insertRows(sql, 'assets', ['id', 'unit_name', 'name', 'decimals'], [[ALGO, 'ALGO', 'Algo', 6], [GUSD, 'gUSD', 'gUSD', 6]], 'ON CONFLICT (id) DO NOTHING')
      const batch = await ordersModule.begin(sql, { algod: {} as Algodv2, deployment })
      for (const e of events()) await batch.handle(e.event, e.at)
      await batch.flush()
    })
    app = await buildApi({ db, algod: {} as Algodv2, deployment, now: () => T0 + 3600 })
  })
  afterAll(async () => {
    await app?.close()
    await db?.close()
  })

  it("lists an owner's place, collect, cancel and close and, as filled, the fills of their orders, newest first", async () => {
    expect(await rows(TRADER)).toEqual([['cancel', 19, 3], ['place', 18, 3], ['close', 14, 1], ['collect', 13, 1], ['filled', 12, 1], ['filled', 11, 1], ['place', 10, 1]])
  })

  it("lists a filler's fills, and an owner's fill of their own order once, as the fill", async () => {
    // the filler is PROVIDER, who fills TRADER's order and its own recurring one
    expect(FILLER).toBe(PROVIDER)
    expect(await rows(FILLER)).toEqual([['collect', 17, 2], ['fill', 16, 2], ['place', 15, 2], ['fill', 12, 1], ['fill', 11, 1]])
  })

  it("names each action's order and its assets: amount_in what the order sold (deposited, taken, refunded), amount_out what it got (a limit order's least pay, paid, collected)", async () => {
    const none = { poolId: null, venue: null, assetA: null, assetB: null, amountA: null, amountB: null, lp: null, programId: null, lockId: null, asset: null, amount: null, stake: null, reward1: null, reward2: null, shares: null }
    const [cancel, , , collect, , filled, place] = (await activity(TRADER)).activity
    expect(place).toEqual({ kind: 'place', contract: 'orders', round: 10, time: T0 + 110, txnId: 'TX11', groupId: null, ...none, orderId: 1, orderKind: 'limit', assetIn: GUSD, assetOut: ALGO, amountIn: '100000000', amountOut: '500000000' })
    expect(filled).toMatchObject({ orderId: 1, assetIn: GUSD, assetOut: ALGO, amountIn: '40000000', amountOut: '200000000' })
    expect(collect).toMatchObject({ orderId: 1, assetIn: GUSD, assetOut: ALGO, amountIn: null, amountOut: '500000000' })
    expect(cancel).toMatchObject({ orderId: 3, assetIn: ALGO, assetOut: GUSD, amountIn: '5000000', amountOut: null })
    // a recurring order's least pay is per fill, TWAP-bounded: none for its deposit
    expect((await activity(PROVIDER)).activity[2]).toMatchObject({ kind: 'place', orderKind: 'recurring', assetIn: ALGO, assetOut: GUSD, amountIn: '30000000', amountOut: null })
    expect((await activity(FILLER)).activity[1]).toMatchObject({ kind: 'fill', orderId: 2, orderKind: 'recurring', amountIn: '10000000', amountOut: '1980000' })
  })

  it('filters by contract=orders, and pages without repeating or skipping an action', async () => {
    expect(await rows(TRADER, '?contract=orders')).toEqual(await rows(TRADER))
    expect(await rows(TRADER, '?contract=dex')).toEqual([])
    const seen: unknown[] = []
    let cursor: string | null = null
    do {
      const page: { activity: { kind: string; round: number; orderId: number }[]; nextCursor: string | null } = await activity(TRADER, `?contract=orders&limit=3${cursor ? `&cursor=${cursor}` : ''}`)
      seen.push(...page.activity.map((a) => [a.kind, a.round, a.orderId]))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toEqual(await rows(TRADER))
  })
})
