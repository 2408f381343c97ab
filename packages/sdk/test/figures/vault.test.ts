import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { grovePerShare, vaultApr, type VaultRatePoint } from '../../src/figures/index.ts'
import { RATE_UNIT, vaultRate } from '../../src/vault/math.ts'
import { SECONDS_PER_YEAR } from '../../src/staking/math.ts'

const DAY = 86_400n
const YEAR_DAYS = Number(SECONDS_PER_YEAR) / 86_400
const point = (timestamp: bigint, before: [bigint, bigint], after: [bigint, bigint]): VaultRatePoint => ({
  timestamp,
  before: { grove: before[0], shares: before[1] },
  after: { grove: after[0], shares: after[1] },
})
const now = 100n * DAY

describe('grovePerShare', () => {
  it('is 1 before the first stake, as the vault starts', () => {
    expect(grovePerShare({ grove: 0n, shares: 0n })).toBe(1)
    expect(grovePerShare({ grove: 3n, shares: 2n })).toBe(1.5)
  })

  it('is the contract’s rate() to its last unit: 10^6 × it, rounded down, is vaultRate (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 1_000n, max: 10n ** 15n }), (grove, shares) => {
        const t = { grove, shares }
        const exact = grovePerShare(t) * Number(RATE_UNIT)
        // the float's own rounding aside (1e-12 of it), the floor is at most one unit under
        const slack = 1e-12 * exact
        expect(exact - Number(vaultRate(t))).toBeGreaterThanOrEqual(-slack)
        expect(exact - Number(vaultRate(t))).toBeLessThan(1 + slack)
      }),
      { seed: 29, numRuns: 200 },
    )
  })
})

describe('vaultApr', () => {
  it('annualizes the growth since the rate before the window’s first event', () => {
    const points = [point(now - 20n * DAY, [990_000n, 1_000_000n], [1_000_000n, 1_000_000n]), point(now - 3n * DAY, [1_000_000n, 1_000_000n], [1_010_000n, 1_000_000n])]
    const current = { grove: 1_010_000n, shares: 1_000_000n }
    const d7 = vaultApr(points, current, now, 7)
    expect(d7.from).toBe(now - 7n * DAY)
    expect(d7.apr).toBeCloseTo((0.01 * YEAR_DAYS) / 7, 9)
    expect(vaultApr(points, current, now, 30).apr).toBeCloseTo(((1.01 / 0.99 - 1) * YEAR_DAYS) / 30, 9)
  })

  it('is 0 without events in the window, and measures from the first stake when the vault was empty before it', () => {
    const current = { grove: 1_000_000n, shares: 1_000_000n }
    expect(vaultApr([point(now - 40n * DAY, [1n, 1n], [1_000_000n, 1_000_000n])], current, now, 30)).toEqual({ apr: 0, from: now - 30n * DAY })
    const fresh = [point(now - 2n * DAY, [0n, 0n], [1_000_000n, 1_000_000n]), point(now - DAY, [1_000_000n, 1_000_000n], [1_002_000n, 1_000_000n])]
    const d7 = vaultApr(fresh, { grove: 1_002_000n, shares: 1_000_000n }, now, 7)
    expect(d7.from).toBe(now - 2n * DAY)
    expect(d7.apr).toBeCloseTo((0.002 * YEAR_DAYS) / 2, 9)
  })

  it('measures over what was read when a walk stopped short of the window', () => {
    const apr = vaultApr([point(now - 2n * DAY, [1_000_000n, 1_000_000n], [1_004_000n, 1_000_000n])], { grove: 1_004_000n, shares: 1_000_000n }, now, 30, now - 4n * DAY)
    expect(apr.from).toBe(now - 4n * DAY)
    expect(apr.apr).toBeCloseTo((0.004 * YEAR_DAYS) / 4, 9)
  })

  it('has no APR while nothing is staked', () => {
    expect(vaultApr([], { grove: 0n, shares: 0n }, now, 7).apr).toBeNull()
  })
})
