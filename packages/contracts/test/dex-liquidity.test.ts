import { beforeAll, describe, expect, it } from 'vitest'
import { LOCKED_LP, PAUSE } from '../src/pool.ts'
import { events, expectRejected, useGrove, type User } from './fixture.ts'
import { applySwapIn, firstAdd, isqrt, laterAdd, remove, type Pool } from './reference.ts'

const grove = useGrove()
let alice: User
let bob: User
let tokenX: bigint
let tokenY: bigint
let lpAX: bigint

/** Each side's reserve per LP unit, as a fraction to compare exactly. */
const perLp = (p: Pool) => ({ a: p.reserveA, b: p.reserveB, l: p.lpIssued + LOCKED_LP })
/** Asserts that one LP unit is worth at least as much of each side as before. */
function expectLpValueKept(before: Pool, after: Pool): void {
  const x = perLp(before)
  const y = perLp(after)
  expect(y.a * x.l).toBeGreaterThanOrEqual(x.a * y.l)
  expect(y.b * x.l).toBeGreaterThanOrEqual(x.b * y.l)
}

beforeAll(async () => {
  const g = grove()
  alice = await g.user(1000)
  bob = await g.user(1000)
  tokenX = await g.asset(alice, { unitName: 'X' })
  tokenY = await g.asset(alice, { unitName: 'Y' })
  await g.optIn(bob, tokenX, tokenY)
  await g.transfer(alice, bob, tokenX, 10n ** 12n)
  await g.transfer(alice, bob, tokenY, 10n ** 12n)
  lpAX = (await g.createPool(alice, 0n, tokenX)).value
  await g.optIn(alice, lpAX)
  await g.optIn(bob, lpAX)
})

describe('addLiquidity', () => {
  it('mints ⌊√(a·b)⌋ − 1000 LP on the first add and never issues the 1000', async () => {
    const g = grove()
    const { value: lp, logs } = await g.addLiquidity(alice, 0n, tokenX, 10_000_000n, 40_000_000n)
    expect(lp).toBe(firstAdd(10_000_000n, 40_000_000n))
    expect(lp).toBe(20_000_000n - 1000n)
    expect(await g.balance(alice, lpAX)).toBe(lp)
    expect(await g.pool(0n, tokenX)).toMatchObject({ reserveA: 10_000_000n, reserveB: 40_000_000n, lpIssued: lp })
    expect(events(logs, 'LiquidityAdded')).toEqual([{ a: 0n, b: tokenX, feeBps: 30n, amountA: 10_000_000n, amountB: 40_000_000n, lp, provider: alice.addr.toString() }])
  })

  it('rejects a first add whose √(a·b) is not above the 1000 locked units', async () => {
    const g = grove()
    await g.createPool(alice, tokenX, tokenY)
    await expectRejected(g.addLiquidity(alice, tokenX, tokenY, 1000n, 1000n), 'ERR:LOCKED_LIQUIDITY')
  })

  it('takes the pool ratio on a later add and refunds the excess of B', async () => {
    const g = grove()
    const pool = await g.pool(0n, tokenX)
    const expected = laterAdd(1_000_000n, 5_000_000n, pool)
    expect(expected.usedB).toBeLessThan(5_000_000n)
    const [algoBefore, xBefore] = [await g.balance(bob, 0n), await g.balance(bob, tokenX)]
    const { value: lp, fees } = await g.addLiquidity(bob, 0n, tokenX, 1_000_000n, 5_000_000n)
    expect(lp).toBe(expected.lp)
    expect(algoBefore - (await g.balance(bob, 0n))).toBe(expected.usedA + fees)
    expect(xBefore - (await g.balance(bob, tokenX))).toBe(expected.usedB)
    const after = await g.pool(0n, tokenX)
    expect(after).toMatchObject({ reserveA: pool.reserveA + expected.usedA, reserveB: pool.reserveB + expected.usedB, lpIssued: pool.lpIssued + lp })
    expectLpValueKept(pool, after)
  })

  it('takes the pool ratio on a later add and refunds the excess of A (rounding the other side up)', async () => {
    const g = grove()
    const pool = await g.pool(0n, tokenX)
    const expected = laterAdd(3_000_000n, 1_234_567n, pool)
    expect(expected.usedA).toBeLessThan(3_000_000n)
    const algoBefore = await g.balance(bob, 0n)
    const { value: lp, fees } = await g.addLiquidity(bob, 0n, tokenX, 3_000_000n, 1_234_567n)
    expect(lp).toBe(expected.lp)
    expect(algoBefore - (await g.balance(bob, 0n))).toBe(expected.usedA + fees)
    expectLpValueKept(pool, await g.pool(0n, tokenX))
  })

  it('rejects a later add that would mint less than minLp', async () => {
    const g = grove()
    const expected = laterAdd(1_000_000n, 4_000_000n, await g.pool(0n, tokenX))
    await expectRejected(g.addLiquidity(bob, 0n, tokenX, 1_000_000n, 4_000_000n, expected.lp + 1n), 'ERR:SLIPPAGE')
    expect((await g.addLiquidity(bob, 0n, tokenX, 1_000_000n, 4_000_000n, expected.lp)).value).toBe(expected.lp)
  })

  it('rejects an add to a pool that does not exist', async () => {
    const g = grove()
    const call = g.dex.send.addLiquidity({
      sender: bob.addr,
      args: { inA: g.input(bob, 0n, 1_000_000n), inB: g.input(bob, tokenY, 1_000_000n), a: 0n, b: tokenY, feeBps: 30n, minLp: 0n },
      ...g.refs([[0n, tokenY]]),
      ...g.fee(2),
    })
    await expectRejected(call, 'ERR:NO_POOL')
  })
})

describe('removeLiquidity', () => {
  it('pays out pro rata and burns the LP', async () => {
    const g = grove()
    const pool = await g.pool(0n, tokenX)
    const lp = (await g.balance(bob, lpAX)) / 3n
    const expected = remove(lp, pool)
    const [algoBefore, xBefore] = [await g.balance(bob, 0n), await g.balance(bob, tokenX)]
    const { value, logs, fees } = await g.removeLiquidity(bob, 0n, tokenX, lp)
    expect(value).toEqual([expected.outA, expected.outB])
    expect((await g.balance(bob, 0n)) - algoBefore).toBe(expected.outA - fees)
    expect((await g.balance(bob, tokenX)) - xBefore).toBe(expected.outB)
    const after = await g.pool(0n, tokenX)
    expect(after).toMatchObject({ reserveA: pool.reserveA - expected.outA, reserveB: pool.reserveB - expected.outB, lpIssued: pool.lpIssued - lp })
    expectLpValueKept(pool, after)
    expect(events(logs, 'LiquidityRemoved')).toEqual([{ a: 0n, b: tokenX, feeBps: 30n, amountA: expected.outA, amountB: expected.outB, lp, provider: bob.addr.toString() }])
  })

  const minimums = [
    { name: 'A', minA: 1n, minB: 0n },
    { name: 'B', minA: 0n, minB: 1n },
  ]
  for (const c of minimums) {
    it(`rejects a remove that pays less than the minimum of ${c.name}`, async () => {
      const g = grove()
      const lp = 1_000_000n
      const expected = remove(lp, await g.pool(0n, tokenX))
      await expectRejected(g.removeLiquidity(bob, 0n, tokenX, lp, expected.outA + c.minA, expected.outB + c.minB), 'ERR:SLIPPAGE')
    })
  }

  it('pays a one-unit burn on the side that does not round to 0', async () => {
    const g = grove()
    const pool = await g.pool(0n, tokenX)
    const expected = remove(1n, pool)
    expect(expected.outA === 0n || expected.outB === 0n).toBe(true)
    const { value } = await g.removeLiquidity(bob, 0n, tokenX, 1n)
    expect(value).toEqual([expected.outA, expected.outB])
    expect(await g.pool(0n, tokenX)).toMatchObject({ reserveA: pool.reserveA - expected.outA, reserveB: pool.reserveB - expected.outB, lpIssued: pool.lpIssued - 1n })
  })

  it('lets a holder leave a pool with a 10-unit side: the side that rounds to 0 is kept, the other paid', async () => {
    const g = grove()
    // a fresh pair, so that side A is the asset created first (the 10-unit side)
    const [tokenV, tokenW] = [await g.asset(alice, { unitName: 'V' }), await g.asset(alice, { unitName: 'W' })]
    const { value: lpVW } = await g.createPool(alice, tokenV, tokenW)
    await g.optIn(alice, lpVW)
    // √(10 · 10^9) − 1000 = 99,000 LP against 10 units of V
    await g.addLiquidity(alice, tokenV, tokenW, 10n, 1_000_000_000n)
    const pool = await g.pool(tokenV, tokenW)
    const expected = remove(5000n, pool)
    expect(expected).toEqual({ outA: 0n, outB: 50_000_000n })
    const [x, y] = [await g.balance(alice, tokenV), await g.balance(alice, tokenW)]
    const { value, logs } = await g.removeLiquidity(alice, tokenV, tokenW, 5000n)
    expect(value).toEqual([0n, 50_000_000n])
    expect(await g.balance(alice, tokenV)).toBe(x)
    expect((await g.balance(alice, tokenW)) - y).toBe(50_000_000n)
    const after = await g.pool(tokenV, tokenW)
    expect(after).toMatchObject({ reserveA: 10n, reserveB: pool.reserveB - 50_000_000n, lpIssued: pool.lpIssued - 5000n })
    expectLpValueKept(pool, after)
    expect(events(logs, 'LiquidityRemoved')).toEqual([{ a: tokenV, b: tokenW, feeBps: 30n, amountA: 0n, amountB: 50_000_000n, lp: 5000n, provider: alice.addr.toString() }])
    // a minimum on the side that rounds to 0 still applies
    await expectRejected(g.removeLiquidity(alice, tokenV, tokenW, 5000n, 1n, 0n), 'ERR:SLIPPAGE')
  })

  it('refuses a burn that returns nothing', async () => {
    // the larger reserve is never below the LP supply (rA·rB ≥ L² from the first add on), so a burn of
    // at least one unit always pays something: only a burn of 0 returns nothing
    await expectRejected(grove().removeLiquidity(bob, 0n, tokenX, 0n), 'ERR:ZERO_AMOUNT')
  })

  it('lets every provider leave while the 1000 locked units keep the pool priced', async () => {
    const g = grove()
    for (const who of [alice, bob]) await g.removeLiquidity(who, 0n, tokenX, await g.balance(who, lpAX))
    const pool = await g.pool(0n, tokenX)
    expect(pool.lpIssued).toBe(0n)
    expect(pool.reserveA).toBeGreaterThan(0n)
    expect(pool.reserveB).toBeGreaterThan(0n)
    // the next add at the pool ratio mints against a supply of 1000
    const expected = laterAdd(pool.reserveA * 10n, pool.reserveB * 10n, pool)
    expect((await g.addLiquidity(alice, 0n, tokenX, pool.reserveA * 10n, pool.reserveB * 10n)).value).toBe(expected.lp)
    expect(expected.lp).toBe(10_000n)
  })
})

describe('addLiquiditySingle (zap)', () => {
  it('swaps swapAmount inside the pool, then adds the rest at the pool ratio and refunds the excess', async () => {
    const g = grove()
    await g.addLiquidity(alice, 0n, tokenX, 50_000_000n, 200_000_000n)
    const pool = await g.pool(0n, tokenX)
    const amount = 10_000_000n
    const swapAmount = 5_000_000n
    const swapped = applySwapIn(pool, true, swapAmount)
    const added = laterAdd(amount - swapAmount, swapped.out, swapped.pool)
    const [algoBefore, xBefore, lpBefore] = [await g.balance(bob, 0n), await g.balance(bob, tokenX), await g.balance(bob, lpAX)]
    const { value: lp, logs, fees } = await g.zap(bob, 0n, tokenX, 0n, amount, swapAmount)
    expect(lp).toBe(added.lp)
    expect((await g.balance(bob, lpAX)) - lpBefore).toBe(lp)
    expect(algoBefore - (await g.balance(bob, 0n))).toBe(swapAmount + added.usedA + fees)
    expect((await g.balance(bob, tokenX)) - xBefore).toBe(swapped.out - added.usedB)
    expect(await g.pool(0n, tokenX)).toMatchObject({
      reserveA: swapped.pool.reserveA + added.usedA,
      reserveB: swapped.pool.reserveB + added.usedB,
      lpIssued: pool.lpIssued + lp,
      protocolFeesA: swapped.pool.protocolFeesA,
    })
    expect(events(logs, 'Swap')).toHaveLength(1)
    expect(events(logs, 'LiquidityAdded')).toEqual([{ a: 0n, b: tokenX, feeBps: 30n, amountA: added.usedA, amountB: added.usedB, lp, provider: bob.addr.toString() }])
  })

  it('zaps from side B as well', async () => {
    const g = grove()
    const pool = await g.pool(0n, tokenX)
    const swapped = applySwapIn(pool, false, 2_000_000n)
    const added = laterAdd(swapped.out, 4_000_000n - 2_000_000n, swapped.pool)
    expect((await g.zap(bob, 0n, tokenX, tokenX, 4_000_000n, 2_000_000n)).value).toBe(added.lp)
  })

  const amounts = [
    { name: 'a swap amount of 0', swapAmount: 0n },
    { name: 'a swap amount equal to the input', swapAmount: 1_000_000n },
  ]
  for (const c of amounts) {
    it(`rejects ${c.name}`, async () => {
      await expectRejected(grove().zap(bob, 0n, tokenX, 0n, 1_000_000n, c.swapAmount), 'ERR:BAD_SWAP_AMOUNT')
    })
  }

  it('rejects an input of neither pool asset', async () => {
    await expectRejected(grove().zap(bob, 0n, tokenX, tokenY, 1_000_000n, 500_000n), 'ERR:BAD_INPUT_ASSET')
  })

  it('rejects a zap below minLp', async () => {
    const g = grove()
    const pool = await g.pool(0n, tokenX)
    const swapped = applySwapIn(pool, true, 500_000n)
    const added = laterAdd(500_000n, swapped.out, swapped.pool)
    await expectRejected(g.zap(bob, 0n, tokenX, 0n, 1_000_000n, 500_000n, added.lp + 1n), 'ERR:SLIPPAGE')
  })

  it('rejects a zap while swaps are paused, but adds and removes still work', async () => {
    const g = grove()
    await g.registry.send.setPaused({ args: { flags: PAUSE.swaps }, note: g.note() })
    try {
      await expectRejected(g.zap(bob, 0n, tokenX, 0n, 1_000_000n, 500_000n), 'ERR:PAUSED')
      const lp = (await g.addLiquidity(bob, 0n, tokenX, 1_000_000n, 4_000_000n)).value
      await g.removeLiquidity(bob, 0n, tokenX, lp)
    } finally {
      await g.registry.send.setPaused({ args: { flags: 0n }, note: g.note() })
    }
  })
})

describe('holdings', () => {
  it('the app holds exactly reserves plus protocol fees of each pool asset (plus its minimum balance in ALGO)', async () => {
    const g = grove()
    const ax = await g.pool(0n, tokenX)
    const xy = await g.pool(tokenX, tokenY)
    expect(await g.balance(g.dexAddress, tokenX)).toBe(ax.reserveB + ax.protocolFeesB + xy.reserveA + xy.protocolFeesA)
    const info = await g.algorand.account.getInformation(g.dexAddress)
    expect(info.balance.microAlgo).toBe(info.minBalance.microAlgo + ax.reserveA + ax.protocolFeesA)
    expect(isqrt(ax.reserveA * ax.reserveB)).toBeGreaterThanOrEqual(ax.lpIssued + LOCKED_LP)
  })
})
