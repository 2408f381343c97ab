// Stable pools through the SDK on a localnet: a seeded sample of swaps, adds (any proportion, one side
// alone) and removes where each quote is what algod's simulation returns and what the box holds after
// sending, to the base unit, and the fee each group was built with pays exactly the op-ups the quote
// predicts (the confirmed call's inner app calls). CI runs a bounded sample.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import algosdk from 'algosdk'
import { startGrove, type Grove } from '../fixture.ts'
import { stableContract } from '../../src/stable/module.ts'
import { STABLE_SPEC } from '../../src/stable/spec.ts'
import { newtonD, NoConvergenceError, type StablePoolState } from '../../src/stable/math.ts'
import type { StableAddQuote, StableRemoveQuote, StableSwapQuote } from '../../src/stable/math.ts'
import { buildAddLiquidity, buildCreatePool } from '../../src/dex/transactions.ts'
import { firstAddMinLp } from '../../src/dex/amm.ts'
import { GroupBuilder } from '../../src/core/group.ts'
import { groveVenue } from '../../src/venues/grove.ts'
import { stableVenue } from '../../src/venues/stable.ts'
import { buildRoute, findRoute, planRoute, planVenues, onlyVenues } from '../../src/venues/router.ts'

const STEPS = process.env.CI ? 12 : 40
const TIER = 5n

let grove: Grove
const reader = () => ({ algod: grove.algod, ids: grove.ids })
const pool = async (a: bigint, b: bigint): Promise<StablePoolState> => (await stableContract.readers.pool(reader(), a, b, TIER))!

/** A small seeded generator (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Simulates a prepared group: the app call's ABI return. */
async function simulated(group: { composer: algosdk.AtomicTransactionComposer }): Promise<unknown> {
  const result = await group.composer.simulate(grove.algod, new algosdk.modelsv2.SimulateRequest({ txnGroups: [], allowEmptySignatures: true }))
  expect(result.simulateResponse.txnGroups[0]!.failureMessage).toBeUndefined()
  return result.methodResults.find((r) => r.returnValue !== undefined)?.returnValue
}

/** Sends a prepared group; the op-up inner calls its app call made. */
async function sent(group: { composer: algosdk.AtomicTransactionComposer }): Promise<number> {
  const txns = group.composer.buildGroup()
  const call = txns.findIndex((t) => t.txn.type === algosdk.TransactionType.appl)
  await grove.send(group as never)
  const info = await grove.algod.pendingTransactionInformation(txns[call]!.txn.txID()).do()
  return (info.innerTxns ?? []).filter((t) => t.txn.txn.type === algosdk.TransactionType.appl).length
}

beforeAll(async () => {
  grove = await startGrove()
  const app = await grove.algorand.client.getAppFactory({ appSpec: STABLE_SPEC, defaultSender: grove.admin.addr }).send.create({ method: 'createApplication', args: [grove.registryAppId] })
  await grove.algorand.send.payment({ sender: grove.admin.addr, receiver: app.appClient.appAddress, amount: microAlgo(100_000) })
  grove.ids.stablePoolsAppId = app.appClient.appId
  grove.ctx.ids.stablePoolsAppId = app.appClient.appId
}, 120_000)

afterAll(() => grove?.stop())

describe('stable pools through the SDK', () => {
  it(`quotes ${STEPS} seeded swaps, adds and removes as algod simulates and delivers them, fees and op-ups included`, { timeout: 600_000 }, async () => {
    const [usdc, , , gem] = grove.assets
    const [a, b] = usdc! < gem! ? [usdc!, gem!] : [gem!, usdc!]
    const created = await stableContract.prepare(grove.ctx, { kind: 'create-pool', a, b, feeBps: TIER, amp: 100n })
    await sent(created)
    const lpAsset = (await pool(a, b)).lpAsset
    await grove.algorand.send.assetOptIn({ sender: grove.trader.addr, assetId: lpAsset })
    const first = await stableContract.prepare(grove.ctx, { kind: 'add', pool: await pool(a, b), amountA: 1_000_000_000_000n, amountB: 1_000_000_000_000n, minLp: 0n })
    expect(first.fee).toBe(2000n + 1000n * BigInt(2 + (first.quote as StableAddQuote).opUps))
    expect(await sent(first)).toBe((first.quote as StableAddQuote).opUps)
    const next = random(37)
    const tally = { swap: 0, add: 0, remove: 0 }
    for (let step = 0; step < STEPS; step++) {
      const before = await pool(a, b)
      const roll = next()
      const amount = (reserve: bigint) => BigInt(Math.max(1, Math.floor(Number(reserve) * next() ** 3 * 0.5)))
      if (roll < 0.6) {
        const assetIn = next() < 0.5 ? a : b
        const built = await stableContract.prepare(grove.ctx, { kind: 'swap', pool: before, assetIn, amountIn: amount(assetIn === a ? before.reserveA : before.reserveB), minOut: 0n })
        const quote = built.quote as StableSwapQuote
        expect(built.fee).toBe(1000n + 1000n * BigInt(2 + quote.opUps))
        expect(await simulated(built)).toBe(quote.amountOut)
        const outBefore = await grove.balance(assetIn === a ? b : a)
        expect(await sent(built)).toBe(quote.opUps)
        expect((await grove.balance(assetIn === a ? b : a)) - outBefore).toBe(quote.amountOut)
        expect(await pool(a, b)).toEqual(quote.after)
        tally.swap++
      } else if (roll < 0.85) {
        const side = next()
        const amountA = side < 0.33 ? 0n : amount(before.reserveA)
        const amountB = side > 0.66 ? 0n : amount(before.reserveB)
        const built = await stableContract.prepare(grove.ctx, { kind: 'add', pool: before, amountA, amountB, minLp: 0n })
        const quote = built.quote as StableAddQuote
        const transfers = BigInt(Number(amountA > 0n) + Number(amountB > 0n))
        expect(built.fee).toBe(1000n * transfers + 1000n * BigInt(2 + quote.opUps))
        expect(await simulated(built)).toBe(quote.lp)
        expect(await sent(built)).toBe(quote.opUps)
        expect(await pool(a, b)).toEqual(quote.after)
        tally.add++
      } else {
        const lp = BigInt(Math.floor(Number(await grove.balance(lpAsset)) * next() * 0.3))
        if (lp === 0n) continue
        const built = await stableContract.prepare(grove.ctx, { kind: 'remove', pool: before, lp, minA: 0n, minB: 0n })
        const quote = built.quote as StableRemoveQuote
        expect(await simulated(built)).toEqual([quote.amountA, quote.amountB])
        expect(await sent(built)).toBe(0)
        expect(await pool(a, b)).toEqual(quote.after)
        tally.remove++
      }
    }
    expect(tally.swap).toBeGreaterThan(0)
    expect(tally.add).toBeGreaterThan(0)
  })

  it('routes one path through a pool of each kind, ALGO → gem on constant product then gem → usdc on the stable pool, and algod delivers it to the unit', { timeout: 180_000 }, async () => {
    const [usdc, , , gem] = grove.assets
    // the stable pool of (usdc, gem) and a constant-product pool of the pair from the test above, and an ALGO/gem pool to reach gem
    await grove.send(await buildCreatePool(grove.ctx, 0n, gem!))
    await grove.send(await buildAddLiquidity(grove.ctx, await grove.pool(0n, gem!), 5_000_000_000n, 5_000_000_000n, firstAddMinLp(5_000_000_000n, 5_000_000_000n, 50n)))
    const venues = [groveVenue({ algod: grove.algod, dexAppId: grove.dexAppId, registryAppId: grove.registryAppId }), stableVenue({ algod: grove.algod, stablePoolsAppId: grove.ids.stablePoolsAppId, registryAppId: grove.registryAppId })]
    const request = { kind: 'exact-in' as const, assetIn: 0n, assetOut: usdc!, amount: 200_000_000n }
    const { book, plan } = await findRoute(venues, request, [gem!])
    expect(plan).toBeDefined()
    // a path of two hops, the first on Grove's constant product, the second on the stable pool
    expect(plan!.paths.map((p) => p.hops.map((h) => h.pool.venue).join('+'))).toContain('grove+stable')
    const before = await grove.balance(usdc!)
    const built = await buildRoute(await GroupBuilder.create(grove.ctx), book, plan!, plan!.amountOut)
    await grove.send(await built.group.build())
    expect((await grove.balance(usdc!)) - before).toBe(plan!.amountOut)
  })

  it('removes in proportion, with no op-up, from a pool pushed where D would not converge from its balances', { timeout: 120_000 }, async () => {
    const [usdc, , fine] = grove.assets
    const [a, b] = usdc! < fine! ? [usdc!, fine!] : [fine!, usdc!]
    await sent(await stableContract.prepare(grove.ctx, { kind: 'create-pool', a, b, feeBps: TIER, amp: 1n }))
    const lpAsset = (await pool(a, b)).lpAsset
    await grove.algorand.send.assetOptIn({ sender: grove.trader.addr, assetId: lpAsset })
    // one "dollar" of each: 10^6 units of the 6-decimal coin, 10^19 of the 19-decimal one
    const usdcFirst = a === usdc
    await sent(await stableContract.prepare(grove.ctx, { kind: 'add', pool: await pool(a, b), amountA: usdcFirst ? 10n ** 6n : 10n ** 19n, amountB: usdcFirst ? 10n ** 19n : 10n ** 6n, minLp: 0n }))
    // a swap of 10^12 dollars of the 6-decimal coin leaves the other side next to nothing (swaps never iterate)
    await sent(await stableContract.prepare(grove.ctx, { kind: 'swap', pool: await pool(a, b), assetIn: usdc!, amountIn: 10n ** 18n, minOut: 0n }))
    const extreme = await pool(a, b)
    const [x, y] = [extreme.reserveA * extreme.multiplierA, extreme.reserveB * extreme.multiplierB]
    expect(() => newtonD(x, y, extreme.dAmp, x + y)).toThrow(NoConvergenceError)
    const lp = await grove.balance(lpAsset)
    const built = await stableContract.prepare(grove.ctx, { kind: 'remove', pool: extreme, lp, minA: 0n, minB: 0n })
    expect(await sent(built)).toBe(0)
    expect(await pool(a, b)).toEqual((built.quote as StableRemoveQuote).after)
  })

  it('routes across Grove constant product and a stable pool of the same pair: never below the best single venue, and algod delivers the plan to the unit', { timeout: 180_000 }, async () => {
    const [usdc, , , gem] = grove.assets
    const [a, b] = usdc! < gem! ? [usdc!, gem!] : [gem!, usdc!]
    // a stable pool of its own (the 1 bps tier), 1,000,000 + 1,000,000, and a constant-product pool of the same pair, 100,000 + 100,000
    await sent(await stableContract.prepare(grove.ctx, { kind: 'create-pool', a, b, feeBps: 1n, amp: 100n }))
    const own = (await stableContract.readers.pool(reader(), a, b, 1n))!
    await grove.algorand.send.assetOptIn({ sender: grove.trader.addr, assetId: own.lpAsset })
    await sent(await stableContract.prepare(grove.ctx, { kind: 'add', pool: own, amountA: 10n ** 12n, amountB: 10n ** 12n, minLp: 0n }))
    await grove.send(await buildCreatePool(grove.ctx, a, b))
    await grove.send(await buildAddLiquidity(grove.ctx, await grove.pool(a, b), 100_000_000_000n, 100_000_000_000n, firstAddMinLp(100_000_000_000n, 100_000_000_000n, 50n)))
    const venues = [groveVenue({ algod: grove.algod, dexAppId: grove.dexAppId, registryAppId: grove.registryAppId }), stableVenue({ algod: grove.algod, stablePoolsAppId: grove.ids.stablePoolsAppId, registryAppId: grove.registryAppId })]
    for (const amount of [1_000_000n, 5_000_000_000n, 200_000_000_000n]) {
      const request = { kind: 'exact-in' as const, assetIn: a, assetOut: b, amount }
      const { book, plan } = await findRoute(venues, request, [])
      expect(plan).toBeDefined()
      for (const name of ['grove', 'stable'] as const) {
        const single = planRoute(onlyVenues(book, [name]), request, { maxPaths: 1 })
        if (single) expect(plan!.amountOut).toBeGreaterThanOrEqual(single.amountOut)
      }
      // a large order goes (at least in part) through the stable pool, whose price moves far less
      if (amount === 200_000_000_000n) expect(planVenues(plan!)).toContain('stable')
      const before = await grove.balance(b)
      const built = await buildRoute(await GroupBuilder.create(grove.ctx), book, plan!, plan!.amountOut)
      await grove.send(await built.group.build())
      expect((await grove.balance(b)) - before).toBe(plan!.amountOut)
    }
  })
})
