// The Locks app's error codes as sentences, and failures of its groups explained with them.
import { explainError } from '../errors.ts'
import type { ReadableError } from '../errors.ts'
import { LOCKS_SPEC } from './contract.ts'

/** The sentence for each `ERR:*` the Locks app asserts with. */
export const LOCK_ERROR_MESSAGES: Record<string, string> = {
  'ERR:MILLISECONDS': 'That time looks like milliseconds; give it in seconds',
  'ERR:END_PASSED': 'The end must be in the future',
  'ERR:TOO_LONG': 'A lock can end at most 10 years from now',
  'ERR:CLIFF_PASSED': 'The cliff cannot be in the past',
  'ERR:CLIFF_AFTER_END': 'The cliff must not be after the end',
  'ERR:NOTHING_VESTED': 'Nothing has vested yet',
  'ERR:NOT_OWNER': 'Only the lock’s owner can do this',
  'ERR:NOT_PENDING_OWNER': 'Only the proposed new owner can accept, and only while a transfer is pending',
  'ERR:BAD_OWNER': 'Propose another account than the owner',
  'ERR:NOT_LATER': 'An extension must end later than the lock does now',
  'ERR:ENDED': 'The lock has ended: withdraw it instead',
  'ERR:OPTED_IN': 'The lock app already holds this asset',
  'ERR:MBR': 'The payment must cover exactly the lock’s minimum balance',
  'ERR:CLAWBACK': 'A clawback transfer cannot fund a lock',
  'ERR:BAD_INPUT_TYPE': 'The deposit must be an ALGO payment or an asset transfer',
  'ERR:BAD_INPUT_ASSET': 'The deposit is of another asset than the lock’s',
  'ERR:BAD_RECEIVER': 'The deposit must be sent to the lock app',
  'ERR:BAD_SENDER': 'The deposit must come from the account that makes the lock',
  'ERR:REKEY': 'The deposit must not rekey your account',
  'ERR:CLOSE_TO': 'The deposit must not close your account',
  'ERR:ZERO_AMOUNT': 'Enter an amount above zero',
}

/** Explains a failed lock group: the Locks app's codes in words, anything else as `explainError` does. */
export function explainLockError(error: unknown, lockAppId?: bigint): ReadableError {
  const readable = explainError(error, [{ spec: LOCKS_SPEC, appId: lockAppId }])
  if (readable.code && LOCK_ERROR_MESSAGES[readable.code]) return { ...readable, message: LOCK_ERROR_MESSAGES[readable.code]! }
  return readable
}
