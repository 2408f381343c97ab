// Vesting as one pure function of time, to the unit as the contract computes it (Sablier's
// LockupLinear shape with Grove's origin: nothing before the cliff, a straight line to the end).
import type { Lock } from './boxes.ts'

/** The fields vesting reads. */
export type Schedule = Pick<Lock, 'amount' | 'cliff' | 'end' | 'anchor' | 'base'>

/**
 * What the lock lets have left the app by time `t` (seconds), withdrawals included: 0 before the
 * cliff, `amount` from the end, and in between ⌊base + (amount − base)·(t − anchor)/(end − anchor)⌋
 * (base until the anchor). A new lock has anchor = cliff and base = 0; a top-up or extension after
 * the cliff moves the anchor to its time with base = what had vested then. Before the latest anchor
 * the function answers `base` (the history is in the events).
 */
export function vestedAt(lock: Schedule, t: bigint): bigint {
  if (t >= lock.end) return lock.amount
  if (t < lock.cliff) return 0n
  if (t <= lock.anchor) return lock.base
  return lock.base + ((lock.amount - lock.base) * (t - lock.anchor)) / (lock.end - lock.anchor)
}

/** What the owner can withdraw at time `t`. */
export function withdrawableAt(lock: Schedule & Pick<Lock, 'withdrawn'>, t: bigint): bigint {
  const v = vestedAt(lock, t)
  return v > lock.withdrawn ? v - lock.withdrawn : 0n
}

/** Still locked at time `t`: what has not vested. */
export function lockedAt(lock: Schedule, t: bigint): bigint {
  return lock.amount - vestedAt(lock, t)
}

/** A time lock releases everything at its end; a vesting lock releases linearly from cliff to end. */
export const isTimeLock = (lock: Pick<Lock, 'cliff' | 'end'>): boolean => lock.cliff === lock.end

/** The lock after a top-up of `amount` at time `now` (what the contract stores): nothing more withdrawable now. */
export function afterTopUp<L extends Schedule>(lock: L, amount: bigint, now: bigint): L {
  const anchored = now > lock.anchor ? { ...lock, base: vestedAt(lock, now), anchor: now } : { ...lock }
  return { ...anchored, amount: lock.amount + amount }
}

/** The lock after extending its end to `end` at time `now` (a time lock's cliff moves with it). */
export function afterExtend<L extends Schedule>(lock: L, end: bigint, now: bigint): L {
  if (isTimeLock(lock)) return { ...lock, cliff: end, anchor: end, end }
  const anchored = now > lock.anchor ? { ...lock, base: vestedAt(lock, now), anchor: now } : { ...lock }
  return { ...anchored, end }
}

/** Points (time, vested) for a chart of the unlock schedule from `from`: the corners of the line, where it bends. */
export function unlockCurve(lock: Schedule, from: bigint): { t: bigint; vested: bigint }[] {
  const times = [...new Set([from, lock.cliff - 1n, lock.cliff, lock.anchor, lock.end - 1n, lock.end].filter((t) => t >= from))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return times.map((t) => ({ t, vested: vestedAt(lock, t) }))
}

/**
 * The two locks `split(id, amount)` leaves at time `now` (what the contract stores), or the contract's
 * error code: the line re-anchors at now past the cliff, only units still locked move (ERR:SPLIT_AMOUNT
 * for more, for none, or for everything the lock holds), and the new part vests only from there, so at
 * every time the two vest at most what the original did.
 */
export function splitLock<L extends Schedule & Pick<Lock, 'withdrawn'>>(lock: L, amount: bigint, now: bigint): { kept: L; part: L } | { error: 'ERR:ENDED' | 'ERR:SPLIT_AMOUNT' } {
  if (now >= lock.end) return { error: 'ERR:ENDED' }
  const anchored = now > lock.anchor ? { ...lock, base: vestedAt(lock, now), anchor: now } : { ...lock }
  if (amount <= 0n || amount > anchored.amount - anchored.base || amount >= lock.amount - lock.withdrawn) return { error: 'ERR:SPLIT_AMOUNT' }
  return { kept: { ...anchored, amount: anchored.amount - amount }, part: { ...anchored, amount, withdrawn: 0n, base: 0n } }
}

/**
 * The lock `merge(into, from)` leaves at time `now`, or ERR:SCHEDULE when one lock could not keep both
 * schedules exactly: `from` has nothing locked any more (its units join `into` as vested), or `into` is a
 * time lock ending no earlier than `from` (its units wait for that end).
 */
export function mergeLocks<L extends Schedule & Pick<Lock, 'withdrawn'>>(into: L, from: Schedule & Pick<Lock, 'withdrawn'>, now: bigint): L | { error: 'ERR:SCHEDULE' } {
  const held = from.amount - from.withdrawn
  if (from.amount === vestedAt(from, now)) {
    const anchored = now > into.anchor && now < into.end ? { ...into, base: vestedAt(into, now), anchor: now } : { ...into }
    return { ...anchored, base: anchored.base + held, amount: anchored.amount + held }
  }
  if (isTimeLock(into) && into.end >= from.end) return { ...into, amount: into.amount + held }
  return { error: 'ERR:SCHEDULE' }
}
