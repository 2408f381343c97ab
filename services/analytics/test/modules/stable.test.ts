// The Stable app's module against the embedded localnet: Grove deployed whole, a stable pool of gUSD and
// an 8-decimal dollar coin (gUSDt) made, filled and traded through the SDK, then the follower's tables and
// the API must hold what the Stable app's box holds: the pool (kind 'stable', its fee tier), its swaps,
// liquidity, candles and fees, and the account's actions under contract=stable (not dex).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stable, stableContract, type GroveContext } from '@grove/sdk'
import type { FastifyInstance } from 'fastify'
import { BACKENDS } from '../backends.ts'
import { startFullGrove, type FullGrove } from '../activity.ts'
import type { Database } from '../../src/db/database.ts'
import { Follower, readWatermark } from '../../src/follower/follower.ts'
import { buildApi } from '../../src/api/app.ts'
import { stableSpotPrice } from '../../src/prices.ts'

let g: FullGrove
let gusdt: bigint
let pool: stable.StablePoolState
/** What the flash loan's fee added to the pool's fees held off the curve and the protocol's (gUSDt units). */
let loanFee: bigint
const FEE_BPS = 5n

beforeAll(async () => {
  g = await startFullGrove()
  const { algorand, algod, admin, bob, gusd } = g
  gusdt = (await algorand.send.assetCreate({ sender: admin.addr, total: 10n ** 17n, decimals: 8, unitName: 'gUSDt', assetName: 'Grove Tether' })).assetId
  const ctx = (who: typeof admin): GroveContext => ({ algod, ids: g.ids, sender: who.addr, signer: who.signer })
  const send = async (group: Promise<{ composer: { execute: (a: typeof algod, r: number) => Promise<unknown> } }>) => (await group).composer.execute(algod, 4)
  await send(stable.buildCreateStablePool(ctx(admin), { a: gusd, b: gusdt, feeBps: FEE_BPS, amp: 100n }))
  const read = async () => (await stableContract.readers.pool(g, gusd, gusdt, FEE_BPS))!
  pool = await read()
  await algorand.send.assetOptIn({ sender: admin.addr, assetId: pool.lpAsset })
  // $100k a side: gUSD 6 decimals, gUSDt 8
  await send(stable.buildStableAdd(ctx(admin), pool, 100_000n * 10n ** 6n, 100_000n * 10n ** 8n, 1n))
  for (const assetId of [gusd, gusdt, pool.lpAsset]) await algorand.send.assetOptIn({ sender: bob.addr, assetId })
  await algorand.send.assetTransfer({ sender: admin.addr, receiver: bob.addr, assetId: gusd, amount: 50_000n * 10n ** 6n })
  await algorand.send.assetTransfer({ sender: admin.addr, receiver: bob.addr, assetId: gusdt, amount: 50_000n * 10n ** 8n })
  // Bob: a swap each way, a one-sided add, a remove of part of it
  await send(stable.buildStableSwap(ctx(bob), await read(), gusd, 20_000n * 10n ** 6n, 1n))
  await send(stable.buildStableSwap(ctx(bob), await read(), gusdt, 5_000n * 10n ** 8n, 1n))
  await send(stable.buildStableAdd(ctx(bob), await read(), 10_000n * 10n ** 6n, 0n, 1n))
  const lp = (await algod.accountAssetInformation(bob.addr, pool.lpAsset).do()).assetHolding!.amount
  await send(stable.buildStableRemove(ctx(bob), await read(), lp / 2n, 0n, 0n))
  // Bob borrows 1,000 gUSDt for one group and repays it with the pool's fee (the LPs' off the curve, less the protocol's share)
  const before = await read()
  await send(stable.buildStableFlashLoan(ctx(bob), { pool: before, amountA: 0n, amountB: 1_000n * 10n ** 8n }))
  loanFee = (await read()).feesB + (await read()).protocolFeesB - before.feesB - before.protocolFeesB
  pool = await read()
}, 300_000)

afterAll(async () => {
  await g?.stop()
})

describe('stableSpotPrice', () => {
  it('is 1 at balance, near 1 off balance at a high A, and the reserves’ ratio at A → 0', () => {
    expect(stableSpotPrice(100, 100, 100)).toBeCloseTo(1, 12)
    // A scarce: it costs more B; a stable pool keeps the price near 1 where constant product would say 1.5
    const p = stableSpotPrice(80, 120, 100)!
    expect(p).toBeGreaterThan(1)
    expect(p).toBeLessThan(1.01)
    expect(stableSpotPrice(80, 120, 1e-9)).toBeCloseTo(1.5, 6)
    expect(stableSpotPrice(0, 120, 100)).toBeUndefined()
  })

  it('is what a tiny swap on the pool gets, by the SDK’s exact math (fee aside)', () => {
    const x = Number(pool.reserveA) / 1e6
    const y = Number(pool.reserveB) / 1e8
    const q = stable.quoteStableSwap(pool, pool.a, 1_000_000n, pool.futureTime)
    const got = Number(q.amountOut + q.fee) / 1e8
    // a unit's own impact aside: within a millionth
    expect(stableSpotPrice(x, y, 100)).toBeCloseTo(got, 5)
  })
})

describe.each(BACKENDS)('the Stable module on $name', (backend) => {
  let db: Database
  let app: FastifyInstance
  const get = async (url: string) => (await app.inject({ method: 'GET', url })).json()
  beforeAll(async () => {
    db = await backend.open()
    // a few rounds a poll, so later polls find the stable pool in the table (its kind read back) rather than in memory
    const f = new Follower({ db, algod: g.algod, deployment: g.deployment, maxRoundsPerPoll: 4 })
    await f.verifyChain()
    for (;;) {
      const r = await f.pollOnce()
      if (r.to >= r.tip) break
    }
    const now = (await readWatermark(db))!.time!
    app = await buildApi({ db, algod: g.algod, deployment: g.deployment, now: () => now })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('lists the stable pool in /api/pools with kind stable, its fee tier and what its LPs own (the box’s reserves plus their fees)', async () => {
    const { pools } = await get('/api/pools?limit=100')
    const row = pools.find((p: { id: number }) => p.id === Number(pool.lpAsset))
    expect(row).toMatchObject({
      venue: 'grove',
      kind: 'stable',
      feeBps: Number(FEE_BPS),
      assetA: { id: Number(g.gusd), unitName: 'gUSD', decimals: 6 },
      assetB: { id: Number(gusdt), unitName: 'gUSDt', decimals: 8 },
      reserveA: String(pool.reserveA + pool.feesA),
      reserveB: String(pool.reserveB + pool.feesB),
      lpIssued: String(pool.lpIssued),
    })
    // gUSD is the stable coin: $1 a unit, so the pool's TVL is near $210k (both sides near $1)
    expect(row.tvlUsd).toBeGreaterThan(200_000)
    expect(row.volume24hUsd).toBeGreaterThan(24_000)
    expect(row.trades24h).toBe(2)
    // priced by the invariant, not by the reserves' ratio (~0.67 here): the pool's price and gUSDt's USD price are near 1
    expect(row.price).toBeGreaterThan(0.995)
    expect(row.price).toBeLessThan(1.005)
    const { tokens } = await get('/api/tokens?limit=100')
    expect(tokens.find((t: { id: number }) => t.id === Number(gusdt)).priceUsd).toBeCloseTo(1 / row.price, 9)
    // the DEX's pools are none of these: every constant-product pool here is another
    expect(pools.filter((p: { kind: string }) => p.kind === 'stable')).toHaveLength(1)
  })

  it('records the flash loan with its fee in the pool’s flashes, the reserves after it the LPs’ (box plus fees)', async () => {
    const { flashes } = await get(`/api/pools/${pool.lpAsset}/flashes`)
    expect(flashes).toHaveLength(1)
    const lent = 1_000n * 10n ** 8n
    const fee = (lent * FEE_BPS + 9_999n) / 10_000n
    expect(loanFee).toBe(fee)
    expect(flashes[0]).toMatchObject({ kind: 'loan', account: g.bob.addr.toString(), outA: '0', outB: String(lent), inA: '0', inB: String(lent + fee), feeA: '0', feeB: String(fee) })
    // gUSDt near its peg: the fee near its face value in dollars
    expect(flashes[0].feeUsd).toBeCloseTo(Number(fee) / 1e8, 2)
    expect([flashes[0].reserveA, flashes[0].reserveB]).toEqual([String(pool.reserveA + pool.feesA), String(pool.reserveB + pool.feesB)])
  })

  it('records its swaps with their fee and the invariant’s price (near 1), candles, and liquidity rows', async () => {
    const { swaps } = await get(`/api/pools/${pool.lpAsset}/swaps`)
    expect(swaps.map((s: { assetIn: number; amountIn: string; hop: number }) => [s.assetIn, s.amountIn, s.hop])).toEqual([
      [Number(gusdt), String(5_000n * 10n ** 8n), 0],
      [Number(g.gusd), String(20_000n * 10n ** 6n), 0],
    ])
    // gUSD sold in first (cheaper after), gUSDt next: near 1 at A = 100, where the reserves' ratio says ~0.67
    const [second, first] = swaps
    expect(first.price).toBeGreaterThan(0.995)
    expect(first.price).toBeLessThan(1)
    expect(second.price).toBeGreaterThan(first.price)
    expect((Number(first.reserveB) / 1e8) / (Number(first.reserveA) / 1e6)).toBeLessThan(0.7)
    for (const s of swaps) {
      expect(s.volumeUsd).toBeGreaterThan(4_900)
      // a dollar in gets near a dollar out (more for the coin the pool is short of), the 5 bps fee taken
      const out = Number(s.amountOut) / 10 ** (s.assetOut === Number(gusdt) ? 8 : 6)
      const inn = Number(s.amountIn) / 10 ** (s.assetIn === Number(gusdt) ? 8 : 6)
      expect(Math.abs(out / inn - 1)).toBeLessThan(0.003)
    }
    // the fee column in the input's units (⌈amountIn · 5 bps⌉), its USD value the fee the contract took off the output (~$10, gUSDt near $1)
    const fees = await db.query<{ fee: string; fee_usd: number }>('SELECT fee::text, fee_usd FROM swaps WHERE pool_id = $1 ORDER BY round', [pool.lpAsset])
    expect(fees[0]).toMatchObject({ fee: String((20_000n * 10n ** 6n * FEE_BPS + 9_999n) / 10_000n) })
    expect(Math.abs(fees[0]!.fee_usd - 10)).toBeLessThan(0.1)
    const { candles } = await get(`/api/pools/${pool.lpAsset}/candles?tf=1d`)
    expect(candles.reduce((n: number, c: { trades: number }) => n + c.trades, 0)).toBe(2)
    const kinds = await db.query<{ kind: string; provider: string }>('SELECT kind, provider FROM liquidity WHERE pool_id = $1 ORDER BY round, intra, log_index', [pool.lpAsset])
    expect(kinds).toEqual([
      { kind: 'add', provider: g.admin.addr.toString() },
      { kind: 'add', provider: g.bob.addr.toString() },
      { kind: 'remove', provider: g.bob.addr.toString() },
    ])
    const { tiers } = await get('/api/fee-tiers').then((r) => ({ tiers: JSON.stringify(r) }))
    expect(tiers).toContain('"kind":"stable"')
  })

  it('lists the account’s stable swaps and liquidity under contract=stable, none of them under dex', async () => {
    const bob = g.bob.addr.toString()
    const mine = await get(`/api/accounts/${bob}/activity?contract=stable`)
    expect(mine.activity.map((a: { kind: string; contract: string }) => `${a.contract}.${a.kind}`)).toEqual(['stable.remove', 'stable.add', 'stable.swap', 'stable.swap'])
    expect(mine.activity[3]).toMatchObject({ poolId: Number(pool.lpAsset), venue: 'grove', assetIn: Number(g.gusd), assetOut: Number(gusdt), amountIn: String(20_000n * 10n ** 6n) })
    const dex = await get(`/api/accounts/${bob}/activity?contract=dex`)
    expect(dex.activity.filter((a: { poolId: number | null }) => a.poolId === Number(pool.lpAsset))).toEqual([])
  })

  it('keeps the pool apart from the DEX’s rows: one pools row of kind stable, its protocol fees as the box holds them', async () => {
    const rows = await db.query<Record<string, unknown>>("SELECT kind, venue, fee_bps, protocol_fees_a::text AS pa, protocol_fees_b::text AS pb FROM pools WHERE kind = 'stable'")
    expect(rows).toEqual([{ kind: 'stable', venue: 'grove', fee_bps: Number(FEE_BPS), pa: String(pool.protocolFeesA), pb: String(pool.protocolFeesB) }])
  })
})
