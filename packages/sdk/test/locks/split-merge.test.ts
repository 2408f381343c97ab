// Split, merge and the fee claim as the contract computes them (issue 40, items 1-2): over random
// schedules, amounts and times, no part unlocks a unit earlier than the original terms, and a claim leaves
// the principal worth at least what it was worth at entry. Bounded and seeded (fewer runs in CI).
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { claimFees, feesSince, lockedAt, mergeLocks, splitLock, vestedAt, type Schedule } from '../../src/locks/index.ts'

const RUNS = process.env.CI ? 100 : 1000
const SEED = 4040

type L = Schedule & { withdrawn: bigint }

/** A lock made at 0 with the given terms, nothing withdrawn (the properties withdraw a part of what vested). */
const lockArb = fc
  .record({
    amount: fc.bigInt({ min: 1n, max: 10n ** 15n }),
    cliff: fc.bigInt({ min: 0n, max: 2000n }),
    vesting: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 5000n })),
  })
  .map(({ amount, cliff, vesting }): L => {
    const end = cliff + vesting + (vesting === 0n && cliff === 0n ? 1n : 0n)
    const lock: L = { amount, cliff, end, anchor: cliff, base: 0n, withdrawn: 0n }
    return lock
  })

/** Times from `from` to past the end, corners and between. */
function times(locks: Schedule[], from: bigint): bigint[] {
  const set = new Set<bigint>([from])
  for (const l of locks) for (const t of [l.cliff - 1n, l.cliff, l.anchor, l.end - 1n, l.end, l.end + 1n]) if (t >= from) set.add(t)
  const last = locks.reduce((m, l) => (l.end > m ? l.end : m), from)
  for (let i = 1n; i < 16n; i++) set.add(from + ((last - from) * i) / 16n)
  return [...set]
}

describe('split never unlocks earlier (property)', () => {
  it('at every time the two parts together have vested at most what the original had, and the new part starts with nothing vested', () => {
    fc.assert(
      fc.property(lockArb, fc.bigInt({ min: 0n, max: 8000n }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (lock, now, part, took) => {
        const vested = vestedAt(lock, now)
        const withdrawn = BigInt(Math.floor(Number(vested) * took))
        const original = { ...lock, withdrawn }
        const amount = BigInt(Math.floor(Number(original.amount - vested) * part))
        const r = splitLock(original, amount, now)
        if ('error' in r) {
          expect(now >= lock.end || amount === 0n || amount >= original.amount - withdrawn || amount > original.amount - vested).toBe(true)
          return
        }
        expect(vestedAt(r.part, now)).toBe(0n)
        expect(r.part.end).toBe(original.end)
        expect(r.kept.end).toBe(original.end)
        expect(vestedAt(r.kept, now)).toBeGreaterThanOrEqual(original.withdrawn)
        for (const t of times([original], now)) {
          expect(vestedAt(r.kept, t) + vestedAt(r.part, t)).toBeLessThanOrEqual(vestedAt(original, t))
          expect(lockedAt(r.kept, t) + lockedAt(r.part, t)).toBeGreaterThanOrEqual(lockedAt(original, t))
        }
      }),
      { seed: SEED, numRuns: RUNS },
    )
  })
})

describe('merge never unlocks earlier (property)', () => {
  it('a merge the contract allows keeps at every time at least both locks’ locked units; the others are refused as ERR:SCHEDULE', () => {
    fc.assert(
      fc.property(lockArb, lockArb, fc.bigInt({ min: 0n, max: 8000n }), (into, from, now) => {
        const r = mergeLocks(into, from, now)
        if ('error' in r) {
          expect(r.error).toBe('ERR:SCHEDULE')
          expect(from.amount > vestedAt(from, now) && !(into.cliff === into.end && into.end >= from.end)).toBe(true)
          return
        }
        expect(r.amount).toBe(into.amount + from.amount - from.withdrawn)
        expect(vestedAt(r, now)).toBeGreaterThanOrEqual(r.withdrawn)
        for (const t of times([into, from], now)) {
          // what the merged lock still holds locked, against what the two held locked (b's withdrawn units are gone)
          expect(lockedAt(r, t)).toBeGreaterThanOrEqual(lockedAt(into, t) + lockedAt(from, t))
        }
      }),
      { seed: SEED, numRuns: RUNS },
    )
  })

  it('refuses a vesting lock taking one still locked, and a time lock taking one that ends later', () => {
    const vesting = { amount: 100n, cliff: 10n, end: 110n, anchor: 10n, base: 0n, withdrawn: 0n }
    const time = { amount: 100n, cliff: 50n, end: 50n, anchor: 50n, base: 0n, withdrawn: 0n }
    expect(mergeLocks(vesting, time, 0n)).toEqual({ error: 'ERR:SCHEDULE' })
    expect(mergeLocks(time, vesting, 0n)).toEqual({ error: 'ERR:SCHEDULE' })
    expect(mergeLocks(time, { ...time, end: 40n, cliff: 40n, anchor: 40n }, 0n)).toMatchObject({ amount: 200n, end: 50n })
  })
})

describe('claimFees (property)', () => {
  it('pays at most units × (1 − entry/now) and at most one unit less, and leaves the principal worth what it was at entry', () => {
    const ONE = 1n << 64n
    fc.assert(
      fc.property(lockArb, fc.bigInt({ min: 0n, max: 8000n }), fc.bigInt({ min: ONE, max: 2n * ONE }), fc.bigInt({ min: 0n, max: ONE }), (lock, t, entry, rise) => {
        const now = entry + rise
        const { units, after } = claimFees(lock, entry, now, t)
        const held = lock.amount - lock.withdrawn
        const whole = feesSince(held, entry, now)
        expect(units).toBeLessThanOrEqual(whole)
        expect(units).toBeGreaterThanOrEqual(whole - 1n)
        expect(after.amount - after.withdrawn).toBe(held - units)
        expect((after.amount - after.withdrawn) * now).toBeGreaterThanOrEqual(held * entry)
        // still locked at any later time: worth what was locked then under the old terms, within the one unit
        // each schedule's own floor may round (the real-valued lines keep it exactly)
        for (const s of times([lock], t)) expect((lockedAt(after, s) + 1n) * now).toBeGreaterThanOrEqual(lockedAt(lock, s) * entry)
        expect(after.end).toBe(lock.end)
      }),
      { seed: SEED, numRuns: RUNS },
    )
  })
})
