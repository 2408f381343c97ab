// The Locks app's failures as sentences: its row of the one error table (../errors.ts).
import { CONTRACT_ERRORS, explainError } from '../errors.ts'
import type { ReadableError } from '../errors.ts'
import { LOCKS_SPEC } from './contract.ts'

/** The sentence for each `ERR:*` the Locks app asserts with (its row of `CONTRACT_ERRORS`). */
export const LOCK_ERROR_MESSAGES: Record<string, string> = CONTRACT_ERRORS.Locks

/** Explains a failed lock group: the Locks app's codes in words, anything else as `explainError` does. */
export function explainLockError(error: unknown, lockAppId?: bigint): ReadableError {
  return explainError(error, [{ spec: LOCKS_SPEC, appId: lockAppId }])
}
