// The staking app's failures as sentences: its row of the one error table (../errors.ts);
// stakingContract.explain reads it.
import { CONTRACT_ERRORS } from '../errors.ts'

/** The sentence for each ERR code the staking app asserts with (its row of `CONTRACT_ERRORS`). */
export const STAKING_ERROR_MESSAGES: Record<string, string> = CONTRACT_ERRORS.Staking
