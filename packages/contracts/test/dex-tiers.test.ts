// Fee tiers (issue 37, item 1): a pool's fee is one of the menu's tiers (1, 5, 30 and 100 bps at
// deploy), one pool per (pair, tier), the 30 bps tier at the key pools had before tiers. The admin adds
// tiers (up to 1,000 bps), never removes one; every call on a pool names its tier.
import algosdk from 'algosdk'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import { beforeAll, describe, expect, it } from 'vitest'
import { dexSpec } from '../src/index.ts'
import { DEFAULT_FEE_TIERS, decodeTierMenu, LOCKED_LP } from '../src/pool.ts'
import { events, expectRejected, poolBoxName, sorted, useGrove, type Grove, type User } from './fixture.ts'
import { sendFlash } from './flash.ts'
import { applySwapIn, remove } from './reference.ts'

const grove = useGrove()
let alice: User
let bob: User
let tokenX: bigint
let tokenY: bigint
/** The menu box's minimum balance: a 1-byte name and a 126-byte bitmap (bits 0–1,007). */
const MENU_MBR = 2_500n + 400n * (1n + 126n)

/** Creates pool (a, b) in `tier` and adds `amountA`/`amountB` to it. */
async function seeded(g: Grove, a: bigint, b: bigint, tier: bigint, amountA: bigint, amountB: bigint): Promise<bigint> {
  const { value: lp } = await g.createPool(alice, a, b, undefined, tier)
  await g.optIn(alice, lp)
  await g.addLiquidity(alice, a, b, amountA, amountB, 1n, tier)
  return lp
}

/** The DEX's menu: its box's bitmap, or the deploy's menu while there is no box. */
async function menu(g: Grove): Promise<bigint[]> {
  try {
    return decodeTierMenu(await g.algorand.app.getBoxValue(g.ids.dexAppId, new TextEncoder().encode('t')))
  } catch {
    return [...DEFAULT_FEE_TIERS]
  }
}

/** Adds `feeBps` to the menu as `sender`, paying `mbr`. */
function addTier(g: Grove, sender: User, feeBps: bigint, mbr: bigint) {
  return g.dex.send.addFeeTier({
    sender: sender.addr,
    args: { mbr: g.input(sender, 0n, mbr), feeBps },
    boxReferences: [g.menuRef()],
    appReferences: [g.ids.registryAppId],
    // a refund of any excess
    staticFee: AlgoAmount.MicroAlgo(2000),
    note: g.note(),
  })
}

beforeAll(async () => {
  const g = grove()
  alice = await g.user(2000)
  bob = await g.user(200)
  tokenX = await g.asset(alice, { unitName: 'X' })
  tokenY = await g.asset(alice, { unitName: 'Y' })
  await g.optIn(bob, tokenX, tokenY)
  await g.transfer(alice, bob, tokenX, 10n ** 12n)
  await g.transfer(alice, bob, tokenY, 10n ** 12n)
})

describe('the tier menu', () => {
  it('starts as 1, 5, 30 and 100 bps, with no box', async () => {
    expect(await menu(grove())).toEqual([1n, 5n, 30n, 100n])
  })

  it('creates a pool of one pair in each tier, each charging its tier, the 30 bps one at the pair-only key', async () => {
    const g = grove()
    const [a, b] = sorted(tokenX, tokenY)
    for (const tier of DEFAULT_FEE_TIERS) {
      const before = (await g.algorand.account.getInformation(g.dexAddress)).minBalance.microAlgo
      const created = await g.createPool(alice, a, b, undefined, tier)
      // box (2,500 + 400 × (name + 136)), the LP asset, and the opt-ins the first pool of the pair made
      const increase = (await g.algorand.account.getInformation(g.dexAddress)).minBalance.microAlgo - before
      expect(increase).toBe(2_500n + 400n * (BigInt(poolBoxName(a, b, tier).length) + 136n) + 100_000n * (tier === 1n ? 3n : 1n))
      expect(poolBoxName(a, b, tier).length).toBe(tier === 30n ? 17 : 25)
      expect(events(created.logs, 'PoolCreated')).toEqual([{ a, b, feeBps: tier, lpAsset: created.value, creator: alice.addr.toString() }])
      await g.optIn(alice, created.value)
      await g.addLiquidity(alice, a, b, 400_000_000n, 500_000_000n, 1n, tier)
      expect(await g.pool(a, b, tier)).toMatchObject({ feeBps: tier, protocolFeeDivisor: 6n, lpAsset: created.value })
    }
    // one swap in each tier: the fee is the tier's, and only that pool moves
    for (const tier of DEFAULT_FEE_TIERS) {
      const others = await Promise.all(DEFAULT_FEE_TIERS.filter((t) => t !== tier).map((t) => g.poolBox(a, b, t)))
      const expected = applySwapIn(await g.pool(a, b, tier), true, 10_000_000n)
      const sent = await g.swapExactIn(bob, a, b, 10_000_000n, 0n, tier)
      expect(sent.value).toBe(expected.out)
      expect(events(sent.logs, 'Swap')[0]).toMatchObject({ assetIn: a, assetOut: b, feeBps: tier, amountIn: 10_000_000n, amountOut: expected.out })
      expect(await g.pool(a, b, tier)).toMatchObject({ reserveA: expected.pool.reserveA, reserveB: expected.pool.reserveB, protocolFeesA: expected.pool.protocolFeesA })
      expect(await Promise.all(DEFAULT_FEE_TIERS.filter((t) => t !== tier).map((t) => g.poolBox(a, b, t)))).toEqual(others)
    }
    // the same input buys less in a dearer tier (same reserves before: each pool got the same add)
    const quotes = await Promise.all(
      DEFAULT_FEE_TIERS.map(async (tier) => (await g.dex.send.quoteExactIn({ args: { assetIn: b, assetOut: a, feeBps: tier, amountIn: 1_000_000n }, ...g.refs([[a, b, tier]]) })).return!),
    )
    expect(quotes).toEqual(await Promise.all(DEFAULT_FEE_TIERS.map(async (tier) => applySwapIn(await g.pool(a, b, tier), false, 1_000_000n).out)))
  })

  it('refuses a second pool of the same pair and tier, and a tier not on the menu', async () => {
    const g = grove()
    const [a, b] = sorted(tokenX, tokenY)
    for (const tier of [5n, 30n]) await expectRejected(g.createPool(alice, a, b, undefined, tier), 'ERR:POOL_EXISTS')
    for (const tier of [0n, 2n, 31n, 1001n, 2n ** 64n - 1n]) await expectRejected(g.createPool(alice, 0n, tokenX, undefined, tier), 'ERR:BAD_TIER')
  })

  it('lets the admin add a tier, paying the menu box once, and refuses it twice, out of bounds or from anyone else', async () => {
    const g = grove()
    const before = await menu(g)
    await expectRejected(addTier(g, bob, 7n, MENU_MBR), 'ERR:NOT_ADMIN')
    for (const tier of [0n, 1001n]) await expectRejected(addTier(g, g.admin, tier, MENU_MBR), 'ERR:BAD_TIER')
    await expectRejected(addTier(g, g.admin, 30n, MENU_MBR), 'ERR:TIER_EXISTS')
    const min = (await g.algorand.account.getInformation(g.dexAddress)).minBalance.microAlgo
    const added = await addTier(g, g.admin, 7n, MENU_MBR + 5n)
    expect((await g.algorand.account.getInformation(g.dexAddress)).minBalance.microAlgo - min).toBe(MENU_MBR)
    expect(events(added.confirmations.flatMap((c) => c.logs ?? []), 'FeeTierAdded')).toEqual([{ feeBps: 7n }])
    // the excess came back as an inner payment
    expect(added.confirmations.at(-1)!.innerTxns?.[0]?.txn.txn.payment?.amount).toBe(5n)
    // the menu only grows: every tier it had, and the new one
    expect(await menu(g)).toEqual([...before, 7n].sort((x, y) => Number(x - y)))
    await addTier(g, g.admin, 1000n, 0n)
    expect(await menu(g)).toEqual([1n, 5n, 7n, 30n, 100n, 1000n])
    await expectRejected(addTier(g, g.admin, 7n, 0n), 'ERR:TIER_EXISTS')
    // a pool in the new tier charges it
    const lp = await seeded(g, 0n, tokenX, 7n, 100_000_000n, 300_000_000n)
    expect(await g.pool(0n, tokenX, 7n)).toMatchObject({ feeBps: 7n, lpAsset: lp })
    const expected = applySwapIn(await g.pool(0n, tokenX, 7n), false, 2_000_000n)
    expect((await g.swapExactIn(bob, tokenX, 0n, 2_000_000n, 0n, 7n)).value).toBe(expected.out)
  })

  it('has no way to remove a tier or set one pool’s fee', () => {
    const names = dexSpec.methods.map((m) => m.name)
    expect(names).toContain('addFeeTier')
    expect(names.filter((n) => /remove.*tier|tier.*remove|disable|setPoolFee|setFee/i.test(n))).toEqual([])
  })
})

describe('every call names its tier', () => {
  it('adds, zaps, removes and collects on a 5 bps pool, the events naming the tier', async () => {
    const g = grove()
    const [a, b] = sorted(tokenX, tokenY)
    const pool = await g.pool(a, b, 5n)
    const zap = await g.zap(alice, a, b, a, 10_000_000n, 5_000_000n, 1n, 5n)
    // a zap on the 30 bps tier fits one call (698 opcodes, bench); another tier's key takes it just past: one budget call
    expect([zap.fees, zap.budgetCalls]).toEqual([5000n, 1])
    expect(events(zap.logs, 'LiquidityAdded')[0]).toMatchObject({ a, b, feeBps: 5n, lp: zap.value })
    const after = await g.pool(a, b, 5n)
    expect(after.lpIssued).toBe(pool.lpIssued + zap.value)
    const expected = remove(zap.value, after)
    const removed = await g.removeLiquidity(alice, a, b, zap.value, 0n, 0n, 5n)
    expect(removed.value).toEqual([expected.outA, expected.outB])
    expect(events(removed.logs, 'LiquidityRemoved')[0]).toMatchObject({ feeBps: 5n, amountA: expected.outA, amountB: expected.outB })
    const fees = await g.pool(a, b, 5n)
    const treasury = await g.registry.state.global.treasury()
    const collected = await g.run(alice, (group) =>
      group.collectFees({
        sender: alice.addr,
        args: { a, b, feeBps: 5n },
        ...g.refs([[a, b, 5n]]),
        accountReferences: [treasury!],
        ...g.fee(2),
      }),
    )
    expect(events(collected.logs, 'FeesCollected')[0]).toMatchObject({ a, b, feeBps: 5n })
    expect(fees.protocolFeesA + fees.protocolFeesB).toBeGreaterThan(0n)
    // the first add locked LOCKED_LP in this tier's pool too
    expect(lpSupplyOf(await g.pool(a, b, 5n))).toBeGreaterThan(LOCKED_LP)
  })

  it('routes through pools of different tiers, each hop in the tier its fees entry names', async () => {
    const g = grove()
    const [a, b] = sorted(tokenX, tokenY)
    // ALGO → X in the 7 bps pool, X → Y in the 100 bps pool
    const path = [tokenX, tokenY]
    const fees = [7n, 100n]
    const first = applySwapIn(await g.pool(0n, tokenX, 7n), true, 3_000_000n)
    const second = applySwapIn(await g.pool(a, b, 100n), tokenX === a, first.out)
    const sent = await g.swapRoute(bob, 0n, path, 3_000_000n, second.out, fees)
    expect(sent.value).toBe(second.out)
    expect(events(sent.logs, 'Swap').map((e) => e.feeBps)).toEqual(fees)
    // a tier per hop, no more and no fewer
    for (const wrong of [[7n], [7n, 100n, 30n]]) await expectRejected(g.swapRoute(bob, 0n, path, 1_000_000n, 0n, wrong), 'ERR:BAD_PATH')
    // a hop naming a tier the pair has no pool in
    await expectRejected(g.swapRoute(bob, 0n, path, 1_000_000n, 0n, [1n, 100n]), 'ERR:NO_POOL')
    // exact out through the same tiers
    const out = await g.swapRouteExactOut(bob, 0n, path, 10_000_000n, 1_000_000n, fees)
    expect(events(out.logs, 'Swap').map((e) => e.feeBps)).toEqual([100n, 7n])
  })

  it('lends by flash from one tier’s pool and locks only that pool', async () => {
    const g = grove()
    const [a, b] = sorted(tokenX, tokenY)
    const loan = 1_000_000n
    const pool = await g.pool(a, b, 100n)
    const fee = (loan * 100n + 9_999n) / 10_000n
    const sent = await sendFlash(g, alice, { kind: 'loan', a, b, tier: 100n, amountA: loan, amountB: 0n, repay: [await g.input(alice, a, loan + fee)] })
    expect(events(sent.logs, 'FlashLoan')[0]).toMatchObject({ a, b, feeBps: 100n, amountA: loan, feeA: fee })
    expect((await g.pool(a, b, 100n)).reserveA).toBe(pool.reserveA + fee - fee / pool.protocolFeeDivisor)
    // the verify must name the start's tier
    await expectRejected(
      sendFlash(g, alice, { kind: 'loan', a, b, tier: 100n, verifyPool: [a, b, 30n], amountA: loan, amountB: 0n, repay: [await g.input(alice, a, loan + fee)] }),
      'ERR:FLASH_PAIR',
    )
    // while the 100 bps pool is lent, the pair's 30 bps pool still trades in the same group
    const swapIn30 = applySwapIn(await g.pool(a, b, 30n), true, 1_000_000n)
    const between = {
      count: 2,
      add: (group: Parameters<NonNullable<Parameters<typeof sendFlash>[2]['between']>['add']>[0]) =>
        group.swapExactIn({ sender: alice.addr, args: { input: g.input(alice, a, 1_000_000n), assetOut: b, feeBps: 30n, minOut: swapIn30.out }, ...g.refs([[a, b, 30n]]), ...g.fee(1) }),
    }
    await sendFlash(g, alice, { kind: 'loan', a, b, tier: 100n, amountA: loan, amountB: 0n, between, repay: [await g.input(alice, a, loan + fee)] })
    expect((await g.pool(a, b, 30n)).reserveB).toBe(swapIn30.pool.reserveB)
  })

  it('routes 4 hops through pools of other tiers than 30 bps for 4,000 µALGO, as through 30 bps pools (one budget call)', async () => {
    const g = grove()
    const chain = [0n]
    for (let i = 1; i <= 4; i++) chain.push(await g.asset(alice, { unitName: `C${i}` }))
    await g.optIn(bob, ...chain.slice(1))
    for (let i = 0; i < 4; i++) {
      const [a, b] = sorted(chain[i]!, chain[i + 1]!)
      await seeded(g, a, b, i % 2 ? 100n : 5n, 100_000_000n, 100_000_000n)
    }
    const fees = [5n, 100n, 5n, 100n]
    const sent = await g.swapRoute(bob, 0n, chain.slice(1), 1_000_000n, 1n, fees)
    expect([sent.fees, sent.budgetCalls]).toEqual([4000n, 1])
    expect(events(sent.logs, 'Swap').map((e) => e.feeBps)).toEqual(fees)
  })

  it('reads each tier’s pool with getPool and refuses the 30 bps tier under a long key', async () => {
    const g = grove()
    const [a, b] = sorted(tokenX, tokenY)
    for (const tier of DEFAULT_FEE_TIERS) {
      const read = await g.dex.send.getPool({ args: { a, b, feeBps: tier }, ...g.refs([[a, b, tier]]), note: g.note() })
      expect(read.return!.feeBps).toBe(tier)
    }
    // "p" ‖ a ‖ b ‖ uint64(30) is never a pool: tier 30 always reads the pair-only key
    const long = new Uint8Array(25)
    long.set(poolBoxName(a, b), 0)
    new DataView(long.buffer).setBigUint64(17, 30n)
    await expect(g.algorand.app.getBoxValue(g.ids.dexAppId, long)).rejects.toThrow()
    expect(algosdk.bytesToBase64(poolBoxName(a, b, 30n))).toBe(algosdk.bytesToBase64(poolBoxName(a, b)))
  })
})

/** LP units the pool has minted, the locked ones included. */
const lpSupplyOf = (pool: { lpIssued: bigint }): bigint => pool.lpIssued + LOCKED_LP
