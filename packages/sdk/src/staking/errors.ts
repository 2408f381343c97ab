// The staking app's failures as sentences: its ERR codes, then explainError for everything else.
import { explainError } from '../errors.ts'
import type { ReadableError } from '../errors.ts'
import { STAKING_SPEC } from './contract.ts'

/** The sentence for each ERR code the staking app asserts with. */
export const STAKING_ERROR_MESSAGES: Record<string, string> = {
  'ERR:PAUSED': 'New staking is paused by the protocol admin',
  'ERR:NO_PROGRAM': 'There is no such staking program',
  'ERR:NO_POSITION': 'You have nothing staked in this program',
  'ERR:NOT_STARTED': 'The program has not started yet',
  'ERR:ENDED': 'The program has ended',
  'ERR:NOT_ENDED': 'The program has not ended yet',
  'ERR:MIN_STAKE_TIME': 'Your stake is still under the minimum stake time',
  'ERR:INSUFFICIENT_STAKE': 'That is more than you have staked',
  'ERR:NOTHING_TO_CLAIM': 'There are no rewards to claim yet',
  'ERR:NOTHING_TO_RECLAIM': 'There is nothing left to reclaim',
  'ERR:NOT_COMPOUNDABLE': 'Only rewards paid in the staked token can be compounded',
  'ERR:NOT_CREATOR': 'Only the program’s creator can do this',
  'ERR:BAD_TIMES': 'The start must not be in the past, the end must follow it by at most 4 years, and the minimum stake time must fit',
  'ERR:BAD_RATE': 'The reward rate must be above zero (and above the current rate for a top-up)',
  'ERR:BAD_REWARD': 'The program has no such reward',
  'ERR:BAD_DEPOSIT': 'The deposit must be exactly the rate times the duration',
  'ERR:SAME_ASSET': 'The two reward tokens must differ',
  'ERR:OVERFLOW': 'The amounts are too large',
  'ERR:MBR': 'The payment does not cover the minimum balance',
  'ERR:BAD_INPUT_TYPE': 'The deposit must be an ALGO payment or an asset transfer',
  'ERR:BAD_INPUT_ASSET': 'The deposit is of the wrong token',
  'ERR:BAD_RECEIVER': 'The deposit must be sent to the staking app',
  'ERR:BAD_SENDER': 'The deposit must come from the account that calls the staking app',
  'ERR:ASSET_SENDER': 'The deposit must not be a clawback',
  'ERR:REKEY': 'The deposit must not rekey your account',
  'ERR:CLOSE_TO': 'The deposit must not close your account',
  'ERR:ZERO_AMOUNT': 'The amount must be above zero',
}

/** Explains a failed staking submission or simulation: the staking app's codes in words, anything else as explainError does. */
export function explainStakingError(error: unknown, stakingAppId?: bigint): ReadableError {
  const explained = explainError(error, [{ appId: stakingAppId, spec: STAKING_SPEC }])
  if (explained.code && STAKING_ERROR_MESSAGES[explained.code]) return { ...explained, message: STAKING_ERROR_MESSAGES[explained.code]! }
  return explained
}
