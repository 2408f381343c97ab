// The follower against the embedded localnet: real pools, adds, swaps (exact in, exact out, a
// route, a zap), a remove and a fee collection through the SDK; the rows and candles must equal
// what a replay of the events algod recorded gives, and the pools what algod's boxes hold. Then
// crash safety (a poll that dies after writing its rows, before committing) and chain mismatch.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildAddLiquidity, firstAddMinLp, buildCollectFees, buildFlash, flashLoanRepayment, flashSwapPayment, buildCreatePool, buildRemoveLiquidity, buildSwapExactIn, buildSwapExactOut, buildSwapRoute, buildZap, decodeDexEvents, type DexEvent } from '@grove/sdk'
import { startLocalnet, type Localnet } from '@grove/localnet'
import { BACKENDS } from '../backends.ts'
import { startGrove, type Grove, type RecordedCall } from '../grove.ts'
import type { Database } from '../../src/db/database.ts'
import { ChainMismatchError, Follower } from '../../src/follower/follower.ts'
import { TIMEFRAMES, bucketOf, type Timeframe } from '../../src/candles.ts'
import { spotPrice } from '../../src/prices.ts'
import { algodClient, listenAnalytics, startAnalytics } from '../../src/start-analytics.ts'

const ALGO = 0n
let g: Grove
/** Every app call sent, with what algod recorded. */
const calls: RecordedCall[] = []
const send = async (group: Parameters<Grove['send']>[0]) => void calls.push(...(await g.send(group)))

beforeAll(async () => {
  g = await startGrove()
  const { ctx, gusd, fern } = g
  for (const [x, y] of [[ALGO, gusd], [ALGO, fern], [fern, gusd]] as const) await send(await buildCreatePool(ctx, x, y))
  await send(await buildAddLiquidity(ctx, await g.pool(ALGO, gusd), 1_000_000_000_000n, 200_000_000_000n, firstAddMinLp(1_000_000_000_000n, 200_000_000_000n, 0n))) // 0.2 gUSD per ALGO
  await send(await buildAddLiquidity(ctx, await g.pool(ALGO, fern), 1_000_000_000_000n, 20_000_000_000n, firstAddMinLp(1_000_000_000_000n, 20_000_000_000n, 0n))) // 2 FERN per ALGO
  await send(await buildAddLiquidity(ctx, await g.pool(fern, gusd), 10_000_000_000n, 100_000_000_000n, firstAddMinLp(10_000_000_000n, 100_000_000_000n, 0n)))
  for (let i = 0; i < 4; i++) {
    await send(await buildSwapExactIn(ctx, ALGO, gusd, 1_000_000_000n * BigInt(i + 1), 0n))
    await send(await buildSwapExactOut(ctx, gusd, ALGO, 500_000_000n, 10_000_000_000n))
  }
  await send(await buildSwapRoute(ctx, fern, [ALGO, gusd], 50_000_000n, 0n))
  await send(await buildZap(ctx, await g.pool(ALGO, fern), ALGO, 2_000_000_000n, 1_000_000_000n, 0n))
  const p = await g.pool(ALGO, gusd)
  await send(await buildRemoveLiquidity(ctx, p, p.lpIssued / 4n, 0n, 0n))
  await send(await buildCollectFees(ctx, await g.pool(ALGO, gusd), g.trader.addr))
  await send(await buildSwapExactIn(ctx, gusd, fern, 3_000_000n, 0n))
  // a flash loan of both sides, repaid with the fee; a flash swap taking gUSD for ALGO paid at the verify
  const lent = await g.pool(ALGO, gusd)
  await send(await buildFlash(ctx, { flash: 'loan', pool: lent, amountA: 5_000_000_000n, amountB: 700_000_000n, repayA: flashLoanRepayment(5_000_000_000n, lent.feeBps), repayB: flashLoanRepayment(700_000_000n, lent.feeBps) }))
  const swapped = await g.pool(ALGO, gusd)
  const pay = flashSwapPayment(swapped.reserveA, swapped.reserveB, 100_000_000n, swapped.feeBps)!
  await send(await buildFlash(ctx, { flash: 'swap', pool: swapped, amountA: 0n, amountB: 100_000_000n, repayA: pay, repayB: 0n }))
})

afterAll(async () => {
  await g?.stop()
})

/** The events algod recorded, in chain order, with where each sits. */
function recordedEvents(): { call: RecordedCall; logIndex: number; event: DexEvent }[] {
  return calls.flatMap((call) =>
    call.logs.flatMap((log, logIndex) => {
      const [event] = decodeDexEvents([log])
      return event ? [{ call, logIndex, event }] : []
    }),
  )
}

/** Follows to algod's tip. */
async function followAll(f: Follower): Promise<void> {
  for (;;) {
    const r = await f.pollOnce()
    if (r.to >= r.tip) return
  }
}

/** Every table's rows, in key order: what "the same index" means. */
async function snapshot(db: Database): Promise<Record<string, unknown[]>> {
  const tables: Record<string, string> = {
    watermark: 'round',
    assets: 'id',
    pools: 'id',
    swaps: 'round, intra, log_index',
    liquidity: 'round, intra, log_index',
    pool_reserves: 'pool_id, round, intra, log_index',
    fee_collections: 'round, intra, log_index',
    flashes: 'round, intra, log_index',
    candles: 'pool_id, tf, bucket',
  }
  const out: Record<string, unknown[]> = {}
  for (const [t, order] of Object.entries(tables)) out[t] = await db.query(`SELECT * FROM ${t} ORDER BY ${order}`)
  return out
}

describe.each(BACKENDS)('the follower on $name', (backend) => {
  let db: Database
  let reference: Record<string, unknown[]>
  const follower = (extra: Partial<ConstructorParameters<typeof Follower>[0]> = {}) => new Follower({ db, algod: g.algod, deployment: g.deployment, ...extra })

  beforeAll(async () => {
    db = await backend.open()
    const f = follower()
    await f.verifyChain()
    await followAll(f)
    reference = await snapshot(db)
  })
  afterAll(async () => {
    await db?.close()
  })

  it('follows from the deployment round to the tip and saves the tip block as the watermark', async () => {
    const tip = (await g.algod.status().do()).lastRound
    const [w] = await db.query<{ round: number; block_hash: string }>('SELECT round, block_hash FROM watermark')
    expect(w!.round).toBe(Number(tip))
    expect(w!.block_hash).toBe((await g.algod.getBlockHash(tip).do()).blockhash)
  })

  it("writes each pool's reserves and LP supply as algod's boxes hold them", async () => {
    const rows = await db.query<{ asset_a: number; asset_b: number; reserve_a: string; reserve_b: string; lp_issued: string; fee_bps: number }>('SELECT * FROM pools ORDER BY id')
    expect(rows).toHaveLength(3)
    for (const r of rows) {
      const box = await g.pool(BigInt(r.asset_a), BigInt(r.asset_b))
      expect([r.reserve_a, r.reserve_b, r.lp_issued, r.fee_bps]).toEqual([String(box.reserveA), String(box.reserveB), String(box.lpIssued), Number(box.feeBps)])
    }
  })

  it('records the assets with the decimals algod gives', async () => {
    const rows = await db.query<{ id: number; unit_name: string; decimals: number }>('SELECT id, unit_name, decimals FROM assets ORDER BY id')
    expect(rows.filter((r) => r.id === Number(g.fern) || r.id === Number(g.gusd) || r.id === 0).map((r) => [r.unit_name, r.decimals])).toEqual([['ALGO', 6], ['gUSD', 6], ['FERN', 4]])
  })

  it('writes one swap row per Swap event algod recorded: trader, amounts, hop and group', async () => {
    const expected = recordedEvents().filter((e) => e.event.name === 'Swap')
    const rows = await db.query<Record<string, string | number>>('SELECT * FROM swaps ORDER BY round, intra, log_index')
    expect(rows).toHaveLength(expected.length)
    const hops = new Map<string, number>()
    rows.forEach((row, i) => {
      const { call, logIndex, event } = expected[i]!
      const args = event.args as { assetIn: bigint; assetOut: bigint; amountIn: bigint; amountOut: bigint; protocolFee: bigint; trader: string }
      const hop = hops.get(call.txnId) ?? 0
      hops.set(call.txnId, hop + 1)
      expect(row).toMatchObject({
        round: Number(call.round),
        txn_id: call.txnId,
        log_index: logIndex,
        hop,
        trader: args.trader,
        asset_in: Number(args.assetIn),
        asset_out: Number(args.assetOut),
        amount_in: String(args.amountIn),
        amount_out: String(args.amountOut),
        protocol_fee: String(args.protocolFee),
      })
      expect(row.group_id).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    })
    const route = rows.filter((r) => r.hop === 1)
    expect(route).toHaveLength(1)
    expect(rows.filter((r) => r.txn_id === route[0]!.txn_id).map((r) => [r.asset_in, r.asset_out])).toEqual([[Number(g.fern), 0], [0, Number(g.gusd)]])
  })

  it('writes the adds (the zap too), the remove and the fee collection', async () => {
    const recorded = recordedEvents()
    const liquidity = await db.query<Record<string, string | number>>('SELECT kind, amount_a, amount_b, lp, provider FROM liquidity ORDER BY round, intra, log_index')
    expect(liquidity).toEqual(
      recorded
        .filter((e) => e.event.name === 'LiquidityAdded' || e.event.name === 'LiquidityRemoved')
        .map(({ event }) => {
          const a = event.args as { amountA: bigint; amountB: bigint; lp: bigint; provider: string }
          return { kind: event.name === 'LiquidityAdded' ? 'add' : 'remove', amount_a: String(a.amountA), amount_b: String(a.amountB), lp: String(a.lp), provider: a.provider }
        }),
    )
    expect(liquidity.map((l) => l.kind)).toEqual(['add', 'add', 'add', 'add', 'remove'])
    const [fees] = recorded.filter((e) => e.event.name === 'FeesCollected')
    const feeRows = await db.query<Record<string, string>>('SELECT amount_a, amount_b, treasury FROM fee_collections')
    const fa = fees!.event.args as { amountA: bigint; amountB: bigint; treasury: string }
    expect(feeRows).toEqual([{ amount_a: String(fa.amountA), amount_b: String(fa.amountB), treasury: fa.treasury }])
    expect(fa.amountA + fa.amountB).toBeGreaterThan(0n)
  })

  it('writes each flash loan and flash swap with what left, what came back and its fee, as the verify logged them', async () => {
    const recorded = recordedEvents().filter((e) => e.event.name === 'FlashLoan' || e.event.name === 'FlashSwap')
    expect(recorded.map((e) => e.event.name)).toEqual(['FlashLoan', 'FlashSwap'])
    const rows = await db.query<Record<string, string>>('SELECT kind, account, out_a, out_b, in_a, in_b, fee_a, fee_b, protocol_fee_a, protocol_fee_b FROM flashes ORDER BY round, intra, log_index')
    expect(rows).toEqual(
      recorded.map(({ event }) => {
        const f = event.args as Record<string, bigint | string>
        const loan = event.name === 'FlashLoan'
        const [outA, outB, inA, inB] = loan ? [f.amountA, f.amountB, f.repaidA, f.repaidB] : [f.outA, f.outB, f.inA, f.inB]
        return {
          kind: loan ? 'loan' : 'swap', account: String(loan ? f.borrower : f.trader),
          out_a: String(outA), out_b: String(outB), in_a: String(inA), in_b: String(inB),
          fee_a: String(f.feeA), fee_b: String(f.feeB), protocol_fee_a: String(f.protocolFeeA), protocol_fee_b: String(f.protocolFeeB),
        }
      }),
    )
    // the loan paid a fee on each side; the swap paid ALGO only
    expect(rows.map((r) => [BigInt(r.fee_a!) > 0n, BigInt(r.fee_b!) > 0n])).toEqual([[true, true], [true, false]])
    const [usd] = await db.query<{ fee_usd: number | null }>("SELECT fee_usd FROM flashes WHERE kind = 'loan'")
    expect(usd!.fee_usd).toBeGreaterThan(0)
  })

  it('writes the reserves after every change, ending at what the boxes hold', async () => {
    const changes = recordedEvents().filter((e) => e.event.name !== 'PoolCreated' && e.event.name !== 'FeesCollected')
    const rows = await db.query<{ pool_id: number; reserve_a: string; reserve_b: string }>('SELECT pool_id, reserve_a, reserve_b FROM pool_reserves ORDER BY round, intra, log_index')
    expect(rows).toHaveLength(changes.length)
    const pools = await db.query<{ id: number; reserve_a: string; reserve_b: string }>('SELECT id, reserve_a, reserve_b FROM pools')
    for (const p of pools) {
      const last = rows.filter((r) => r.pool_id === p.id).at(-1)!
      expect([last.reserve_a, last.reserve_b]).toEqual([p.reserve_a, p.reserve_b])
    }
  })

  it('builds every timeframe of candles as a replay of the recorded events gives them', async () => {
    const decimals: Record<string, number> = { '0': 6, [String(g.gusd)]: 6, [String(g.fern)]: 4 }
    const reserves = new Map<string, [bigint, bigint]>()
    const lpOf = new Map<string, number>()
    const expected = new Map<string, { open: number; high: number; low: number; close: number; sold_a: bigint; sold_b: bigint; bought_a: bigint; bought_b: bigint; trades: number }>()
    const times = new Map<bigint, number>()
    for (const { call, event } of recordedEvents()) {
      if (!times.has(call.round)) times.set(call.round, Number((await g.algod.block(call.round).do()).block.header.timestamp))
      const args = event.args as unknown as Record<string, bigint>
      if (event.name === 'PoolCreated') {
        reserves.set(`${args.a}/${args.b}`, [0n, 0n])
        lpOf.set(`${args.a}/${args.b}`, Number(args.lpAsset))
      } else if (event.name === 'LiquidityAdded' || event.name === 'LiquidityRemoved') {
        const r = reserves.get(`${args.a}/${args.b}`)!
        const s = event.name === 'LiquidityAdded' ? 1n : -1n
        r[0] += s * args.amountA!
        r[1] += s * args.amountB!
      } else if (event.name === 'FlashLoan' || event.name === 'FlashSwap') {
        // the verify moves the reserves by what came in less what went out and the protocol's share; a flash swap is a trade
        const loan = event.name === 'FlashLoan'
        const [outA, outB, inA, inB] = loan ? [args.amountA!, args.amountB!, args.repaidA!, args.repaidB!] : [args.outA!, args.outB!, args.inA!, args.inB!]
        const r = reserves.get(`${args.a}/${args.b}`)!
        r[0] += inA - outA - args.protocolFeeA!
        r[1] += inB - outB - args.protocolFeeB!
        if (loan) continue
        const price = spotPrice(r[0], r[1], decimals[String(args.a)]!, decimals[String(args.b)]!)!
        for (const tf of Object.keys(TIMEFRAMES) as Timeframe[]) {
          const key = `${lpOf.get(`${args.a}/${args.b}`)}|${tf}|${bucketOf(times.get(call.round)!, tf)}`
          const c = expected.get(key) ?? { open: price, high: price, low: price, close: price, sold_a: 0n, sold_b: 0n, bought_a: 0n, bought_b: 0n, trades: 0 }
          c.high = Math.max(c.high, price)
          c.low = Math.min(c.low, price)
          c.close = price
          c.sold_a += inA
          c.sold_b += inB
          c.bought_a += outA
          c.bought_b += outB
          c.trades++
          expected.set(key, c)
        }
      } else if (event.name === 'Swap') {
        const [a, b] = args.assetIn! < args.assetOut! ? [args.assetIn!, args.assetOut!] : [args.assetOut!, args.assetIn!]
        const r = reserves.get(`${a}/${b}`)!
        const aToB = args.assetIn === a
        r[aToB ? 0 : 1] += args.amountIn! - args.protocolFee!
        r[aToB ? 1 : 0] -= args.amountOut!
        const price = spotPrice(r[0], r[1], decimals[String(a)]!, decimals[String(b)]!)!
        for (const tf of Object.keys(TIMEFRAMES) as Timeframe[]) {
          const key = `${lpOf.get(`${a}/${b}`)}|${tf}|${bucketOf(times.get(call.round)!, tf)}`
          const c = expected.get(key) ?? { open: price, high: price, low: price, close: price, sold_a: 0n, sold_b: 0n, bought_a: 0n, bought_b: 0n, trades: 0 }
          c.high = Math.max(c.high, price)
          c.low = Math.min(c.low, price)
          c.close = price
          if (aToB) {
            c.sold_a += args.amountIn!
            c.bought_b += args.amountOut!
          } else {
            c.sold_b += args.amountIn!
            c.bought_a += args.amountOut!
          }
          c.trades++
          expected.set(key, c)
        }
      }
    }
    const rows = await db.query<Record<string, string | number>>('SELECT * FROM candles')
    expect(rows.length).toBe(expected.size)
    for (const row of rows) {
      const c = expected.get(`${row.pool_id}|${row.tf}|${row.bucket}`)
      expect(c, `candle ${row.pool_id} ${row.tf} ${row.bucket}`).toBeDefined()
      expect(row).toMatchObject({ open: c!.open, high: c!.high, low: c!.low, close: c!.close, sold_a: String(c!.sold_a), sold_b: String(c!.sold_b), bought_a: String(c!.bought_a), bought_b: String(c!.bought_b), trades: c!.trades })
    }
    // the last close is the spot price of algod's box (the flash swap was the pool's last trade)
    const box = await g.pool(ALGO, g.gusd)
    const [last] = await db.query<{ close: number }>(`SELECT close FROM candles WHERE pool_id = $1 AND tf = '1d' ORDER BY bucket DESC LIMIT 1`, [Number(box.lpAsset)])
    expect(last!.close).toBeCloseTo(spotPrice(box.reserveA, box.reserveB, 6, 6)!, 10)
  })

  it('values swaps in USD through the gUSD pool', async () => {
    const rows = await db.query<{ asset_in: number; amount_in: string; volume_usd: number }>('SELECT asset_in, amount_in, volume_usd FROM swaps')
    for (const r of rows) expect(r.volume_usd).toBeGreaterThan(0)
    const gusdIn = rows.find((r) => r.asset_in === Number(g.gusd))!
    expect(gusdIn.volume_usd).toBeCloseTo(Number(gusdIn.amount_in) / 1e6, 9)
  })

  it('loses and duplicates nothing when a poll dies after writing its rows, before committing; a restart resumes', async () => {
    await backend.open() // empty again
    for (const crashAt of [1, 3, 6]) {
      let polls = 0
      const f = follower({
        maxRoundsPerPoll: 3,
        beforeCommit: () => {
          if (++polls === crashAt) throw new Error('killed before commit')
        },
      })
      await f.verifyChain()
      let before = await snapshot(db)
      let crashed = false
      for (;;) {
        try {
          const r = await f.pollOnce()
          if (r.to >= r.tip) break
          before = await snapshot(db)
        } catch (e) {
          expect((e as Error).message).toBe('killed before commit')
          crashed = true
          break
        }
      }
      expect(crashed).toBe(true)
      // the dead poll left nothing: the tables are as the poll before it committed them
      expect(await snapshot(db)).toEqual(before)
    }
    // a restart (a new follower on the same database) follows on to the tip
    const restarted = follower()
    await restarted.verifyChain()
    await followAll(restarted)
    expect(await snapshot(db)).toEqual(reference)
  })

  it('refuses with a sentence when the genesis hash differs from the chain it followed', async () => {
    await db.query("UPDATE chain SET genesis_hash = 'AAAA'")
    try {
      const err = await follower().verifyChain().catch((e) => e)
      expect(err).toBeInstanceOf(ChainMismatchError)
      expect(err.message).toMatch(/^This database followed the chain .+ \(genesis hash AAAA\), but algod serves .+; refusing to mix chains/)
    } finally {
      await db.query('UPDATE chain SET genesis_hash = $1', [Buffer.from((await g.algod.versionsCheck().do()).genesisHashB64).toString('base64')])
    }
  })

  describe('on another localnet', () => {
    let other: Localnet
    beforeAll(async () => {
      other = await startLocalnet({ algodPort: 0, kmdPort: 0 })
      // blocks of its own (the genesis block is the same on every localnet)
      const { AlgorandClient, microAlgo } = await import('@algorandfoundation/algokit-utils')
      const u = new URL(other.algod.url)
      const k = new URL(other.kmd.url)
      const algorand = AlgorandClient.fromConfig({ algodConfig: { server: `http://${u.hostname}`, port: u.port, token: other.algod.token }, kmdConfig: { server: `http://${k.hostname}`, port: k.port, token: other.kmd.token } })
      const dispenser = await algorand.account.localNetDispenser()
      for (let i = 0; i < 3; i++) await algorand.send.payment({ sender: dispenser.addr, receiver: dispenser.addr, amount: microAlgo(i), note: `other ${i}` })
    })
    afterAll(async () => {
      await other?.stop()
    })

    it('refuses when algod lacks the watermark round', async () => {
      const f = new Follower({ db, algod: algodClient(other.algod.url, other.algod.token), deployment: g.deployment })
      const err = await f.verifyChain().catch((e) => e)
      expect(err).toBeInstanceOf(ChainMismatchError)
      expect(err.message).toMatch(/but algod has no block \d+: it is not the chain the database followed/)
    })

    it("refuses when the watermark round's block hash differs", async () => {
      const saved = await db.query<{ round: number; block_hash: string }>('SELECT round, block_hash FROM watermark')
      const round = Number((await algodClient(other.algod.url, other.algod.token).status().do()).lastRound)
      const hash = (await g.algod.getBlockHash(round).do()).blockhash
      await db.query('UPDATE watermark SET round = $1, block_hash = $2', [round, hash])
      try {
        const err = await new Follower({ db, algod: algodClient(other.algod.url, other.algod.token), deployment: g.deployment }).verifyChain().catch((e) => e)
        expect(err).toBeInstanceOf(ChainMismatchError)
        expect(err.message).toMatch(new RegExp(`^Block ${round} on algod has hash .+, but the database followed a block ${round} with hash`))
      } finally {
        await db.query('UPDATE watermark SET round = $1, block_hash = $2', [saved[0]!.round, saved[0]!.block_hash])
      }
    })
  })
})

describe('startAnalytics', () => {
  it('tells its host each poll the follower commits, from the deployment round up to the tip', async () => {
    const polls: { from: bigint; to: bigint; tip: bigint }[] = []
    const service = await startAnalytics({ algod: g.net.algod, database: 'memory://', deployment: g.deployment, port: 0, onPoll: (p) => polls.push(p) })
    try {
      await vi.waitFor(() => expect(polls.some((p) => p.to >= p.tip && p.tip > 0n)).toBe(true), { timeout: 30_000 })
    } finally {
      await service.stop()
    }
    expect(polls[0]!.from).toBe(BigInt(g.deployment.firstRound))
    for (let i = 1; i < polls.length; i++) expect(polls[i]!.from).toBe(polls[i - 1]!.to + 1n)
  })

  it('refuses to start on a data directory that followed another chain', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const dir = await mkdtemp(join(tmpdir(), 'grove-analytics-'))
    try {
      const first = await startAnalytics({ algod: g.net.algod, database: dir, deployment: g.deployment, port: 0 })
      for (let i = 0; i < 200 && Number((await first.follower.pollOnce().catch(() => ({ to: 0n }))).to) < Number(first.follower.tip); i++);
      const health = (await (await fetch(`${first.url}/api/health`)).json()) as { status: string }
      expect(health.status).toBe('ok')
      await first.stop()
      const other = await startLocalnet({ algodPort: 0, kmdPort: 0 })
      try {
        await expect(startAnalytics({ algod: other.algod, database: dir, deployment: g.deployment, port: 0 })).rejects.toThrow(/not the chain the database followed/)
        // bound first, a service that then refuses the chain answers what waited (and what comes) with a 503 saying why
        const early = await listenAnalytics({ algod: other.algod, database: dir, deployment: g.deployment, port: 0 })
        // a request before anyone started it starts it
        const waited = fetch(`${early.url}/api/health`)
        await expect(early.start()).rejects.toThrow(/not the chain the database followed/)
        const refused = await waited
        expect(refused.status).toBe(503)
        expect(((await refused.json()) as { message: string }).message).toMatch(/^the analytics service did not start: .*not the chain the database followed/)
      } finally {
        await other.stop()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('binds its port before it starts when listening first: a request made at once waits and is answered, and start() is one service', async () => {
    const early = await listenAnalytics({ algod: g.net.algod, database: 'memory://', deployment: g.deployment, port: 0 })
    expect(early.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    // sent before the service is started: it waits for the database and the routes
    const pools = fetch(`${early.url}/api/pools`)
    const service = await early.start()
    expect(await early.start()).toBe(service)
    try {
      expect(service.url).toBe(early.url)
      const res = await pools
      expect(res.status).toBe(200)
      expect(((await res.json()) as { pools: unknown[] }).pools).toEqual(expect.any(Array))
      expect((await fetch(`${early.url}/api/nothing`)).status).toBe(404)
    } finally {
      await service.stop()
    }
    // stopped: the port is closed
    await expect(fetch(`${early.url}/api/health`)).rejects.toThrow()
  })
})
