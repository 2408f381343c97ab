// A token's supply locked, as Team Finance users read it: what Grove locks have not released yet
// (unvested, or before a time lock's end) over the supply outside the creator's account. Vested
// tokens a lock still holds because nobody withdrew them can be moved at will: they are not locked.
import { vestedAt, type Schedule } from '../locks/vesting.ts'

/** A token's locked supply at one time. */
export interface SupplyLocked {
  /** Base units the locks have not released at that time. */
  unvested: bigint
  /** The supply outside the creator's account (total − the creator's holding). */
  outside: bigint
  /** unvested / outside in percent (four decimals); null when nothing is outside the creator's account. */
  percent: number | null
}

/** The supply locked of a token with `total` supply, `creatorHolding` in its creator's account and `locks`, at time `t` (seconds). */
export function supplyLocked(locks: readonly Schedule[], t: bigint, total: bigint, creatorHolding: bigint): SupplyLocked {
  const unvested = locks.reduce((sum, l) => sum + l.amount - vestedAt(l, t), 0n)
  const outside = total - creatorHolding
  // basis points of a basis point keep four decimals, exact enough for a percentage
  return { unvested, outside, percent: outside > 0n ? Number((unvested * 1_000_000n) / outside) / 10_000 : null }
}
