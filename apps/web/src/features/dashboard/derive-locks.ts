// What the lock tab derives from a lock, the chain's clock and what the user typed: the lock's
// kind, whether it can be withdrawn and the one message of a form. Pure; the SDK's vesting and
// terms checks are handed in.
import { CONTRACT_ERRORS } from '@grove/sdk/errors'
import type { GroveSdk, Lock } from '@/lib/tx/sdk.ts'
import { parseAmount } from '@grove/sdk/amount'
import { checkAddress } from '@/lib/address.ts'

/** The SDK functions these derivations use. */
export type LockSdk = Pick<GroveSdk, 'vestedAt' | 'withdrawableAt' | 'checkLockTerms' | 'MILLISECONDS_FROM' | 'LOCK_MIN_BALANCE' | 'LOCK_FEES_MIN_BALANCE'>

/** A lock's kind in words. */
export function lockKind(lock: Pick<Lock, 'cliff' | 'end' | 'liquidity'>): string {
  const shape = lock.cliff === lock.end ? 'Time lock' : 'Vesting'
  return lock.liquidity ? `Liquidity lock (${shape.toLowerCase()})` : shape
}

/** Why nothing can be withdrawn now, or null when something can. */
export function withdrawProblem(sdk: LockSdk, lock: Lock, now: bigint): string | null {
  if (lock.withdrawn >= lock.amount) return 'Everything has been withdrawn'
  return sdk.withdrawableAt(lock, now) > 0n ? null : CONTRACT_ERRORS.Locks['ERR:NOTHING_VESTED']!
}

/** Why `sender` cannot close the lock, or null when they can: everything withdrawn, and they own it or made it. */
export function closeProblem(lock: Lock, sender: string): string | null {
  if (sender !== lock.owner && sender !== lock.creator) return CONTRACT_ERRORS.Locks['ERR:NOT_OWNER']!
  return lock.withdrawn === lock.amount ? null : CONTRACT_ERRORS.Locks['ERR:NOT_WITHDRAWN']!
}

/** What the create form holds: the user's text and choices, nothing derived. */
export interface CreateLockForm {
  asset: number | null
  amount: string
  cliff: bigint | null
  end: bigint | null
  /** A time lock: everything at the end (the cliff is the end). */
  timeLock: boolean
}

/** The create form read: the lock's terms, or the first problem the user must fix. */
export type CreateLockResult = { ok: true; asset: bigint; amount: bigint; cliff: bigint; end: bigint } | { ok: false; step: number; problem: string }

/** Reads the create form in step order (asset → amount → cliff → end); `balance` skips the balance check while unknown. */
export function readCreateLock(sdk: LockSdk, form: CreateLockForm, decimals: number, balance: bigint | undefined, now: bigint): CreateLockResult {
  if (form.asset === null) return { ok: false, step: 0, problem: 'Choose the asset to lock' }
  const parsed = parseAmount(form.amount, decimals)
  if (!parsed.ok) return { ok: false, step: 1, problem: parsed.error.message }
  if (parsed.value === 0n) return { ok: false, step: 1, problem: CONTRACT_ERRORS.Locks['ERR:ZERO_AMOUNT']! }
  if (balance !== undefined && parsed.value > balance) return { ok: false, step: 1, problem: 'More than you hold' }
  const end = form.end
  const cliff = form.timeLock ? end : form.cliff
  if (!form.timeLock) {
    if (cliff === null) return { ok: false, step: 2, problem: 'Choose when vesting starts (the cliff)' }
    if (cliff >= sdk.MILLISECONDS_FROM) return { ok: false, step: 2, problem: CONTRACT_ERRORS.Locks['ERR:MILLISECONDS']! }
    if (cliff < now) return { ok: false, step: 2, problem: CONTRACT_ERRORS.Locks['ERR:CLIFF_PASSED']! }
  }
  if (end === null || cliff === null) return { ok: false, step: 3, problem: form.timeLock ? 'Choose when the lock ends' : 'Choose when vesting ends' }
  const code = sdk.checkLockTerms(cliff, end, now)
  if (code) return { ok: false, step: code === 'ERR:CLIFF_PASSED' ? 2 : 3, problem: CONTRACT_ERRORS.Locks[code] ?? code }
  return { ok: true, asset: BigInt(form.asset), amount: parsed.value, cliff, end }
}

/** Why an extension to `end` cannot be made, or null. */
export function extendProblem(sdk: LockSdk, lock: Lock, end: bigint | null, now: bigint): string | null {
  if (end === null) return 'Choose the new end'
  if (end >= sdk.MILLISECONDS_FROM) return CONTRACT_ERRORS.Locks['ERR:MILLISECONDS']!
  if (lock.end <= now) return CONTRACT_ERRORS.Locks['ERR:ENDED']!
  if (end <= lock.end) return CONTRACT_ERRORS.Locks['ERR:NOT_LATER']!
  return sdk.checkLockTerms(lock.cliff === lock.end ? end : lock.cliff > now ? lock.cliff : now, end, now) === 'ERR:TOO_LONG' ? CONTRACT_ERRORS.Locks['ERR:TOO_LONG']! : null
}

/** Why `to` cannot be proposed as the new owner, or null. */
export function proposeProblem(lock: Lock, to: string): string | null {
  if (to.trim() === '') return 'Enter the new owner’s address'
  const checked = checkAddress(to)
  if (!checked.ok) return checked.error
  if (checked.address === lock.owner) return 'Propose another account than the owner'
  return null
}

/** Why `amount` cannot be split off the lock at `now` (the contract's rule, in its words), or null. */
export function splitProblem(sdk: Pick<GroveSdk, 'splitLock'>, lock: Lock, amount: bigint, now: bigint): string | null {
  const r = sdk.splitLock(lock, amount, now)
  return 'error' in r ? CONTRACT_ERRORS.Locks[r.error]! : null
}

/** The user's other open locks of the same asset: what `lock` could take in a merge (the contract decides whether the schedules fit). */
export function mergePartners(lock: Lock, mine: readonly Lock[]): Lock[] {
  return mine.filter((l) => l.id !== lock.id && l.asset === lock.asset && l.owner === lock.owner && l.withdrawn < l.amount)
}

/** Why `text` names no collector, or null. */
export function collectorProblem(text: string): string | null {
  const check = checkAddress(text)
  return check.ok ? null : check.error
}
