import { beforeAll, describe, expect, it } from 'vitest'
import { LOCKED_LP } from '../src/pool.ts'
import { events, expectRejected, useGrove, type User } from './fixture.ts'
import { applySwapIn } from './reference.ts'

const grove = useGrove()
let alice: User
let bob: User
let treasury: User
let tokenX: bigint
let tokenY: bigint

beforeAll(async () => {
  const g = grove()
  alice = await g.user(1000)
  bob = await g.user(100)
  treasury = await g.user(1)
  tokenX = await g.asset(alice, { unitName: 'X' })
  tokenY = await g.asset(alice, { unitName: 'Y' })
  await g.optIn(bob, tokenX, tokenY)
  await g.optIn(treasury, tokenX, tokenY)
  await g.transfer(alice, bob, tokenX, 10n ** 12n)
  await g.transfer(alice, bob, tokenY, 10n ** 12n)
  for (const [a, b] of [
    [0n, tokenX],
    [tokenX, tokenY],
  ] as const) {
    const { value: lp } = await g.createPool(alice, a, b)
    await g.optIn(alice, lp)
    await g.addLiquidity(alice, a, b, 500_000_000n, 800_000_000n)
  }
})

describe('protocol fees', () => {
  it('accrue ⌊fee/6⌋ of each swap fee per side, outside the reserves', async () => {
    const g = grove()
    let pool = await g.pool(tokenX, tokenY)
    for (const [aToB, amount] of [
      [true, 10_000_000n],
      [false, 33_333_333n],
      [true, 999n],
    ] as const) {
      const expected = applySwapIn(pool, aToB, amount)
      await g.swapExactIn(bob, aToB ? tokenX : tokenY, aToB ? tokenY : tokenX, amount)
      pool = await g.pool(tokenX, tokenY)
      expect(pool).toMatchObject({ reserveA: expected.pool.reserveA, reserveB: expected.pool.reserveB, protocolFeesA: expected.pool.protocolFeesA, protocolFeesB: expected.pool.protocolFeesB })
    }
    // ⌈10,000,000·30/10,000⌉ = 30,000 → 5,000; ⌈999·30/10,000⌉ = 3 → 0; ⌈33,333,333·30/10,000⌉ = 100,000 → 16,666
    expect(pool.protocolFeesA).toBe(5000n)
    expect(pool.protocolFeesB).toBe(16_666n)
    // the app holds reserves plus protocol fees of every pool asset
    const ax = await g.pool(0n, tokenX)
    expect(await g.balance(g.dexAddress, tokenY)).toBe(pool.reserveB + pool.protocolFeesB)
    expect(await g.balance(g.dexAddress, tokenX)).toBe(pool.reserveA + pool.protocolFeesA + ax.reserveB + ax.protocolFeesB)
  })

  it('never lower the value of one LP token', async () => {
    const g = grove()
    const before = await g.pool(0n, tokenX)
    for (let i = 0; i < 4; i++) await g.swapExactIn(bob, i % 2 ? tokenX : 0n, i % 2 ? 0n : tokenX, 3_000_000n + BigInt(i) * 1_000_003n)
    const after = await g.pool(0n, tokenX)
    const supply = before.lpIssued + LOCKED_LP
    expect(after.lpIssued + LOCKED_LP).toBe(supply)
    expect(after.reserveA * after.reserveB).toBeGreaterThan(before.reserveA * before.reserveB)
  })

  it('are sent to the registry treasury by anyone, once', async () => {
    const g = grove()
    await g.registry.send.setTreasury({ args: { treasury: treasury.addr.toString() }, note: g.note() })
    const pool = await g.pool(tokenX, tokenY)
    expect(pool.protocolFeesA).toBeGreaterThan(0n)
    const [xBefore, yBefore] = [await g.balance(treasury, tokenX), await g.balance(treasury, tokenY)]
    const collect = () => g.dex.send.collectFees({ sender: bob.addr, args: { a: tokenX, b: tokenY, feeBps: 30n }, accountReferences: [treasury.addr], ...g.refs([[tokenX, tokenY]]), ...g.fee(2) })
    const result = await collect()
    expect((await g.balance(treasury, tokenX)) - xBefore).toBe(pool.protocolFeesA)
    expect((await g.balance(treasury, tokenY)) - yBefore).toBe(pool.protocolFeesB)
    expect(events(result.confirmation.logs, 'FeesCollected')).toEqual([{ a: tokenX, b: tokenY, feeBps: 30n, amountA: pool.protocolFeesA, amountB: pool.protocolFeesB, treasury: treasury.addr.toString() }])
    const after = await g.pool(tokenX, tokenY)
    expect(after).toMatchObject({ protocolFeesA: 0n, protocolFeesB: 0n, reserveA: pool.reserveA, reserveB: pool.reserveB })
    await collect()
    expect(await g.balance(treasury, tokenX)).toBe(xBefore + pool.protocolFeesA)
  })

  it('collects ALGO fees of an ALGO pool without touching the app minimum balance', async () => {
    const g = grove()
    const pool = await g.pool(0n, tokenX)
    expect(pool.protocolFeesA).toBeGreaterThan(0n)
    const before = await g.balance(treasury, 0n)
    await g.dex.send.collectFees({ args: { a: 0n, b: tokenX, feeBps: 30n }, accountReferences: [treasury.addr], ...g.refs([[0n, tokenX]]), ...g.fee(2) })
    expect((await g.balance(treasury, 0n)) - before).toBe(pool.protocolFeesA)
    const info = await g.algorand.account.getInformation(g.dexAddress)
    expect(info.balance.microAlgo).toBe(info.minBalance.microAlgo + pool.reserveA)
  })
})

describe('collectFees to a treasury that cannot receive one side', () => {
  it('sends the side the treasury holds and leaves the other accrued, then sends it once the treasury opts in', async () => {
    const g = grove()
    const partial = await g.user(1)
    await g.optIn(partial, tokenX)
    await g.registry.send.setTreasury({ args: { treasury: partial.addr.toString() }, note: g.note() })
    try {
      await g.swapExactIn(bob, tokenX, tokenY, 50_000_000n)
      await g.swapExactIn(bob, tokenY, tokenX, 50_000_000n)
      const pool = await g.pool(tokenX, tokenY)
      expect(pool.protocolFeesA).toBeGreaterThan(0n)
      expect(pool.protocolFeesB).toBeGreaterThan(0n)
      const collect = () => g.dex.send.collectFees({ sender: bob.addr, args: { a: tokenX, b: tokenY, feeBps: 30n }, accountReferences: [partial.addr], ...g.refs([[tokenX, tokenY]]), ...g.fee(2) })
      const result = await collect()
      expect(await g.balance(partial, tokenX)).toBe(pool.protocolFeesA)
      expect(await g.balance(partial, tokenY)).toBe(0n)
      expect(events(result.confirmation.logs, 'FeesCollected')).toEqual([{ a: tokenX, b: tokenY, feeBps: 30n, amountA: pool.protocolFeesA, amountB: 0n, treasury: partial.addr.toString() }])
      expect(await g.pool(tokenX, tokenY)).toMatchObject({ protocolFeesA: 0n, protocolFeesB: pool.protocolFeesB, reserveA: pool.reserveA, reserveB: pool.reserveB })
      await g.optIn(partial, tokenY)
      await collect()
      expect(await g.balance(partial, tokenY)).toBe(pool.protocolFeesB)
      expect(await g.pool(tokenX, tokenY)).toMatchObject({ protocolFeesA: 0n, protocolFeesB: 0n })
    } finally {
      await g.registry.send.setTreasury({ args: { treasury: treasury.addr.toString() }, note: g.note() })
    }
  })
})

describe('collectFees on a pool that is not there', () => {
  const badPools = [
    { name: 'a pool that does not exist', a: () => tokenY, b: () => tokenY + 1000n, feeBps: 30n, code: 'ERR:NO_POOL' },
    { name: 'a tier the pair has no pool in', a: () => tokenX, b: () => tokenY, feeBps: 5n, code: 'ERR:NO_POOL' },
    { name: 'assets in swapped order', a: () => tokenY, b: () => tokenX, feeBps: 30n, code: 'ERR:ASSET_ORDER' },
  ]
  for (const c of badPools) {
    it(`rejects a fee collection for ${c.name}`, async () => {
      const g = grove()
      const refs = g.refs([[c.a(), c.b(), c.feeBps]])
      await expectRejected(g.dex.send.collectFees({ args: { a: c.a(), b: c.b(), feeBps: c.feeBps }, ...refs, ...g.fee(2) }), c.code)
    })
  }
})
