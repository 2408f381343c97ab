import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { MINIMUM_LIQUIDITY, isqrt } from '../../src/dex/amm.ts'
import { LEVEL_ONE, entryAfterAdding, feesSince, poolLevel } from '../../src/locks/index.ts'

const RUNS = process.env.CI ? 50 : 500
const SEED = 40

/** A pool after its first add: S = √(xy) (minus rounding), so ℓ ≈ 1. */
const fresh = { reserveA: 1_000_000_000n, reserveB: 4_000_000_000n, lpIssued: 2_000_000_000n - MINIMUM_LIQUIDITY }

describe('fees while locked: the reference math (issue 40, item 1)', () => {
  it('isqrt (the DEX math’s) is the floor of the root at the widths ℓ uses', () => {
    for (const n of [0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n, (1n << 128n) - 1n, 1n << 128n]) {
      const r = isqrt(n)
      expect(r * r <= n && (r + 1n) * (r + 1n) > n).toBe(true)
    }
  })

  it('a fresh pool is at level 1; an entry rounds up and now rounds down', () => {
    expect(poolLevel(fresh, 'now')).toBe(LEVEL_ONE)
    expect(poolLevel(fresh, 'entry')).toBe(LEVEL_ONE)
    const odd = { reserveA: 7n, reserveB: 11n, lpIssued: 0n }
    expect(poolLevel(odd, 'entry')).toBe(poolLevel(odd, 'now') + 1n)
  })

  it('a worked claim: 1,000,000 units locked at ℓ = 1, fees leave 1% more of each reserve (ℓ ×1.01): 9,900 units claimed, 990,100 stay', () => {
    const entry = poolLevel(fresh, 'entry')
    // fees left 1% more of each reserve in the pool: k ×1.0201, ℓ ×1.01
    const later = { ...fresh, reserveA: 1_010_000_000n, reserveB: 4_040_000_000n }
    const now = poolLevel(later, 'now')
    expect(now).toBe((LEVEL_ONE * 101n) / 100n)
    // 1,000,000 × (1 − 1/1.01) = 9,900.99…: 9,900 units go to the owner, 990,100 stay
    expect(feesSince(1_000_000n, entry, now)).toBe(9_900n)
  })

  it('nothing is claimable while the level has not risen', () => {
    expect(feesSince(1_000n, LEVEL_ONE, LEVEL_ONE)).toBe(0n)
    expect(feesSince(1_000n, LEVEL_ONE + 5n, LEVEL_ONE)).toBe(0n)
    expect(feesSince(0n, LEVEL_ONE, 2n * LEVEL_ONE)).toBe(0n)
  })

  it('the principal left is worth at least what was locked, and the claim is at most one unit short of the exact fees', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: (1n << 64n) - 1n }),
        fc.bigInt({ min: LEVEL_ONE / 1_000n, max: LEVEL_ONE * 1_000n }),
        fc.bigInt({ min: 0n, max: LEVEL_ONE * 1_000n }),
        (units, entry, rise) => {
          const now = entry + rise
          const claim = feesSince(units, entry, now)
          const left = units - claim
          expect(claim >= 0n && claim <= units).toBe(true)
          // value in ℓ-units: left·now ≥ units·entry
          expect(left * now >= units * entry).toBe(true)
          // exact fees units·(1 − entry/now), claim within one unit below
          expect(claim * now <= units * (now - entry)).toBe(true)
          expect((claim + 1n) * now > units * (now - entry)).toBe(true)
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    )
  })

  it('a claim re-based at now leaves nothing more to claim at the same level', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 1n << 60n }), fc.bigInt({ min: LEVEL_ONE, max: LEVEL_ONE * 4n }), fc.bigInt({ min: 0n, max: LEVEL_ONE }), (units, entry, rise) => {
        const now = entry + rise
        const left = units - feesSince(units, entry, now)
        expect(feesSince(left, now, now)).toBe(0n)
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    )
  })

  it('units added at level now bring no fees and keep the old units’ fees (to one unit)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 1n << 60n }),
        fc.bigInt({ min: 1n, max: 1n << 60n }),
        fc.bigInt({ min: LEVEL_ONE, max: LEVEL_ONE * 4n }),
        fc.bigInt({ min: 0n, max: LEVEL_ONE }),
        (units, added, entry, rise) => {
          const now = entry + rise
          const before = feesSince(units, entry, now)
          const merged = entryAfterAdding(units, entry, added, now)
          expect(merged >= entry && merged <= now).toBe(true)
          const after = feesSince(units + added, merged, now)
          expect(after <= before).toBe(true)
          expect(before - after <= 1n + (units + added) / (1n << 40n)).toBe(true)
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    )
  })
})
