// Fees while locked (issue 40, item 1): the reference math a Grove LP lock's fee claim follows, to
// the unit. A pool's level ℓ = √(x·y)/S (S = lpSupply: LP issued + the 1,000 units the DEX keeps locked) only
// grows with swap fees left in the pool (reserves are the box's figures, so a donation to the DEX's
// address moves nothing; adding or removing liquidity keeps ℓ, rounding in the pool's favour).
// A lock records ℓ when its units enter; the units fees added since are units × (1 − ℓ_entry/ℓ_now).
// ℓ is a Q64.64 fixed-point number: ⌈·⌉ for an entry and ⌊·⌋ for now, and the claim rounds down,
// so every rounding is in the lock's favour and the principal's value never falls below what was locked.
import { isqrt, lpSupply } from '../dex/amm.ts'
import { ampAt, newtonD, STABLE_LOCKED_LP, type StablePoolState } from '../stable/math.ts'
import type { Lock } from './boxes.ts'
import { vestedAt } from './vesting.ts'

/** 2^64: ℓ is stored as ℓ·2^64. */
export const LEVEL_ONE = 1n << 64n

/** The pool figures ℓ reads (the DEX's PoolState). */
export type LevelPool = { reserveA: bigint; reserveB: bigint; lpIssued: bigint }

/**
 * The pool's level ℓ·2^64 = √(x·y)·2^64/S: rounded up for an entry (`'entry'`: the lock is credited
 * with no fee it did not earn), down for a claim (`'now'`).
 */
export function poolLevel(pool: LevelPool, at: 'entry' | 'now'): bigint {
  const product = pool.reserveA * pool.reserveB
  const supply = lpSupply(pool)
  if (at === 'now') return (isqrt(product << 128n)) / supply
  // ⌈√(xy·2^128)⌉ then ⌈·/S⌉
  const floor = isqrt(product << 128n)
  const root = floor * floor === product << 128n ? floor : floor + 1n
  return (root + supply - 1n) / supply
}

/**
 * A Grove stable pool's level ℓ·2^64 = D·2^64/S at time `t`, as the Stable app's getLevel and the Locks app
 * compute it: D of the reserves plus the LP fees held off the curve (what a remove pays), at A at `t`, by
 * Newton's iteration from the stored D plus those fees; S = LP issued + 1,000. Newton's D is within one of
 * the root, so an entry takes ⌈(D + 1)·2^64/S⌉ and a claim ⌊(D − 1)·2^64/S⌋. `opUps`: the Stable app's op-up
 * inner calls for that read (one before iterations 2, 4, …: the calls' own budgets cover the first), which
 * the group's fee pays.
 */
export function stablePoolLevel(pool: StablePoolState, at: 'entry' | 'now', t: bigint): { level: bigint; opUps: number } {
  const x = (pool.reserveA + pool.feesA) * pool.multiplierA
  const y = (pool.reserveB + pool.feesB) * pool.multiplierB
  const start = pool.d + pool.feesA * pool.multiplierA + pool.feesB * pool.multiplierB
  // the contract's count starts at 1, so its op-ups fall before iterations 2, 4, …
  const found = newtonD(x, y, ampAt(pool, t), start, 1)
  const opUps = Math.floor((found.done - 1) / 2)
  const supply = pool.lpIssued + STABLE_LOCKED_LP
  const level = at === 'entry' ? ((found.d + 1n) * LEVEL_ONE + supply - 1n) / supply : ((found.d - 1n) * LEVEL_ONE) / supply
  return { level, opUps }
}

/** A liquidity lock's pool as read for its level: the DEX's (`dex`) or a stable pool (`stable`). */
export type LockPoolState = { dex: LevelPool; stable?: undefined } | { stable: StablePoolState; dex?: undefined }

/** The level of a liquidity lock's pool, whichever app holds it (`t` moves a stable pool's A during a ramp). */
export function lockPoolLevel(pool: LockPoolState, at: 'entry' | 'now', t: bigint): bigint {
  return pool.stable ? stablePoolLevel(pool.stable, at, t).level : poolLevel(pool.dex, at)
}

/**
 * The LP units fees added to `units` since they entered at level `entry`: units − ⌈units·entry/now⌉,
 * 0 when the level has not risen. What stays, ⌈units·entry/now⌉, is worth at least what was locked.
 */
export function feesSince(units: bigint, entry: bigint, now: bigint): bigint {
  if (units <= 0n || now <= entry) return 0n
  return units - (units * entry + now - 1n) / now
}

/**
 * The entry level after `added` units join `units` (entered at `entry`) at level `now`: the weighted
 * level ⌈(units·entry + added·now)/(units + added)⌉, so the fees the old units earned stay claimable
 * (to a unit) and the new units bring none.
 */
export function entryAfterAdding(units: bigint, entry: bigint, added: bigint, now: bigint): bigint {
  if (units + added === 0n) return now
  const base = now > entry ? now : entry
  // a level below the entry (a claim re-bases upwards only) counts the new units at the entry
  return (units * entry + added * base + units + added - 1n) / (units + added)
}

/** ⌈units·entry/now⌉: what of `units` stays to keep their value at entry (the contract's `kept`). */
const kept = (units: bigint, entry: bigint, now: bigint): bigint => (units === 0n ? 0n : (units * entry + now - 1n) / now)

/**
 * What `claimFees` does at time `t` with the pool at level `now` (poolLevel(pool, 'now')), to the unit:
 * the vested-unwithdrawn part and the still-locked part each keep ⌈units·entry/now⌉ (so a unit or two
 * less than feesSince of the whole may be paid); the schedule scales from `t` on. `units` 0: nothing to
 * claim (the contract says ERR:NO_FEES).
 */
export function claimFees<L extends Pick<Lock, 'amount' | 'withdrawn' | 'cliff' | 'end' | 'anchor' | 'base'>>(lock: L, entry: bigint, now: bigint, t: bigint): { units: bigint; after: L } {
  if (now <= entry) return { units: 0n, after: lock }
  const vested = vestedAt(lock, t)
  const free = vested - lock.withdrawn
  const locked = lock.amount - vested
  const units = free - kept(free, entry, now) + locked - kept(locked, entry, now)
  const anchor = t > lock.anchor && t < lock.end ? t : lock.anchor
  const base = lock.withdrawn + kept(free, entry, now)
  return { units, after: { ...lock, anchor, base, amount: base + kept(locked, entry, now) } }
}

/** The LP units a liquidity lock could claim now, with the pool as given (0 when fees have not raised the level). */
export function claimableFees(lock: Pick<Lock, 'amount' | 'withdrawn' | 'cliff' | 'end' | 'anchor' | 'base'>, entry: bigint, pool: LevelPool, t: bigint): bigint {
  return claimFees(lock, entry, poolLevel(pool, 'now'), t).units
}

/** The share of the pool's LP supply (issued + the 1,000 locked) that `units` are, in parts per million. */
export function poolShareMillionths(units: bigint, pool: Pick<LevelPool, 'lpIssued'>): bigint {
  return (units * 1_000_000n) / lpSupply(pool)
}
