// The Locks app's failures as sentences: its row of the one error table (../errors.ts);
// locksContract.explain reads it.
import { CONTRACT_ERRORS } from '../errors.ts'

/** The sentence for each `ERR:*` the Locks app asserts with (its row of `CONTRACT_ERRORS`). */
export const LOCK_ERROR_MESSAGES: Record<string, string> = CONTRACT_ERRORS.Locks
