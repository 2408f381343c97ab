import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { supplyLocked } from '../../src/figures/index.ts'

/** A new lock: nothing vests before the cliff, a straight line to the end. */
const lock = (amount: bigint, cliff: bigint, end: bigint) => ({ amount, cliff, end, anchor: cliff, base: 0n })

describe('supplyLocked', () => {
  it.each([
    { name: 'counts a lock whole before its cliff', t: 50n, unvested: 300n },
    { name: 'counts what has not vested halfway through', t: 150n, unvested: 150n },
    { name: 'counts nothing once fully vested, withdrawn or not', t: 200n, unvested: 0n },
  ])('$name', ({ t, unvested }) => {
    const s = supplyLocked([lock(300n, 100n, 200n)], t, 1_000n, 400n)
    expect(s.unvested).toBe(unvested)
    expect(s.outside).toBe(600n)
    expect(s.percent).toBeCloseTo((Number(unvested) / 600) * 100, 3)
  })

  it('adds every lock, a time lock whole until its end, and is unknown when the creator holds everything', () => {
    expect(supplyLocked([lock(100n, 100n, 200n), lock(50n, 300n, 300n)], 299n, 1_000n, 0n).unvested).toBe(50n)
    expect(supplyLocked([], 0n, 1_000n, 1_000n).percent).toBeNull()
  })

  it('only falls as time passes, from the whole deposit to nothing (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 10n ** 6n }), fc.bigInt({ min: 0n, max: 10n ** 6n }), fc.bigInt({ min: 0n, max: 3n * 10n ** 6n }), (amount, cliff, length, t) => {
        const l = lock(amount, cliff, cliff + length)
        const at = (x: bigint) => supplyLocked([l], x, amount, 0n).unvested
        expect(at(t + 1n)).toBeLessThanOrEqual(at(t))
        expect(at(cliff - 1n)).toBe(amount)
        expect(at(cliff + length)).toBe(0n)
      }),
      { seed: 29, numRuns: 300 },
    )
  })
})
