// The DEX's failures in words: the contract's ERR: codes (its assert messages, README.md) and the
// AMM math's refusals, which say the same thing before a transaction is built. No algosdk.
import { REGISTRY_ERROR_MESSAGES } from '../registry/errors.ts'

/** Why the contract would reject an action (the SDK's AMM math says it before sending). */
export type AmmErrorCode =
  | 'unknown-asset'
  | 'same-asset'
  | 'zero-amount'
  | 'empty-pool'
  | 'insufficient-liquidity'
  | 'zero-output'
  | 'below-minimum-liquidity'
  | 'zero-lp'
  | 'not-enough-lp'
  | 'overflow'

/** The sentence shown for each `AmmErrorCode`. */
export const AMM_ERROR_MESSAGES: Record<AmmErrorCode, string> = {
  'unknown-asset': 'This pool does not trade that asset',
  'same-asset': 'Cannot swap an asset for itself',
  'zero-amount': 'Enter an amount above zero',
  'empty-pool': 'This pool has no liquidity yet',
  'insufficient-liquidity': 'Not enough liquidity in the pool',
  'zero-output': 'Amount too small: you would receive nothing',
  'below-minimum-liquidity': 'First deposit too small: √(a·b) must exceed 1,000 units',
  'zero-lp': 'Amount too small: you would receive no pool tokens',
  'not-enough-lp': 'More pool tokens than were issued',
  overflow: 'Amount too large for the pool',
}

/** The sentence for each `ERR:*` message the DEX asserts with. */
export const DEX_ERROR_MESSAGES: Record<string, string> = {
  'ERR:PAUSED': 'This action is paused by the protocol admin',
  'ERR:OVERFLOW': AMM_ERROR_MESSAGES.overflow,
  'ERR:BAD_INPUT_TYPE': 'The deposit must be an ALGO payment or an asset transfer',
  'ERR:BAD_RECEIVER': 'The deposit must be sent to the DEX',
  'ERR:CLOSE_TO': 'The deposit must not close your account',
  'ERR:BAD_INPUT_ASSET': 'The deposit is of the wrong asset',
  'ERR:BAD_SENDER': 'The deposit must come from the account that calls the DEX',
  'ERR:REKEY': 'The deposit must not rekey your account',
  'ERR:CLAWBACK': 'The deposit must be a plain transfer from your account, not a clawback',
  'ERR:FROZEN': 'The token’s issuer has frozen the pool’s holding of it: the pool cannot pay it out until the issuer unfreezes it',
  'ERR:DEFAULT_FROZEN': 'This token is frozen by default for every holder, so a pool of it could never trade',
  'ERR:ZERO_AMOUNT': AMM_ERROR_MESSAGES['zero-amount'],
  'ERR:SAME_ASSET': AMM_ERROR_MESSAGES['same-asset'],
  'ERR:NO_POOL': 'There is no pool for this pair',
  'ERR:NO_LIQUIDITY': AMM_ERROR_MESSAGES['insufficient-liquidity'],
  'ERR:ZERO_OUT': AMM_ERROR_MESSAGES['zero-output'],
  'ERR:LOCKED_LIQUIDITY': AMM_ERROR_MESSAGES['below-minimum-liquidity'],
  'ERR:SLIPPAGE': 'The price moved beyond your slippage tolerance',
  'ERR:ASSET_ORDER': 'The pool’s assets must be given in ascending order',
  'ERR:POOL_EXISTS': 'This pool already exists',
  'ERR:LP_ASSET': 'Grove pool tokens cannot be pooled',
  'ERR:MBR': 'The payment does not cover the pool’s minimum balance',
  'ERR:BAD_SWAP_AMOUNT': 'The swapped part must be above zero and below the amount',
  'ERR:BAD_PATH': 'A route has 1 to 4 hops',
  // the DEX asks the registry's questions itself (who is admin, which fees are allowed)
  'ERR:NOT_ADMIN': REGISTRY_ERROR_MESSAGES['ERR:NOT_ADMIN']!,
  'ERR:BAD_FEE': REGISTRY_ERROR_MESSAGES['ERR:BAD_FEE']!,
}
