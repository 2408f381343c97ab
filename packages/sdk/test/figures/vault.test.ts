import { describe, expect, it } from 'vitest'
import { vaultApr, type VaultRatePoint } from '../../src/figures/index.ts'
import { SECONDS_PER_YEAR } from '../../src/staking/math.ts'

const DAY = 86_400n
const YEAR_DAYS = Number(SECONDS_PER_YEAR) / 86_400
const point = (timestamp: bigint, before: [bigint, bigint], after: [bigint, bigint]): VaultRatePoint => ({
  timestamp,
  before: { grove: before[0], shares: before[1] },
  after: { grove: after[0], shares: after[1] },
})
const now = 100n * DAY

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
