// The staking app's failures as sentences: its row of the one error table (../errors.ts).
import { CONTRACT_ERRORS, explainError } from '../errors.ts'
import type { ReadableError } from '../errors.ts'
import { STAKING_SPEC } from './contract.ts'

/** The sentence for each ERR code the staking app asserts with (its row of `CONTRACT_ERRORS`). */
export const STAKING_ERROR_MESSAGES: Record<string, string> = CONTRACT_ERRORS.Staking

/** Explains a failed staking submission or simulation: the staking app's codes in words, anything else as explainError does. */
export function explainStakingError(error: unknown, stakingAppId?: bigint): ReadableError {
  return explainError(error, [{ appId: stakingAppId, spec: STAKING_SPEC }])
}
