// The worked arbitrage of docs/contracts.md ("Flash loans and flash swaps"): T is cheaper on Grove than on
// the Tinyman v2-compatible venue. One group takes T from the Grove pool first (a flash swap), sells it on
// the Tinyman pool for ALGO (the venue's own hop, between the start and the verify), pays the Grove pool
// the ALGO its invariant asks, and keeps the spread; the SDK's flash builder sets the offsets and fees.
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalnet } from '@grove/localnet'
import { buildFlash, flashLoanRepayment, flashSwapPayment } from '../../src/dex/flash.ts'
import type { Pool } from '../../src/dex/amm.ts'
import type { GroveContext } from '../../src/core/context.ts'
import { dexContract } from '../../src/dex/module.ts'
import { TINYMAN_LOCAL_LABEL, tinymanVenue, type HopQuote, type Venue } from '../../src/venues/index.ts'
import { startTwoVenues, type TwoVenues } from './two-venues.ts'

let t: TwoVenues
let token: bigint

beforeAll(async () => {
  t = await startTwoVenues()
  token = await t.asset()
  // Grove: 2 T per ALGO; Tinyman: 1.8 T per ALGO (T dearer there)
  await t.grovePool(0n, token, 1_000_000_000n, 2_000_000_000n)
  await t.tinymanPool(0n, token, 1_000_000_000n, 1_800_000_000n)
}, 180_000)

afterAll(async () => {
  await t?.stop()
})

/** The flash swap of `out` T from the Grove pool: Tinyman's price for it, the ALGO Grove's invariant asks, the spread and the group. */
async function arbitrage(ctx: GroveContext, pool: Pool, tinyman: Venue, out: bigint) {
  const [tinyPool] = await tinyman.findPools(0n, token)
  const sold = tinyman.quoteExactIn(tinyPool!, token, out)
  if (!sold.ok) throw new Error(sold.error)
  const quote = sold.quote as HopQuote
  const pay = flashSwapPayment(pool.reserveA, pool.reserveB, out, pool.feeBps)!
  const group = await buildFlash(ctx, { flash: 'swap', pool, amountA: 0n, amountB: out, repayA: pay, repayB: 0n, between: (g) => tinyman.addHop(g, quote, quote.amountOut) })
  return { quote, pay, spread: quote.amountOut - pay, group }
}

describe('a flash-swap arbitrage between Grove and the Tinyman venue', () => {
  it('takes T from Grove, sells it on Tinyman, pays Grove in ALGO and keeps the spread, all in one group', async () => {
    const { grove } = t
    const pool = await grove.pool(0n, token)
    const tinyman = t.venues.find((v) => v.name === 'tinyman')! as Venue
    const out = 20_000_000n
    const { quote, pay, spread, group } = await arbitrage(grove.ctx, pool, tinyman, out)
    expect(spread).toBeGreaterThan(0n)
    const deltas = await t.simulateDeltas(group.composer)
    // the trader's transfers net the spread in ALGO (the group's fees, 7,000 µALGO, come on top) and no T
    expect(deltas.get(token) ?? 0n).toBe(0n)
    expect(deltas.get(0n)).toBe(spread)
    expect(spread - group.fee).toBeGreaterThan(0n)
    await grove.send(group)
    const after = await grove.pool(0n, token)
    expect(after.reserveB).toBe(pool.reserveB - out)
    expect(after.reserveA * after.reserveB).toBeGreaterThan(pool.reserveA * pool.reserveB)
    console.log(`flash arbitrage: took ${out} T from Grove, sold for ${quote.amountOut} µALGO on Tinyman, paid Grove ${pay}: spread ${spread} µALGO, fees ${group.fee} µALGO, kept ${spread - group.fee} µALGO`)
  })

  it('runs the same arbitrage on a fork of that network (--fork): the fork keeps the spread, the network is untouched', async () => {
    const { grove } = t
    // the localnet is the network here (none other is reachable): the fork reads its apps, pools and accounts on first touch
    const fork = await startLocalnet({ algodPort: 0, kmdPort: 0, fork: { url: grove.net.algod.url, token: grove.net.algod.token } })
    try {
      const url = new URL(fork.algod.url)
      const algod = new algosdk.Algodv2(fork.algod.token, `${url.protocol}//${url.hostname}`, url.port)
      const reader = { algod, ids: grove.ids }
      const onNetwork = await grove.pool(0n, token)
      const pool = (await dexContract.readers.pool(reader, 0n, token))!
      expect([pool.reserveA, pool.reserveB]).toEqual([onNetwork.reserveA, onNetwork.reserveB])
      const tinyman = tinymanVenue({ algod, validatorAppId: t.validatorAppId, label: TINYMAN_LOCAL_LABEL }) as unknown as Venue
      const out = 10_000_000n
      const { quote, pay, spread, group } = await arbitrage({ ...grove.ctx, algod }, pool, tinyman, out)
      expect(spread - group.fee).toBeGreaterThan(0n)
      const before = (await algod.accountInformation(grove.trader.addr).do()).amount
      await group.composer.execute(algod, 4)
      // on the fork: the trader keeps the spread less the fees, the Grove pool lost `out` T
      expect((await algod.accountInformation(grove.trader.addr).do()).amount - before).toBe(spread - group.fee)
      expect((await dexContract.readers.pool(reader, 0n, token))!.reserveB).toBe(pool.reserveB - out)
      // on the network: nothing moved
      const after = await grove.pool(0n, token)
      expect([after.reserveA, after.reserveB]).toEqual([onNetwork.reserveA, onNetwork.reserveB])
      console.log(`flash arbitrage on a fork: took ${out} T, sold for ${quote.amountOut} µALGO, paid ${pay}: kept ${spread - group.fee} µALGO after ${group.fee} µALGO of fees`)
    } finally {
      await fork.stop()
    }
  })

  it('builds a flash loan through the DEX module (the Action union’s flash kind) with the offsets and fees set', async () => {
    const { grove } = t
    const pool = await grove.pool(0n, token)
    const amount = 50_000_000n
    const prepared = await dexContract.prepare(grove.ctx, { kind: 'flash', flash: 'loan', pool, amountA: amount, amountB: 0n, repayA: flashLoanRepayment(amount, pool.feeBps), repayB: 0n })
    // start (one inner) 2,000 + repayment 1,000 + verify 1,000
    expect(prepared.fee).toBe(4_000n)
    const deltas = await t.simulateDeltas(prepared.composer)
    // the borrower's transfers net the pool's fee on the loan (30 bps of 50 ALGO); the group's fees come on top
    expect(deltas.get(0n)).toBe(-(flashLoanRepayment(amount, pool.feeBps) - amount))
    await grove.send(prepared)
    expect((await grove.pool(0n, token)).reserveA).toBeGreaterThan(pool.reserveA)
  })
})
