// The vault's APR: the growth of its rate (GROVE per sGROVE) over a window, annualized. The web
// measures it from the events it walks in blocks, the analytics service from the events it stored;
// both call this, so /stake and /api/vault agree.
import { SECONDS_PER_YEAR } from '../staking/math.ts'
import type { VaultTotals } from '../vault/math.ts'

export type { VaultTotals }

/** A vault event that moves the rate (stake, unstake, buyback): when, and the totals before and after it. */
export interface VaultRatePoint {
  timestamp: bigint
  before: VaultTotals
  after: VaultTotals
}

/** An APR over a window, and where it was measured from. */
export interface VaultApr {
  /** Fraction per year (0.12 = 12%); null when the window holds no staked time. */
  apr: number | null
  /** When the measurement starts: the window's start, or the first stake inside it. */
  from: bigint
}

/**
 * GROVE per sGROVE of some totals, as a number: 1 before the first stake (the vault starts 1:1, as
 * its `rate()` does). The same rate as vault/math.ts's `vaultRate`, which is the contract's integer
 * (GROVE base units per whole sGROVE, rounded down); the analytics API and the APR read this one.
 */
export const grovePerShare = (t: VaultTotals): number => (t.shares > 0n ? Number(t.grove) / Number(t.shares) : 1)

/** The rate of totals that hold staked GROVE; null for an empty vault (nothing to grow from). */
const stakedRate = (t: VaultTotals): number | null => (t.shares > 0n && t.grove > 0n ? grovePerShare(t) : null)

/**
 * The APR over the `days` before `now`: (rate now / rate at the window's start − 1) annualized,
 * simple (no compounding), over a year of 365.25 days. `points` are in time order; the rate at the
 * start is the one before the window's first event (rates move only with events); when the vault was
 * empty then, the window starts at its first stake. With no event in the window: 0. `readFrom`
 * narrows the window to what was read (a block walk cut short).
 */
export function vaultApr(points: readonly VaultRatePoint[], current: VaultTotals, now: bigint, days: number, readFrom?: bigint): VaultApr {
  const windowStart = now - BigInt(days) * 86_400n
  const start = readFrom !== undefined && readFrom > windowStart ? readFrom : windowStart
  const first = points.find((p) => p.timestamp >= start)
  const nowRate = stakedRate(current)
  if (!first) return { apr: nowRate === null ? null : 0, from: start }
  const beforeRate = stakedRate(first.before)
  const [base, from] = beforeRate !== null ? [beforeRate, start] : [stakedRate(first.after), first.timestamp]
  const elapsed = now - from
  if (base === null || nowRate === null || elapsed <= 0n) return { apr: null, from }
  return { apr: ((nowRate / base - 1) * Number(SECONDS_PER_YEAR)) / Number(elapsed), from }
}
