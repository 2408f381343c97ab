// @grove/sdk/errors: the one error table. algod's and the AVM's texts (byte for byte as go-algorand
// writes them: ledger, transaction pool, logic packages), a wallet's and the network's, and every
// contract's ERR: codes, keyed by contract and code, each mapped to one sentence here and nowhere
// else; the contracts' SDK modules (locks/, staking/, vault/, registry/projects.ts) name their rows
// of it. No algosdk and no specs; the matching is core/errors.ts. The core (errors-core.ts, what a
// web page's first load words failures with) holds all but the contracts' own rows.
import type { ContractName } from '@grove/contracts/deployment'
import { explainWithTable, type ErrorTable, type ProgramErrors, type ReadableError } from './core/errors.ts'
import { BY_CODE_TABLE, CONTRACT_ERROR_MESSAGES, DEX_ERRORS, REGISTRY_ERRORS } from './errors-core.ts'

export * from './core/errors.ts'
export * from './errors-core.ts'

const LOCKS_ERRORS: Readonly<Record<string, string>> = {
  'ERR:MILLISECONDS': 'That time looks like milliseconds; give it in seconds',
  'ERR:END_PASSED': 'The end must be in the future',
  'ERR:TOO_LONG': 'A lock can end at most 10 years from now',
  'ERR:CLIFF_PASSED': 'The cliff cannot be in the past',
  'ERR:CLIFF_AFTER_END': 'The cliff must not be after the end',
  'ERR:NOTHING_VESTED': 'Nothing has vested yet',
  'ERR:NOT_OWNER': 'Only the lock’s owner can do this (or, to close it, the account that made it)',
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
  'ERR:LOCK_EXISTS': 'You already made a lock with this nonce: build the lock again',
  'ERR:BAD_NONCE': 'This nonce gives no lock id: build the lock again',
  'ERR:FROZEN': 'The token’s issuer has frozen the lock app’s holding of it: nothing can be withdrawn until the issuer unfreezes it',
  'ERR:DEFAULT_FROZEN': 'This token is frozen by default for every holder, so a lock of it could never be withdrawn',
  'ERR:NO_LOCK': 'There is no such lock: it has been closed, or was never made',
  'ERR:NOT_WITHDRAWN': 'Withdraw everything from the lock before closing it',
  'ERR:LIQUIDITY_LOCK': 'A Grove LP token is locked with its pool, so the lock can earn its fees',
  'ERR:WRONG_POOL': 'The deposit is not this pool’s LP token, or no Grove pool’s',
  'ERR:NOT_CREATOR': 'Only the account that created the lock app can bind it to the stable pools',
  'ERR:BOUND': 'The lock app is bound to its stable pools already: they cannot change',
  'ERR:NOT_LIQUIDITY': 'Only a lock of Grove LP tokens earns fees',
  'ERR:NOT_COLLECTOR': 'Only the lock’s owner or the fee collector it names can claim its fees',
  'ERR:NO_FEES': 'No fees to claim yet: the pool has earned nothing since the last claim',
  'ERR:FLASH_IN_GROUP': 'A lock of LP tokens cannot share a group with a DEX flash loan or flash swap',
  'ERR:SPLIT_AMOUNT': 'Split off more than zero and at most what is still locked, and keep something in the lock',
  'ERR:ASSET_MISMATCH': 'Only locks of the same token can be merged',
  'ERR:SAME_LOCK': 'Choose two different locks to merge',
  'ERR:SCHEDULE': 'These locks cannot be merged without unlocking something earlier: merge into a time lock that ends no earlier, or a lock whose units have all vested',
}

const STAKING_ERRORS: Readonly<Record<string, string>> = {
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
  'ERR:CLAWBACK': 'The deposit must not be a clawback',
  'ERR:REKEY': 'The deposit must not rekey your account',
  'ERR:CLOSE_TO': 'The deposit must not close your account',
  'ERR:ZERO_AMOUNT': 'The amount must be above zero',
  'ERR:POSITION_EXISTS': 'You already have a position in this program: stake into it',
  'ERR:NOT_OPTED_IN': 'The staking app does not hold this token yet: opt it in first in the same group',
  'ERR:FROZEN': 'The token’s issuer has frozen the staking app’s holding of it: it cannot be paid out until the issuer unfreezes it',
  'ERR:DEFAULT_FROZEN': 'This token is frozen by default for every holder, so a program of it could never pay out',
}

const VAULT_ERRORS: Readonly<Record<string, string>> = {
  'ERR:NOT_CREATOR': 'Only the vault’s creator can bootstrap it',
  'ERR:BOOTSTRAPPED': 'The vault already created sGROVE',
  'ERR:NOT_BOOTSTRAPPED': 'The vault has not created sGROVE yet',
  'ERR:BAD_INPUT_TYPE': 'The deposit must be an asset transfer',
  'ERR:BAD_INPUT_ASSET': 'Stake GROVE and unstake sGROVE: the deposit is of another asset',
  'ERR:BAD_RECEIVER': 'The deposit must be sent to the vault',
  'ERR:BAD_SENDER': 'The deposit must come from the account that calls the vault',
  'ERR:CLOSE_TO': 'The deposit must not close your account',
  'ERR:CLAWBACK': 'The deposit must be a plain transfer from your account, not a clawback',
  'ERR:REKEY': 'The deposit must not rekey your account',
  'ERR:ZERO_AMOUNT': 'Enter an amount above zero',
  'ERR:LOCKED_SHARES': 'The first stake must be more than 1,000 units of GROVE (0.001 GROVE): that much is locked in the vault forever',
  'ERR:ZERO_OUT': 'The amount is too small: it would give nothing at the vault’s rate',
  'ERR:SLIPPAGE': 'The rate or the price moved beyond your bound (a buyback: the pool is more than 1% away from its TWAP after fees)',
  'ERR:OVERFLOW': 'The amount is too large for the vault’s math',
  'ERR:MBR': 'The payment does not match the vault’s minimum balance for this: exactly 0.1 ALGO to opt the vault in to an asset, at least the increase otherwise',
  'ERR:BAD_ASSET': 'The vault cannot hold or buy back this asset (ALGO needs no opt-in; GROVE and sGROVE are the vault’s own)',
  'ERR:OPTED_IN': 'The vault already holds this asset',
  'ERR:NOT_OPTED_IN': 'The vault does not hold this asset',
  'ERR:ASSET_ORDER': 'Each pool must be given as (a, b) with a < b',
  'ERR:SAME_ASSET': 'A route hop from an asset to itself',
  'ERR:NO_OBSERVATION': 'The vault has not observed a pool on this route yet: observe it, then wait 10 minutes',
  'ERR:OBSERVATION_TOO_RECENT': 'The vault’s observations of a pool on this route are less than 10 minutes old (or one was made less than 10 minutes ago): wait, then try again',
  'ERR:OBSERVATION_STALE': 'The vault’s observations of a pool on this route are more than an hour old: observe it again, then wait 10 minutes',
  'ERR:BAD_PATH': 'A buyback path has 1 to 4 hops, each through another asset, and ends in GROVE (GROVE only at the end)',
  'ERR:NO_PATH': 'The protocol admin has not set a buyback path for this asset',
  'ERR:ONE_OBSERVER': 'Only one account has observed a pool on this route in the last hour: a buyback needs another observer’s observation too',
  'ERR:FLASH_IN_GROUP': 'A buyback or an observation cannot share a group with a DEX flash loan or flash swap',
  'ERR:FLASH_LOCKED': 'A pool on this route is lent out by a flash loan or swap in the same group',
  'ERR:NOT_ADMIN': 'Only the protocol admin can set buyback paths',
  'ERR:NOTHING_TO_BUY': 'The vault holds none of this asset to buy back',
  // a buyback's inner swap: the DEX's codes, worded for the vault's caller
  'ERR:NO_POOL': 'There is no pool for a hop of this route',
  'ERR:NO_LIQUIDITY': 'A pool on this route is empty',
  'ERR:PAUSED': 'Swaps are paused by the protocol admin',
  'ERR:FROZEN': 'The token’s issuer has frozen a holding this needs',
  'ERR:DEFAULT_FROZEN': 'This token is frozen by default for every holder, so the vault cannot hold it',
}

const STABLE_ERRORS: Readonly<Record<string, string>> = {
  'ERR:BAD_INPUT_TYPE': 'The deposit must be an ALGO payment or an asset transfer of the pool’s token',
  'ERR:BAD_INPUT_ASSET': 'The deposit is not one of this stable pool’s tokens',
  'ERR:BAD_RECEIVER': 'The deposit must be sent to the stable pools app',
  'ERR:BAD_SENDER': 'The deposit must come from the account that makes the call',
  'ERR:CLOSE_TO': 'The transfer must not close the account',
  'ERR:CLAWBACK': 'The transfer must be a plain transfer, not a clawback',
  'ERR:REKEY': 'The transfer must not rekey the account',
  'ERR:ZERO_AMOUNT': 'Enter an amount above zero',
  'ERR:MBR': 'The payment does not match the stable pool’s minimum balance',
  'ERR:LP_ASSET': 'A stable pool cannot hold Grove’s own LP tokens',
  'ERR:DEFAULT_FROZEN': 'This token is frozen by default for every holder, so a pool of it could never trade',
  'ERR:FROZEN': 'The token’s issuer has frozen the pool’s holding of it: it cannot be paid out until the issuer unfreezes it',
  'ERR:OVERFLOW': 'The amounts are too large for the stable pool’s math',
  'ERR:PAUSED': 'This is paused by the protocol admin',
  'ERR:NOT_ADMIN': 'Only the protocol admin can ramp a stable pool’s amplifier',
  'ERR:ASSET_ORDER': 'A stable pool names its tokens in ascending id order',
  'ERR:SAME_ASSET': 'A swap needs two different tokens',
  'ERR:BAD_FEE': 'A stable pool’s fee tier is 1, 5, 30 or 100 bps',
  'ERR:BAD_AMP': 'The amplifier A must be from 1 to 1,000',
  'ERR:POOL_EXISTS': 'This stable pool already exists in this fee tier',
  'ERR:NO_POOL': 'There is no such stable pool',
  'ERR:NO_LIQUIDITY': 'The stable pool is empty',
  'ERR:FIRST_ADD': 'The first deposit of a stable pool needs both tokens',
  'ERR:LOCKED_LIQUIDITY': 'The first deposit is too small: it must mint more than the 1,000 LP units locked for good',
  'ERR:ZERO_OUT': 'This amount is too small: it would give nothing',
  'ERR:SLIPPAGE': 'The price moved beyond your slippage tolerance',
  'ERR:NO_CONVERGENCE': 'The pool’s invariant did not settle at these balances: remove liquidity in proportion (always possible) or try another amount',
  'ERR:RAMP_TIME': 'A ramp of A lasts at least a day and starts at least a day after the last one started',
  'ERR:RAMP_CHANGE': 'A ramp changes A by at most 10 times up or down',
  'ERR:FLASH_LOCKED': 'This stable pool is lent out by a flash loan in the same group until its verify: nothing else can use it (nor start another flash) before then',
  'ERR:FLASH_PAIR': 'A stable flash loan and its verify must pair: same pool and sender, in one group, each naming the other’s distance',
  'ERR:FLASH_REPAY': 'The stable flash loan must be repaid in each token lent, right before its verify, with at least the loan plus the pool’s fee',
}

const ORDERS_ERRORS: Readonly<Record<string, string>> = {
  'ERR:BAD_INPUT_TYPE': 'The deposit or the fill’s payment must be an ALGO payment or an asset transfer of the right token',
  'ERR:BAD_INPUT_ASSET': 'The fill’s payment is of the wrong token',
  'ERR:BAD_RECEIVER': 'The deposit and a fill’s payment must be sent to the orders app',
  'ERR:BAD_SENDER': 'The deposit or payment must come from the account that makes the call',
  'ERR:CLOSE_TO': 'The transfer must not close the account',
  'ERR:CLAWBACK': 'The transfer must be a plain transfer, not a clawback',
  'ERR:REKEY': 'The transfer must not rekey the account',
  'ERR:ZERO_AMOUNT': 'Enter an amount and a price above zero',
  'ERR:MBR': 'The payment does not match the orders app’s minimum balance: exactly 0.0893 ALGO for an order, 0.1093 ALGO to opt the app in to a token',
  'ERR:OPTED_IN': 'The orders app already holds this token',
  'ERR:NOT_OPTED_IN': 'The orders app does not hold this token yet: opt it in first',
  'ERR:DEFAULT_FROZEN': 'This token is frozen by default for every holder, so an order of it could never be filled',
  'ERR:FROZEN': 'The token’s issuer has frozen the orders app’s holding of it: it cannot be paid out until the issuer unfreezes it',
  'ERR:OVERFLOW': 'The amount or the price is too large for the orders app’s math',
  'ERR:PAUSED': 'Orders are paused by the protocol admin: you can still cancel and collect',
  'ERR:NOT_ADMIN': 'Only the protocol admin can set the orders’ fee',
  'ERR:BAD_FEE': 'The orders’ fee can be at most 1%',
  'ERR:NO_FEES': 'The orders app holds no fees in this token',
  'ERR:NO_LIQUIDITY': 'The pair’s Grove pool is empty, so it has no price to bound a recurring order',
  'ERR:BAD_NONCE': 'This nonce gives no order id: build the order again',
  'ERR:ORDER_EXISTS': 'You already have an order with this id: build the order again',
  'ERR:SAME_ASSET': 'An order sells one token for another: pick two different tokens',
  'ERR:BAD_AMOUNT': 'A recurring order’s deposit must be a whole number of fills',
  'ERR:BAD_INTERVAL': 'A recurring order’s interval must be at least a minute',
  'ERR:BAD_TOLERANCE': 'The tolerance must be below 100%',
  'ERR:PRICE_RANGE': 'The price is outside the order’s range: the maximum must be at least the minimum, and a fill waits while the price is above the maximum',
  'ERR:MILLISECONDS': 'The expiry looks like milliseconds: give it in seconds',
  'ERR:EXPIRED': 'The order has expired (or the expiry is not in the future)',
  'ERR:NO_ORDER': 'There is no such order: it was filled out or cancelled',
  'ERR:NOT_OWNER': 'Only the order’s owner can cancel it or collect from it',
  'ERR:NOTHING_TO_COLLECT': 'The order has nothing to collect yet',
  'ERR:NOT_RECURRING': 'Only a recurring order has a price observation to renew',
  'ERR:OBSERVATION_FRESH': 'The order’s price observation is less than an hour old: it cannot be renewed yet',
  'ERR:OBSERVATION_STALE': 'The order’s price observation is over an hour old: renew it, then fill a minute later',
  'ERR:GROUP': 'A recurring fill must be a top-level call, its group’s only fill, with every Grove DEX call between the fill and its settle and no flash call',
  'ERR:ZERO_OUT': 'This fill would pay nothing at the current price',
  'ERR:FILL_OPEN': 'This order is being filled in the same group: one fill at a time, then its settle',
  'ERR:FILL_PAIR': 'A fill must name its settle of the same order, by the same sender, later in the group',
  'ERR:TOO_MUCH': 'The fill takes more than the order still holds',
  'ERR:TOO_SOON': 'A recurring order fills at most once per interval (the first a minute after placing): wait for the next one',
  'ERR:FILL_AMOUNT': 'A recurring order fills exactly one fill’s amount',
  'ERR:NO_FILL': 'There is no open fill of this order to settle',
  'ERR:UNDERPAID': 'The payment is below the order’s price for what the fill takes plus the protocol’s fee',
}

/**
 * Every contract's `ERR:*` codes in words, by contract (the deployment record's list types it, so a
 * new contract needs its row) and code. Each contract's row covers every code its ARC-56 spec
 * asserts with (test/errors.test.ts derives them); the vault's also words the DEX codes a buyback's
 * inner swap fails with, as the vault's caller sees them.
 */
export const CONTRACT_ERRORS: { readonly [C in ContractName]: Readonly<Record<string, string>> } = {
  Registry: REGISTRY_ERRORS,
  Dex: DEX_ERRORS,
  Locks: LOCKS_ERRORS,
  Staking: STAKING_ERRORS,
  Vault: VAULT_ERRORS,
  Stable: STABLE_ERRORS,
  Orders: ORDERS_ERRORS,
}

/** The sentence for `code` as contract `contract` asserts it, else by code alone, else the code itself. */
export function contractErrorMessage(contract: ContractName, code: string): string {
  return CONTRACT_ERRORS[contract][code] ?? CONTRACT_ERROR_MESSAGES[code] ?? code
}

/** The one table, as core/errors.ts matches with it. */
export const ERROR_TABLE: ErrorTable = { ...BY_CODE_TABLE, contracts: CONTRACT_ERRORS }
/**
 * The one explanation of a failure, in one sentence (see core/errors.ts). Contract asserts are named
 * for the `programs` given (their specs carry the pcs and the contract's name): `grovePrograms()`
 * for all of Grove's, a contract's module passes its own.
 */
export function explainError(error: unknown, programs: readonly ProgramErrors[] = []): ReadableError {
  return explainWithTable(error, programs, ERROR_TABLE)
}
