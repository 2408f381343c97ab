// The stable math against the invariant itself, over random pools (both decimals 0–19, A 1–1,000,
// balances from balanced to 1,000:1, amounts from one unit to twice a reserve): Newton's D brackets
// the real root, and every swap, add and remove leaves the stored D at or below the invariant of the
// new reserves (rounding in the pool's favour: nobody takes out what the curve does not give). 1,000
// seeded cases per property (in CI too: the math is fast). The contract's equality to this math, to
// the base unit, is test/stable/stable.test.ts's, on a localnet.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { A_PRECISION, ampAt, isqrt, multiplierOf, newtonD, NoConvergenceError, quoteStableAdd, quoteStableRemove, quoteStableSwap, type StablePoolState } from './math.ts'
import { stableSpotPrice } from '../figures/prices.ts'

const SEED = 37_2
const RUNS = 1000

/** The invariant's sign at d: AP·D³ + (α − AP)·P·D − α·S·P over normalised x, y (increasing in D, 0 at the root). */
function invariantAt(x: bigint, y: bigint, amp: bigint, d: bigint): bigint {
  const alpha = 4n * amp
  const p = 4n * x * y
  return A_PRECISION * d * d * d + (alpha - A_PRECISION) * p * d - alpha * (x + y) * p
}

const reservesOf = (pool: StablePoolState) => [pool.reserveA * pool.multiplierA, pool.reserveB * pool.multiplierB] as const

/** A stable pool after its first add of `amountA`/`amountB`. */
function seeded(decimalsA: number, decimalsB: number, amp: bigint, amountA: bigint, amountB: bigint): StablePoolState {
  const empty: StablePoolState = {
    a: 1n, b: 2n, feeBps: 5n, reserveA: 0n, reserveB: 0n, lpAsset: 3n, lpIssued: 0n, protocolFeeDivisor: 6n, protocolFeesA: 0n, protocolFeesB: 0n, feesA: 0n, feesB: 0n,
    multiplierA: multiplierOf(decimalsA), multiplierB: multiplierOf(decimalsB), initialA: amp * A_PRECISION, futureA: amp * A_PRECISION, initialTime: 0n, futureTime: 0n, dAmp: amp * A_PRECISION, d: 0n,
  }
  return quoteStableAdd(empty, amountA, amountB, 0n).after
}

/** Random pools: decimals, A, and first-add amounts worth 10^3–10^9 dollars a side, up to 1,000:1 apart. */
const pools = fc
  .record({
    decimalsA: fc.integer({ min: 0, max: 19 }),
    decimalsB: fc.integer({ min: 0, max: 19 }),
    amp: fc.bigInt({ min: 1n, max: 1000n }),
    dollarsA: fc.bigInt({ min: 1000n, max: 10n ** 9n }),
    ratio: fc.integer({ min: -3000, max: 3000 }),
  })
  .map(({ decimalsA, decimalsB, amp, dollarsA, ratio }) => {
    const dollarsB = BigInt(Math.max(1000, Math.round(Number(dollarsA) * 10 ** (ratio / 1000))))
    // amounts a 64-bit holding can carry (a 19-decimal coin holds at most ~1.8 "dollars")
    const cap = (dollars: bigint, decimals: number) => [dollars * 10n ** BigInt(decimals), 2n ** 63n].reduce((x, y) => (x < y ? x : y))
    return seeded(decimalsA, decimalsB, amp, cap(dollarsA, decimalsA), cap(dollarsB, decimalsB))
  })

describe('stable math', () => {
  it('finds D by Newton within 2 of the real root, at or above the stored (one below)', () => {
    fc.assert(
      fc.property(pools, (pool) => {
        const [x, y] = reservesOf(pool)
        const amp = pool.dAmp
        const { d } = newtonD(x, y, amp, x + y)
        expect(invariantAt(x, y, amp, d - 2n) < 0n && invariantAt(x, y, amp, d + 2n) > 0n).toBe(true)
        expect(invariantAt(x, y, amp, pool.d)).toBeLessThanOrEqual(0n)
      }),
      { numRuns: RUNS, seed: SEED },
    )
  })

  it('leaves every swap’s reserves on or above the curve of the stored D, and never pays a round trip back more than it took', () => {
    fc.assert(
      fc.property(pools, fc.boolean(), fc.double({ min: 1e-12, max: 2, noNaN: true }), (pool, aIn, share) => {
        const reserve = aIn ? pool.reserveA : pool.reserveB
        const amountIn = BigInt(Math.max(1, Math.floor(Number(reserve) * share)))
        let quote
        try {
          quote = quoteStableSwap(pool, aIn ? pool.a : pool.b, amountIn, 0n)
        } catch (e) {
          // too small to pay anything, or past a 64-bit holding: refused, as the contract refuses it
          expect(String(e)).toMatch(/ERR:(ZERO_OUT|OVERFLOW)/)
          return
        }
        const [x, y] = reservesOf(quote.after)
        expect(invariantAt(x, y, pool.dAmp, quote.after.d)).toBeLessThanOrEqual(0n)
        expect(quote.iterations).toBe(0)
        expect(quote.opUps).toBe(0)
        let back
        try {
          back = quoteStableSwap(quote.after, aIn ? pool.b : pool.a, quote.amountOut, 0n)
        } catch {
          return
        }
        expect(back.amountOut).toBeLessThan(amountIn)
      }),
      { numRuns: RUNS, seed: SEED },
    )
  })

  it('keeps the stored D a lower bound through adds (any proportion) and removes (which never iterate)', () => {
    fc.assert(
      fc.property(pools, fc.double({ min: 0, max: 3, noNaN: true }), fc.double({ min: 0, max: 3, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (pool, shareA, shareB, part) => {
        const amountA = BigInt(Math.floor(Number(pool.reserveA) * shareA))
        const amountB = BigInt(Math.floor(Number(pool.reserveB) * shareB))
        let current = pool
        if ((amountA > 0n || amountB > 0n) && pool.reserveA + amountA < 2n ** 64n && pool.reserveB + amountB < 2n ** 64n) {
          try {
            const added = quoteStableAdd(pool, amountA, amountB, 0n)
            const [x, y] = reservesOf(added.after)
            expect(invariantAt(x, y, pool.dAmp, added.after.d)).toBeLessThanOrEqual(0n)
            // one op-up per two iterations and one for the later add's own work
            expect(added.opUps).toBe(Math.ceil(added.iterations / 2) + 1)
            current = added.after
          } catch (e) {
            expect(String(e)).toMatch(/ERR:(ZERO_OUT|OVERFLOW)/)
          }
        }
        const lp = BigInt(Math.floor(Number(current.lpIssued) * part))
        if (lp === 0n) return
        let removed
        try {
          removed = quoteStableRemove(current, lp)
        } catch (e) {
          // a share too small to pay a unit of either side
          expect(String(e)).toMatch(/ERR:ZERO_OUT/)
          return
        }
        const [x, y] = reservesOf(removed.after)
        expect(invariantAt(x, y, current.dAmp, removed.after.d)).toBeLessThanOrEqual(0n)
      }),
      { numRuns: RUNS, seed: SEED },
    )
  })

  it('removes in proportion where D would not converge from the balances', () => {
    // 10^12 dollars of a 6-decimal coin against 10^6 units of a 19-decimal one, at A = 1
    const pool = { ...seeded(6, 19, 1n, 10n ** 12n, 10n ** 18n), reserveA: 10n ** 18n, reserveB: 10n ** 6n }
    const [x, y] = reservesOf(pool)
    expect(() => newtonD(x, y, pool.dAmp, x + y)).toThrow(NoConvergenceError)
    const out = quoteStableRemove(pool, pool.lpIssued / 2n)
    expect(out.amountA).toBeGreaterThan(0n)
    expect(out.amountB).toBeGreaterThan(0n)
  })

  it('takes integer square roots exactly up to 512 bits', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 512n - 1n }), (n) => {
        const r = isqrt(n)
        expect(r * r <= n && (r + 1n) * (r + 1n) > n).toBe(true)
      }),
      { numRuns: RUNS, seed: SEED },
    )
  })
})

describe('the stable spot price (the price book’s)', () => {
  it('is the curve’s marginal price: a small swap pays, the fee aside, between the spot prices before and after it (to its rounding)', () => {
    // amounts a 64-bit holding carries uncapped (10^6 dollars at 12 decimals), so a ratio of 0 is balanced
    const decimals = fc.constantFrom(6, 8, 12)
    fc.assert(
      fc.property(decimals, decimals, fc.bigInt({ min: 1n, max: 1000n }), fc.bigInt({ min: 10n ** 4n, max: 10n ** 6n }), fc.integer({ min: -1000, max: 1000 }), (decimalsA, decimalsB, amp, dollarsA, ratio) => {
        const dollarsB = BigInt(Math.round(Number(dollarsA) * 10 ** (ratio / 1000)))
        const pool = seeded(decimalsA, decimalsB, amp, dollarsA * 10n ** BigInt(decimalsA), dollarsB * 10n ** BigInt(decimalsB))
        const amountIn = pool.reserveA / 1_000n
        const quote = quoteStableSwap(pool, pool.a, amountIn, 0n)
        // whole B per whole A the swap paid before its fee, and the spot prices at its two ends
        const out = Number(quote.amountOut + quote.fee)
        const paid = out / 10 ** decimalsB / (Number(amountIn) / 10 ** decimalsA)
        const spotAt = (p: StablePoolState) => stableSpotPrice(Number(p.reserveA) / 10 ** decimalsA, Number(p.reserveB) / 10 ** decimalsB, Number(amp))!
        const [before, after] = [spotAt(pool), spotAt(quote.after)]
        // rounding: the output is floored to a unit (and the contract rounds D down by one)
        const slack = 2 / out + 1e-9
        expect(paid).toBeLessThanOrEqual(before * (1 + slack))
        expect(paid).toBeGreaterThanOrEqual(after * (1 - slack))
        expect(after).toBeLessThan(before)
        // a balanced pool is at its peg whatever the decimals
        if (ratio === 0) expect(before).toBeCloseTo(1, 9)
      }),
      { numRuns: 300, seed: SEED },
    )
  })
})

describe('ampAt', () => {
  it('reads a pool that never ramped (start = end) at any time, one before its start too, without dividing by zero', () => {
    const still = { initialA: 20_000n, futureA: 20_000n, initialTime: 1_000n, futureTime: 1_000n }
    for (const now of [0n, 999n, 1_000n, 5_000n]) expect(ampAt(still, now)).toBe(20_000n)
  })
  it('follows a ramp’s straight line, its start before it and its end after', () => {
    const ramp = { initialA: 10_000n, futureA: 20_000n, initialTime: 1_000n, futureTime: 87_400n }
    expect([ampAt(ramp, 0n), ampAt(ramp, 1_000n), ampAt(ramp, 44_200n), ampAt(ramp, 87_400n), ampAt(ramp, 10n ** 9n)]).toEqual([10_000n, 10_000n, 15_000n, 20_000n, 20_000n])
  })
})
