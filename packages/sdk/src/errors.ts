// @grove/sdk/errors: the one error table. algod's and the AVM's texts (byte for byte as go-algorand
// writes them: ledger, transaction pool, logic packages), a wallet's and the network's, and every
// contract's ERR: codes, keyed by contract and code, each mapped to one sentence here and nowhere
// else; the contracts' SDK modules (locks/, staking/, vault/, registry/projects.ts) name their rows
// of it. No algosdk and no specs, so the web app can word failures on its first load; the matching
// is core/errors.ts.
import type { ContractName } from '@grove/contracts/deployment'
import { formatAmount } from './core/amount.ts'
import { FEE_BPS_RULE } from './registry/fees.ts'
import { explainWithTable, type AlgodErrorRow, type AvmErrorRow, type ErrorTable, type ProgramErrors, type ReadableError } from './core/errors.ts'

export * from './core/errors.ts'

/** The one sentence for a request the user declined in their wallet. */
export const WALLET_REJECTED = 'You cancelled the request in your wallet.'
/** The one sentence for a node that cannot be reached. */
export const NODE_UNREACHABLE = 'Could not reach the network. Check your connection and the node settings, then try again.'

const algo = (micro: string): string => `${formatAmount(BigInt(micro), 6, { thousands: true })} ALGO`

/** A group holding one transaction twice (the builder's check, before algod answers "transaction already in ledger"). */
export const DUPLICATE_IN_GROUP = 'Two transactions of this group are identical, so the network would refuse it as already submitted. Build it again.'

/** The ledger's and transaction pool's texts, most specific first. */
export const ALGOD_ERRORS: readonly AlgodErrorRow[] = [
  [/receiver error: must optin, asset (\d+) missing from (\w+)/, 'receiver-not-opted-in', (m) => `The receiver has not opted into asset ${m[1]}`],
  [/asset (\d+) missing from (\w+)/, 'not-opted-in', (m) => `You have not opted into asset ${m[1]}`],
  // a transfer to or from a holding the asset's freeze address has frozen (go-algorand's ledger texts)
  [/asset frozen in recipient/, 'frozen', () => 'The token’s issuer has frozen the receiving holding (the pool’s or yours): it cannot receive this token until the issuer unfreezes it.'],
  [/asset (\d+) frozen in (\w+)/, 'frozen', (m) => `The issuer of asset ${m[1]} has frozen the sending holding: it cannot move until the issuer unfreezes it.`],
  [/underflow on subtracting (\d+) from sender amount (\d+)/, 'asset-balance', () => 'Your account does not hold enough of this asset.'],
  [/overspend/, 'overspend', () => 'Your account does not have enough ALGO for this amount plus fees.'],
  [/balance (\d+) below min (\d+)/, 'min-balance', (m) => `This would take an account below its minimum balance of ${algo(m[2]!)}. Keep more ALGO in the account.`],
  [/fee too small|below threshold|less than the minimum|insufficient fee/i, 'fee', () => 'The transaction fee is too low for the network right now. Please try again.'],
  [/txn dead|round \d+ outside of \d+--\d+/, 'expired', () => 'The transaction expired before it reached the network. Please try again.'],
  [/^Two transactions of this group are identical/, 'duplicate-in-group', () => DUPLICATE_IN_GROUP],
  [/transaction already in ledger/, 'duplicate', () => 'This transaction was already submitted.'],
  [/rejected by ApprovalProgram/, 'contract', () => 'The app rejected the transaction.'],
  [/rejected by logic/, 'contract', () => 'The transaction was rejected by its signing program.'],
]

/** The AVM's reasons after `logic eval error:`, when no contract code names the failure; `where` is " (program step N)". */
export const AVM_ERRORS: readonly AvmErrorRow[] = [
  [/^assert failed|^err opcode executed/, 'contract', (_r, where) => `The smart contract rejected this transaction${where}. The price may have moved or a limit was not met.`],
  [/budget exceeded/, 'budget', (_r, where) => `The transaction needed more computation than the network allows${where}.`],
  [/overflowed|would result negative/, 'contract', (_r, where) => `An amount went out of range in the smart contract${where}.`],
  [/unavailable|invalid .* reference/i, 'contract', (_r, where) => `The transaction did not reference an account, asset or app the smart contract needed${where}.`],
  [/(?:)/, 'contract', (reason, where) => `The smart contract rejected this transaction: ${reason || 'no reason given'}${where}.`],
]

/** Texts of a wallet declining (ARC-27 wallets, WalletConnect, Pera, Defly, Kibisis, Lute). */
export const WALLET_REJECTED_TEXTS = /user rejected|rejected by (the )?user|request rejected|(cancell?ed|closed|denied) by (the )?user|user (cancell?ed|denied|closed|aborted|declined)|operation cancell?ed|method .* canceled|modal (was )?closed/i
/** Texts of a request that never reached the node. */
export const NODE_UNREACHABLE_TEXTS = /failed to fetch|fetch failed|networkerror|network ?error|load failed|network request failed|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket hang up|err_network/i

/** Why the DEX would reject an action (the SDK's AMM math says it before sending). */
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

/** The sentence shown for each `AmmErrorCode`: the DEX's refusals, said before a transaction is built. */
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

/** Why no route over the venues carries an order (venues/route-failure.ts finds which). */
export type RouteErrorCode = 'same-asset' | 'untraded-token' | 'no-pool' | 'insufficient-liquidity' | 'zero-output' | 'overflow' | 'too-many-transactions'

/** What a route failure's sentence names: the pair, the venues searched (by label) and the order. */
export interface RouteErrorWords {
  from: string
  to: string
  /** The venues searched, as they are labelled ("Grove", "Tinyman v2"). */
  venues: readonly string[]
  /** The token no venue trades (untraded-token). */
  token?: string
  /** The amount to receive of an exact-output order, with its symbol ("5,000 gUSD"). */
  exactOut?: string
}

const either = (venues: readonly string[]) => (venues.length <= 1 ? (venues[0] ?? 'this network') : `${venues.slice(0, -1).join(', ')} or ${venues[venues.length - 1]}`)
const onBoth = (venues: readonly string[]) => (venues.length <= 1 ? (venues[0] ?? 'this network') : `${venues.slice(0, -1).join(', ')} and ${venues[venues.length - 1]}`)

/** The sentence for each `RouteErrorCode`: a swap no route can make, said before anything is built. */
export const ROUTE_ERROR_MESSAGES: Record<RouteErrorCode, (w: RouteErrorWords) => string> = {
  'same-asset': (w) => `${w.from} cannot be swapped for itself: pick another token to receive.`,
  'untraded-token': (w) => `No pool on ${either(w.venues)} trades ${w.token}, so it cannot be swapped here.`,
  'no-pool': (w) => `No pool on ${either(w.venues)} connects ${w.from} and ${w.to}, directly or through another token.`,
  'insufficient-liquidity': (w) =>
    w.exactOut
      ? `Not enough liquidity: the pools connecting ${w.from} and ${w.to} on ${onBoth(w.venues)} hold less than ${w.exactOut} to give.`
      : `Not enough liquidity: the pools connecting ${w.from} and ${w.to} on ${onBoth(w.venues)} cannot take this amount. Try a smaller one.`,
  'zero-output': () => `${AMM_ERROR_MESSAGES['zero-output']}. Enter a larger amount.`,
  overflow: () => `${AMM_ERROR_MESSAGES.overflow}. Enter a smaller amount.`,
  'too-many-transactions': () => 'This swap would need more transactions than one group holds. Try a smaller amount.',
}

const NOT_ADMIN = 'Only the protocol admin can do this'
const BAD_FEE = FEE_BPS_RULE
/** Longest project name and metadata URL, in bytes (the registry's limits). */
const PROJECT_NAME_MAX_BYTES = 32
const PROJECT_URL_MAX_BYTES = 96

/**
 * Every contract's `ERR:*` codes in words, by contract (the deployment record's list types it, so a
 * new contract needs its row) and code. Each contract's row covers every code its ARC-56 spec
 * asserts with (test/errors.test.ts derives them); the vault's also words the DEX codes a buyback's
 * inner swap fails with, as the vault's caller sees them.
 */
export const CONTRACT_ERRORS: { readonly [C in ContractName]: Readonly<Record<string, string>> } = {
  Registry: {
    'ERR:NOT_ADMIN': NOT_ADMIN,
    'ERR:NOT_PENDING_ADMIN': 'Only the proposed admin can accept',
    'ERR:BAD_FEE': BAD_FEE,
    'ERR:BAD_INPUT': 'Invalid value',
    'ERR:NOT_CREATOR': 'Only the token’s manager (its creator when it has none) can register or claim its project',
    'ERR:NOT_PROJECT_OWNER': 'Only the project’s owner can do this',
    'ERR:PROJECT_EXISTS': 'This token already has a project',
    'ERR:NO_PROJECT': 'This token has no project',
    'ERR:NAME_TOO_LONG': `The name can be at most ${PROJECT_NAME_MAX_BYTES} bytes`,
    'ERR:URL_TOO_LONG': `The metadata URL can be at most ${PROJECT_URL_MAX_BYTES} bytes`,
    'ERR:BAD_ASSET': 'ALGO cannot have a project',
    'ERR:BAD_OWNER': 'Give the new owner’s address',
    'ERR:MBR': 'The payment must be exactly the project’s minimum balance',
    'ERR:BAD_RECEIVER': 'The payment must be sent to the registry',
    'ERR:BAD_SENDER': 'The payment must come from the account that registers the project',
    'ERR:REKEY': 'The payment must not rekey your account',
    'ERR:CLOSE_TO': 'The payment must not close your account',
  },
  Dex: {
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
    'ERR:POOL_EXISTS': 'This pair already has a pool in this fee tier',
    'ERR:BAD_TIER': 'That fee is not one of the DEX’s fee tiers',
    'ERR:TIER_EXISTS': 'That fee tier is already on the menu',
    'ERR:LP_ASSET': 'Grove pool tokens cannot be pooled',
    'ERR:MBR': 'The payment does not cover the pool’s minimum balance',
    'ERR:BAD_SWAP_AMOUNT': 'The swapped part must be above zero and below the amount',
    'ERR:BAD_PATH': 'A route has 1 to 4 hops',
    'ERR:FLASH_LOCKED': 'This pool is lent out by a flash loan or swap in the same group until its verify: nothing else can use it (nor start another flash) before then',
    'ERR:FLASH_PAIR': 'A flash start and its verify must pair: same pool and sender, in one group, each naming the other’s distance',
    'ERR:FLASH_REPAY': 'The flash loan must be repaid in each asset lent, right before its verify, with at least the loan plus the pool’s fee',
    'ERR:FLASH_INVARIANT': 'The flash swap did not pay enough: after the pool’s fee on what was paid in, the pool would hold less than before',
    // the DEX asks the registry who the admin is (adding a fee tier)
    'ERR:NOT_ADMIN': NOT_ADMIN,
  },
  Locks: {
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
    'ERR:WRONG_POOL': 'The deposit is not this pool’s LP token',
    'ERR:NOT_LIQUIDITY': 'Only a lock of Grove LP tokens earns fees',
    'ERR:NOT_COLLECTOR': 'Only the lock’s owner or the fee collector it names can claim its fees',
    'ERR:NO_FEES': 'No fees to claim yet: the pool has earned nothing since the last claim',
    'ERR:FLASH_IN_GROUP': 'A lock of LP tokens cannot share a group with a DEX flash loan or flash swap',
    'ERR:SPLIT_AMOUNT': 'Split off more than zero and at most what is still locked, and keep something in the lock',
    'ERR:ASSET_MISMATCH': 'Only locks of the same token can be merged',
    'ERR:SAME_LOCK': 'Choose two different locks to merge',
    'ERR:SCHEDULE': 'These locks cannot be merged without unlocking something earlier: merge into a time lock that ends no earlier, or a lock whose units have all vested',
  },
  Staking: {
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
  },
  Vault: {
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
  },
  Stable: {
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
  },
  Orders: {
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
  },
}

/** A code's sentence when its contract is not known: the DEX's, else the registry's (the codes users meet most). */
export const CONTRACT_ERROR_MESSAGES: Record<string, string> = { ...CONTRACT_ERRORS.Registry, ...CONTRACT_ERRORS.Dex }

/** The sentence for `code` as contract `contract` asserts it, else by code alone, else the code itself. */
export function contractErrorMessage(contract: ContractName, code: string): string {
  return CONTRACT_ERRORS[contract][code] ?? CONTRACT_ERROR_MESSAGES[code] ?? code
}

/** The one table, as core/errors.ts matches with it. */
export const ERROR_TABLE: ErrorTable = {
  algod: ALGOD_ERRORS,
  avm: AVM_ERRORS,
  contracts: CONTRACT_ERRORS,
  byCode: CONTRACT_ERROR_MESSAGES,
  rejected: WALLET_REJECTED_TEXTS,
  rejectedSentence: WALLET_REJECTED,
  unreachable: NODE_UNREACHABLE_TEXTS,
  unreachableSentence: NODE_UNREACHABLE,
}

/**
 * The one explanation of a failure, in one sentence (see core/errors.ts). Contract asserts are named
 * for the `programs` given (their specs carry the pcs and the contract's name): `grovePrograms()`
 * for all of Grove's, a contract's module passes its own.
 */
export function explainError(error: unknown, programs: readonly ProgramErrors[] = []): ReadableError {
  return explainWithTable(error, programs, ERROR_TABLE)
}
