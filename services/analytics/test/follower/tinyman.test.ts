// The Tinyman v2 follower against the localnet's Tinyman v2-compatible validator, on a deployment that
// names only the validator (a network where Grove is not deployed): pools bootstrapped, swaps of both
// kinds (a fixed-output swap's change refunded), adds (initial, flexible, single) and removes (both
// sides, one side) sent as Tinyman's protocol sends them. Every recorded amount must equal what the
// pool account's balances moved on algod, and each pool's row what its local state holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk, { type Algodv2 } from 'algosdk'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import VENUE_ARC56 from '@grove/contracts/artifacts/TinymanV2Venue.arc56.json' with { type: 'json' }
import { createTinymanPool } from '@grove/sdk/venues'
import { BACKENDS } from '../backends.ts'
import { startGrove, type Grove } from '../grove.ts'
import type { Database } from '../../src/db/database.ts'
import type { Deployment } from '../../src/config.ts'
import { Follower } from '../../src/follower/follower.ts'
import { buildApi } from '../../src/api/app.ts'

const ALGO = 0n
const text = (s: string) => new TextEncoder().encode(s)

/** One Tinyman operation as sent, and what the pool account's balances moved (+ in, − out) on algod. */
interface Sent {
  op: 'swap' | 'add' | 'remove'
  txnId: string
  pool: string
  moved: Map<bigint, bigint>
  lpMoved: bigint
}

let g: Grove
let deployment: Deployment
const sent: Sent[] = []
const pools: { address: string; token: bigint; assets: [bigint, bigint] }[] = []

async function balance(algod: Algodv2, address: string, asset: bigint): Promise<bigint> {
  if (asset === 0n) return BigInt((await algod.accountInformation(address).do()).amount)
  return BigInt((await algod.accountAssetInformation(address, asset).do()).assetHolding?.amount ?? 0)
}

/**
 * Sends `transfers` to the pool then the validator call, as one group, and records what the pool's
 * balances of its assets moved (the trader's side of each transfer, so fees do not blur ALGO).
 */
async function operate(op: Sent['op'], poolIndex: number, transfers: [bigint, bigint][], args: Uint8Array[], foreignAssets: bigint[]): Promise<void> {
  const { algod, trader } = g
  const pool = pools[poolIndex]!
  const watched = [...pool.assets, pool.token]
  const before = await Promise.all(watched.map((a) => balance(algod, pool.address, a)))
  const sp = await algod.getTransactionParams().do()
  const flat = (fee: bigint) => ({ ...sp, flatFee: true, fee })
  const txns = transfers.map(([asset, amount]) =>
    asset === 0n
      ? algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: trader.addr, receiver: pool.address, amount, suggestedParams: flat(1000n) })
      : algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: trader.addr, receiver: pool.address, assetIndex: asset, amount, suggestedParams: flat(1000n) }),
  )
  const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: trader.addr, appIndex: deployment.tinymanAppId!, appArgs: args, accounts: [pool.address], foreignAssets, suggestedParams: flat(4000n) })
  const atc = new algosdk.AtomicTransactionComposer()
  for (const txn of [...txns, call]) atc.addTransaction({ txn, signer: trader.signer })
  await atc.execute(algod, 4)
  const after = await Promise.all(watched.map((a) => balance(algod, pool.address, a)))
  const moved = new Map(pool.assets.map((a, i) => [a, after[i]! - before[i]!]))
  // pool tokens leave the pool account on an add and come back on a remove
  sent.push({ op, txnId: call.txID(), pool: pool.address, moved, lpMoved: before[2]! - after[2]! })
}

const swap = (i: number, assetIn: bigint, amountIn: bigint, mode: 'fixed-input' | 'fixed-output', amount: bigint) =>
  operate('swap', i, [[assetIn, amountIn]], [text('swap'), text(mode), algosdk.encodeUint64(amount)], pools[i]!.assets.slice().sort((x, y) => Number(y - x)))

beforeAll(async () => {
  g = await startGrove()
  const { algorand, trader, gusd, fern } = g
  const { appClient, result } = await algorand.client
    .getAppFactory({ appSpec: VENUE_ARC56 as unknown as Arc56Contract, defaultSender: trader.addr })
    .send.create({ method: 'createApplication', args: [] })
  await algorand.send.payment({ sender: trader.addr, receiver: appClient.appAddress, amount: microAlgo(100_000) })
  // the validator alone: no Grove app is followed
  deployment = { network: 'localnet', firstRound: result.confirmation.confirmedRound!, tinymanAppId: appClient.appId, stableAssetId: gusd }
  const setup = { algod: g.algod, sender: trader.addr, signer: trader.signer, validatorAppId: appClient.appId }
  for (const [x, y, rx, ry] of [[ALGO, gusd, 1_000_000_000_000n, 200_000_000_000n], [fern, gusd, 10_000_000_000n, 100_000_000_000n]] as const) {
    const made = await createTinymanPool(setup, x, y, rx, ry)
    pools.push({ address: made.address, token: made.poolTokenId, assets: x < y ? [x, y] : [y, x] })
  }
  await swap(0, ALGO, 1_000_000_000n, 'fixed-input', 1n)
  await swap(0, gusd, 300_000_000n, 'fixed-input', 1n)
  // fixed output with 10% more input than needed: the change comes back
  await swap(0, gusd, 330_000_000n, 'fixed-output', 1_400_000_000n)
  await swap(1, fern, 20_000_000n, 'fixed-input', 1n)
  await swap(1, gusd, 5_000_000_000n, 'fixed-output', 30_000_000n)
  // adds: both sides off the pool's ratio (asset 1 = gUSD first), one side
  await operate('add', 0, [[gusd, 20_000_000_000n], [ALGO, 90_000_000_000n]], [text('add_liquidity'), text('flexible'), algosdk.encodeUint64(1n)], [pools[0]!.token])
  await operate('add', 1, [[fern, 1_000_000_000n]], [text('add_liquidity'), text('single'), algosdk.encodeUint64(1n)], [pools[1]!.token])
  // removes: both sides, then one side (gUSD only)
  const lp = (await balance(g.algod, g.trader.addr.toString(), pools[0]!.token)) / 5n
  await operate('remove', 0, [[pools[0]!.token, lp]], [text('remove_liquidity'), algosdk.encodeUint64(1n), algosdk.encodeUint64(1n)], [gusd, ALGO])
  await operate('remove', 0, [[pools[0]!.token, lp]], [text('remove_liquidity'), algosdk.encodeUint64(1n), algosdk.encodeUint64(0n)], [gusd])
})

afterAll(async () => {
  await g?.stop()
})

describe.each(BACKENDS)('the Tinyman v2 follower on $name', (backend) => {
  let db: Database

  beforeAll(async () => {
    db = await backend.open()
    const f = new Follower({ db, algod: g.algod, deployment })
    await f.verifyChain()
    for (;;) {
      const r = await f.pollOnce()
      if (r.to >= r.tip) break
    }
  })
  afterAll(async () => {
    await db?.close()
  })

  it('records each swap with the amounts the pool account moved on algod, the change of a fixed-output swap refunded', async () => {
    const rows = await db.query<Record<string, string | number>>('SELECT s.*, p.address FROM swaps s JOIN pools p ON p.id = s.pool_id ORDER BY round, intra')
    const swaps = sent.filter((s) => s.op === 'swap')
    expect(rows.map((r) => r.txn_id)).toEqual(swaps.map((s) => s.txnId))
    rows.forEach((r, i) => {
      const s = swaps[i]!
      expect(r.address).toBe(s.pool)
      expect(s.moved.get(BigInt(r.asset_in))).toBe(BigInt(r.amount_in))
      expect(s.moved.get(BigInt(r.asset_out))).toBe(-BigInt(r.amount_out))
      expect(r.trader).toBe(g.trader.addr.toString())
    })
  })

  it('records each add and remove with what the provider moved of each side and the pool tokens', async () => {
    const rows = await db.query<Record<string, string | number>>('SELECT l.*, p.address, p.asset_a, p.asset_b FROM liquidity l JOIN pools p ON p.id = l.pool_id ORDER BY round, intra')
    // the two initial adds (createTinymanPool) come first
    expect(rows.slice(0, 2).map((r) => r.kind)).toEqual(['add', 'add'])
    const ops = sent.filter((s) => s.op !== 'swap')
    const later = rows.slice(2)
    expect(later.map((r) => r.txn_id)).toEqual(ops.map((s) => s.txnId))
    later.forEach((r, i) => {
      const s = ops[i]!
      const sign = s.op === 'add' ? 1n : -1n
      expect(r.kind).toBe(s.op)
      expect(sign * BigInt(r.amount_a)).toBe(s.moved.get(BigInt(r.asset_a)))
      expect(sign * BigInt(r.amount_b)).toBe(s.moved.get(BigInt(r.asset_b)))
      expect(sign * BigInt(r.lp)).toBe(s.lpMoved)
    })
  })

  it("writes each pool as Tinyman's local state holds it: venue, reserves (A = asset 2), pool tokens less the locked 1,000, fee", async () => {
    for (const p of pools) {
      const [row] = await db.query<Record<string, string | number>>('SELECT * FROM pools WHERE address = $1', [p.address])
      const local = await g.algod.accountApplicationInformation(p.address, deployment.tinymanAppId!).do()
      const state = new Map((local.appLocalState?.keyValue ?? []).map((kv) => [new TextDecoder().decode(kv.key), BigInt(kv.value.uint)]))
      expect(row).toMatchObject({ venue: 'tinyman', id: Number(p.token), asset_a: Number(p.assets[0]), asset_b: Number(p.assets[1]), fee_bps: Number(state.get('total_fee_share')) })
      expect([BigInt(row!.reserve_a), BigInt(row!.reserve_b), BigInt(row!.lp_issued)]).toEqual([state.get('asset_2_reserves'), state.get('asset_1_reserves'), state.get('issued_pool_tokens')! - 1000n])
      // the last swap or liquidity row carries the reserves the pool holds now
      const [last] = await db.query<{ reserve_a: string; reserve_b: string }>('SELECT reserve_a, reserve_b FROM pool_reserves WHERE pool_id = $1 ORDER BY round DESC, intra DESC LIMIT 1', [Number(p.token)])
      expect([BigInt(last!.reserve_a), BigInt(last!.reserve_b)]).toEqual([BigInt(row!.reserve_a), BigInt(row!.reserve_b)])
    }
  })

  it('serves the Tinyman pools in /api/pools with venue tinyman, priced through the gUSD pool, their swaps in candles and volume', async () => {
    const api = await buildApi({ db, algod: g.algod, deployment })
    try {
      const res = await api.inject({ method: 'GET', url: '/api/pools' })
      const body = res.json() as { pools: { id: number; venue: string; tvlUsd: number | null; trades24h: number }[] }
      expect(body.pools.map((p) => [p.id, p.venue])).toEqual(pools.map((p) => [Number(p.token), 'tinyman']).sort((x, y) => Number(x[0]) - Number(y[0])))
      for (const p of body.pools) expect(p.tvlUsd).toBeGreaterThan(0)
      const trades = body.pools.reduce((n, p) => n + p.trades24h, 0)
      expect(trades).toBe(sent.filter((s) => s.op === 'swap').length)
      const candles = await api.inject({ method: 'GET', url: `/api/pools/${pools[0]!.token}/candles?tf=1d&from=0` })
      expect((candles.json() as { candles: { trades: number }[] }).candles.reduce((n, c) => n + c.trades, 0)).toBe(3)
    } finally {
      await api.close()
    }
  })
})
