import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { afterExtend, afterTopUp, checkLockTerms, isTimeLock, unlockCurve, vestedAt, withdrawableAt } from '../../src/locks/index.ts'

const vesting = { amount: 1_000_000n, cliff: 1_000n, end: 2_000n, anchor: 1_000n, base: 0n, withdrawn: 0n }
const timeLock = { amount: 500n, cliff: 3_000n, end: 3_000n, anchor: 3_000n, base: 0n, withdrawn: 0n }

describe('vestedAt', () => {
  const cases: [string, typeof vesting, bigint, bigint][] = [
    ['nothing before the cliff', vesting, 999n, 0n],
    ['nothing at the cliff', vesting, 1_000n, 0n],
    ['linear from the cliff, rounded down', vesting, 1_001n, 1_000n],
    ['half way', vesting, 1_500n, 500_000n],
    ['one second before the end', vesting, 1_999n, 999_000n],
    ['everything at the end', vesting, 2_000n, 1_000_000n],
    ['everything after the end', vesting, 9_000n, 1_000_000n],
    ['a time lock: nothing one second before its end', timeLock, 2_999n, 0n],
    ['a time lock: everything at its end', timeLock, 3_000n, 500n],
    ['rounds down to the unit', { ...vesting, amount: 7n, end: 1_003n }, 1_001n, 2n],
    ['a re-anchored line starts at base', { ...vesting, anchor: 1_500n, base: 500_000n, amount: 1_500_000n }, 1_500n, 500_000n],
    ['a re-anchored line reaches amount at the end', { ...vesting, anchor: 1_500n, base: 500_000n, amount: 1_500_000n }, 1_750n, 1_000_000n],
  ]
  for (const [what, lock, t, expected] of cases) it(what, () => expect(vestedAt(lock, t)).toBe(expected))

  it('withdrawable is vested minus withdrawn, never negative', () => {
    expect(withdrawableAt({ ...vesting, withdrawn: 400_000n }, 1_500n)).toBe(100_000n)
    expect(withdrawableAt({ ...vesting, withdrawn: 600_000n }, 1_500n)).toBe(0n)
  })

  it('tells time locks from vesting locks and draws the curve’s corners', () => {
    expect([isTimeLock(timeLock), isTimeLock(vesting)]).toEqual([true, false])
    expect(unlockCurve(vesting, 0n)).toEqual([
      { t: 0n, vested: 0n },
      { t: 999n, vested: 0n },
      { t: 1_000n, vested: 0n },
      { t: 1_999n, vested: 999_000n },
      { t: 2_000n, vested: 1_000_000n },
    ])
  })
})

describe('top-ups and extensions (property)', () => {
  const lock = fc
    .record({ amount: fc.bigInt({ min: 1n, max: 2n ** 60n }), cliff: fc.bigInt({ min: 0n, max: 10_000n }), length: fc.bigInt({ min: 0n, max: 10_000n }) })
    .map(({ amount, cliff, length }) => ({ amount, cliff, end: cliff + length, anchor: cliff, base: 0n }))
  const time = fc.bigInt({ min: 0n, max: 30_000n })

  it('never raise what has vested at the moment they happen, and keep vesting monotone', () => {
    fc.assert(
      fc.property(lock, time, fc.bigInt({ min: 1n, max: 2n ** 60n }), fc.bigInt({ min: 1n, max: 10_000n }), fc.boolean(), (l, now, amount, later, topUp) => {
        fc.pre(now < l.end)
        const next = topUp ? afterTopUp(l, amount, now) : afterExtend(l, l.end + later, now)
        expect(vestedAt(next, now)).toBeLessThanOrEqual(vestedAt(l, now))
        let previous = 0n
        for (let t = now; t <= next.end + 1n; t += (next.end - now) / 7n + 1n) {
          const v = vestedAt(next, t)
          expect(v).toBeGreaterThanOrEqual(previous)
          // an extension never gives more at any time than before it
          if (!topUp) expect(v).toBeLessThanOrEqual(vestedAt(l, t))
          previous = v
        }
      }),
      { seed: 13, numRuns: 500 },
    )
  })
})

describe('checkLockTerms', () => {
  const now = 1_700_000_000n
  const cases: [string, bigint, bigint, string | undefined][] = [
    ['a vesting lock', now + 10n, now + 100n, undefined],
    ['a time lock', now + 100n, now + 100n, undefined],
    ['milliseconds', now, now * 1000n, 'ERR:MILLISECONDS'],
    ['an end in the past', now - 10n, now - 1n, 'ERR:END_PASSED'],
    ['more than 10 years', now, now + 315_576_001n, 'ERR:TOO_LONG'],
    ['a cliff in the past', now - 1n, now + 10n, 'ERR:CLIFF_PASSED'],
    ['a cliff after the end', now + 20n, now + 10n, 'ERR:CLIFF_AFTER_END'],
  ]
  for (const [what, cliff, end, code] of cases) it(`${what}: ${code ?? 'fine'}`, () => expect(checkLockTerms(cliff, end, now)).toBe(code))
})
