import { beforeAll, describe, expect, it } from 'vitest'
import { PAUSE } from '../src/pool.ts'
import { events, expectRejected, useGrove, type User } from './fixture.ts'
import { applySwapIn, swapOut, type Pool } from './reference.ts'

const grove = useGrove()
let alice: User
let bob: User
let tokenX: bigint
let tokenY: bigint

/** The fields a swap changes, to compare with the reference. */
const money = (p: Pool) => ({ reserveA: p.reserveA, reserveB: p.reserveB, protocolFeesA: p.protocolFeesA, protocolFeesB: p.protocolFeesB, lpIssued: p.lpIssued })

beforeAll(async () => {
  const g = grove()
  alice = await g.user(1000)
  bob = await g.user(100)
  tokenX = await g.asset(alice, { unitName: 'X' })
  tokenY = await g.asset(alice, { unitName: 'Y' })
  await g.optIn(bob, tokenX, tokenY)
  await g.transfer(alice, bob, tokenX, 10n ** 12n)
  await g.transfer(alice, bob, tokenY, 10n ** 12n)
  for (const [a, b, amountA, amountB] of [
    [0n, tokenX, 100_000_000n, 400_000_000n],
    [tokenX, tokenY, 1_000_000_000n, 3_000_000_000n],
  ] as const) {
    const { value: lp } = await g.createPool(alice, a, b)
    await g.optIn(alice, lp)
    await g.addLiquidity(alice, a, b, amountA, amountB)
  }
})

describe('swapExactIn', () => {
  const directions = [
    { name: 'ALGO for X (A to B)', assetIn: () => 0n, assetOut: () => tokenX, aToB: true, amount: 1_000_000n },
    { name: 'X for ALGO (B to A)', assetIn: () => tokenX, assetOut: () => 0n, aToB: false, amount: 7_654_321n },
    { name: 'X for Y (A to B)', assetIn: () => tokenX, assetOut: () => tokenY, aToB: true, amount: 12_345n },
  ]
  for (const c of directions) {
    it(`swaps ${c.name} at the README price, fee rounded up and output down`, async () => {
      const g = grove()
      const [a, b] = c.aToB ? [c.assetIn(), c.assetOut()] : [c.assetOut(), c.assetIn()]
      const pool = await g.pool(a, b)
      const expected = applySwapIn(pool, c.aToB, c.amount)
      const outBefore = await g.balance(bob, c.assetOut())
      const { value: out, logs, fees } = await g.swapExactIn(bob, c.assetIn(), c.assetOut(), c.amount)
      expect(out).toBe(expected.out)
      expect((await g.balance(bob, c.assetOut())) - outBefore).toBe(out - (c.assetOut() === 0n ? fees : 0n))
      const after = await g.pool(a, b)
      expect(money(after)).toEqual(money(expected.pool))
      // k never decreases on a swap
      expect(after.reserveA * after.reserveB).toBeGreaterThanOrEqual(pool.reserveA * pool.reserveB)
      expect(events(logs, 'Swap')).toEqual([
        { assetIn: c.assetIn(), assetOut: c.assetOut(), feeBps: 30n, amountIn: c.amount, amountOut: out, protocolFee: expected.protocolFee, trader: bob.addr.toString() },
      ])
    })
  }

  it('costs the trader 3,000 µALGO in fees in all (input 1,000, app call 2,000) and fits one app call even when the TWAP accrues', async () => {
    const g = grove()
    const before = await g.pool(tokenX, tokenY)
    await g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${60}`, data: null })
    try {
      await g.transfer(bob, bob, 0n, 0n)
      const algoBefore = await g.balance(bob, 0n)
      // swapExactIn adds no budget calls: the group is the input and the app call alone
      const { fees } = await g.swapExactIn(bob, tokenX, tokenY, 1_000_000n)
      expect(fees).toBe(3000n)
      expect(algoBefore - (await g.balance(bob, 0n))).toBe(3000n)
    } finally {
      await g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${0}`, data: null })
    }
    const after = await g.pool(tokenX, tokenY)
    expect(after.lastUpdate).toBeGreaterThan(before.lastUpdate)
    expect(after.cumulativePriceA).toBeGreaterThan(before.cumulativePriceA)
  })

  it('quotes exactly what it pays', async () => {
    const g = grove()
    const quote = await g.dex.send.quoteExactIn({ args: { assetIn: tokenY, assetOut: tokenX, feeBps: 30n, amountIn: 5_000_000n }, ...g.refs([[tokenX, tokenY]]) })
    expect((await g.swapExactIn(bob, tokenY, tokenX, 5_000_000n)).value).toBe(quote.return)
  })

  it('rejects an output below minOut and accepts exactly minOut', async () => {
    const g = grove()
    const expected = applySwapIn(await g.pool(0n, tokenX), true, 2_000_000n)
    await expectRejected(g.swapExactIn(bob, 0n, tokenX, 2_000_000n, expected.out + 1n), 'ERR:SLIPPAGE')
    expect((await g.swapExactIn(bob, 0n, tokenX, 2_000_000n, expected.out)).value).toBe(expected.out)
  })

  it('rejects an input too small to buy one unit', async () => {
    await expectRejected(grove().swapExactIn(bob, tokenX, tokenY, 1n), 'ERR:ZERO_OUT')
  })

  it('rejects a swap through a pool with no liquidity', async () => {
    const g = grove()
    const tokenZ = await g.asset(alice, { unitName: 'Z' })
    await g.optIn(bob, tokenZ)
    await g.createPool(alice, tokenY, tokenZ)
    await expectRejected(g.swapExactIn(bob, tokenY, tokenZ, 1_000_000n), 'ERR:NO_LIQUIDITY')
  })
})

describe('swapExactOut', () => {
  const directions = [
    { name: 'X for exactly 1 ALGO, paying in X', assetIn: () => tokenX, assetOut: () => 0n, aToB: false, amountOut: 1_000_000n },
    { name: 'ALGO for exactly 3 X', assetIn: () => 0n, assetOut: () => tokenX, aToB: true, amountOut: 3_000_000n },
    { name: 'Y for exactly 777 X', assetIn: () => tokenY, assetOut: () => tokenX, aToB: false, amountOut: 777n },
  ]
  for (const c of directions) {
    it(`swaps ${c.name}, input rounded up, and refunds the rest of the maximum`, async () => {
      const g = grove()
      const [a, b] = c.aToB ? [c.assetIn(), c.assetOut()] : [c.assetOut(), c.assetIn()]
      const pool = await g.pool(a, b)
      const [rIn, rOut] = c.aToB ? [pool.reserveA, pool.reserveB] : [pool.reserveB, pool.reserveA]
      const expected = swapOut(c.amountOut, rIn, rOut, pool.feeBps, pool.protocolFeeDivisor)
      const maxIn = expected.amountIn * 2n
      const [inBefore, outBefore] = [await g.balance(bob, c.assetIn()), await g.balance(bob, c.assetOut())]
      const { value: used, logs, fees } = await g.swapExactOut(bob, c.assetIn(), c.assetOut(), maxIn, c.amountOut)
      expect(used).toBe(expected.amountIn)
      const algoFees = (asset: bigint) => (asset === 0n ? fees : 0n)
      expect(inBefore - (await g.balance(bob, c.assetIn()))).toBe(expected.amountIn + algoFees(c.assetIn()))
      expect((await g.balance(bob, c.assetOut())) - outBefore).toBe(c.amountOut - algoFees(c.assetOut()))
      const after = await g.pool(a, b)
      const moved = c.aToB
        ? { reserveA: pool.reserveA + expected.amountIn - expected.protocolFee, reserveB: pool.reserveB - c.amountOut, protocolFeesA: pool.protocolFeesA + expected.protocolFee, protocolFeesB: pool.protocolFeesB }
        : { reserveA: pool.reserveA - c.amountOut, reserveB: pool.reserveB + expected.amountIn - expected.protocolFee, protocolFeesA: pool.protocolFeesA, protocolFeesB: pool.protocolFeesB + expected.protocolFee }
      expect(money(after)).toEqual({ ...moved, lpIssued: pool.lpIssued })
      expect(after.reserveA * after.reserveB).toBeGreaterThanOrEqual(pool.reserveA * pool.reserveB)
      expect(events(logs, 'Swap')).toEqual([
        { assetIn: c.assetIn(), assetOut: c.assetOut(), feeBps: 30n, amountIn: expected.amountIn, amountOut: c.amountOut, protocolFee: expected.protocolFee, trader: bob.addr.toString() },
      ])
    })
  }

  it('takes exactly the maximum without a refund when it is just enough', async () => {
    const g = grove()
    const pool = await g.pool(tokenX, tokenY)
    const { amountIn } = swapOut(50_000n, pool.reserveA, pool.reserveB, pool.feeBps, pool.protocolFeeDivisor)
    const before = await g.balance(bob, tokenX)
    expect((await g.swapExactOut(bob, tokenX, tokenY, amountIn, 50_000n)).value).toBe(amountIn)
    expect(before - (await g.balance(bob, tokenX))).toBe(amountIn)
  })

  it('quotes exactly what it takes', async () => {
    const g = grove()
    const quote = await g.dex.send.quoteExactOut({ args: { assetIn: 0n, assetOut: tokenX, feeBps: 30n, amountOut: 10_000_000n }, ...g.refs([[0n, tokenX]]) })
    expect((await g.swapExactOut(bob, 0n, tokenX, 50_000_000n, 10_000_000n)).value).toBe(quote.return)
  })

  it('rejects a maximum below the input the output needs', async () => {
    const g = grove()
    const pool = await g.pool(0n, tokenX)
    const { amountIn } = swapOut(1_000_000n, pool.reserveA, pool.reserveB, pool.feeBps, pool.protocolFeeDivisor)
    await expectRejected(g.swapExactOut(bob, 0n, tokenX, amountIn - 1n, 1_000_000n), 'ERR:SLIPPAGE')
  })

  it('rejects an output of the whole reserve', async () => {
    const g = grove()
    const pool = await g.pool(0n, tokenX)
    await expectRejected(g.swapExactOut(bob, 0n, tokenX, 90_000_000n, pool.reserveB), 'ERR:NO_LIQUIDITY')
  })
})

describe('paused swaps', () => {
  it('rejects exact-in and exact-out swaps while swaps are paused, and swaps again after', async () => {
    const g = grove()
    await g.registry.send.setPaused({ args: { flags: PAUSE.swaps }, note: g.note() })
    try {
      await expectRejected(g.swapExactIn(bob, tokenX, tokenY, 1_000_000n), 'ERR:PAUSED')
      await expectRejected(g.swapExactOut(bob, tokenX, tokenY, 1_000_000n, 1000n), 'ERR:PAUSED')
    } finally {
      await g.registry.send.setPaused({ args: { flags: 0n }, note: g.note() })
    }
    expect((await g.swapExactIn(bob, tokenX, tokenY, 1_000_000n)).value).toBeGreaterThan(0n)
  })
})

describe('cumulative prices', () => {
  it('accumulate ⌊r·2^64/r⌋ × seconds elapsed before a swap changes the reserves', async () => {
    const g = grove()
    const before = await g.pool(tokenX, tokenY)
    await g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${3600}`, data: null })
    try {
      // the app sees the latest committed block's timestamp: commit one block in the shifted time first
      await g.transfer(bob, bob, 0n, 0n)
      await g.swapExactIn(bob, tokenX, tokenY, 1_000_000n)
    } finally {
      await g.algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${0}`, data: null })
    }
    const after = await g.pool(tokenX, tokenY)
    const dt = after.lastUpdate - before.lastUpdate
    // about an hour (earlier tests may have shifted the clock a little already)
    expect(dt).toBeGreaterThan(3000n)
    expect(after.cumulativePriceA - before.cumulativePriceA).toBe(((before.reserveB << 64n) / before.reserveA) * dt)
    expect(after.cumulativePriceB - before.cumulativePriceB).toBe(((before.reserveA << 64n) / before.reserveB) * dt)
  })
})
