// The error table's core (@grove/sdk/errors re-exports it): algod's and the AVM's texts (byte for byte
// as go-algorand writes them: ledger, transaction pool, logic packages), a wallet's and the network's,
// the AMM's and the router's words, and the codes by code alone (the registry's and the DEX's rows).
// What a first page load words failures with; the other contracts' rows are errors.ts's.
import { formatAmount } from './core/amount.ts'
import { FEE_BPS_RULE } from './registry/fees.ts'
import { explainWithTable, type AlgodErrorRow, type AvmErrorRow, type ErrorTable, type ReadableError } from './core/errors.ts'


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
export const PROJECT_NAME_MAX_BYTES = 32
export const PROJECT_URL_MAX_BYTES = 96

// Each contract's words for its `ERR:*` codes, a const each (CONTRACT_ERRORS below lists them).
export const REGISTRY_ERRORS: Readonly<Record<string, string>> = {
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
}

export const DEX_ERRORS: Readonly<Record<string, string>> = {
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
}


/** A code's sentence when its contract is not known: the DEX's, else the registry's (the codes users meet most). */
export const CONTRACT_ERROR_MESSAGES: Record<string, string> = { ...REGISTRY_ERRORS, ...DEX_ERRORS }


/** The table without any contract's own rows: what explaining needs when no program is named (codes by CONTRACT_ERROR_MESSAGES). */
export const BY_CODE_TABLE: ErrorTable = {
  algod: ALGOD_ERRORS,
  avm: AVM_ERRORS,
  contracts: {},
  byCode: CONTRACT_ERROR_MESSAGES,
  rejected: WALLET_REJECTED_TEXTS,
  rejectedSentence: WALLET_REJECTED,
  unreachable: NODE_UNREACHABLE_TEXTS,
  unreachableSentence: NODE_UNREACHABLE,
}



/**
 * explainError without programs: the same sentence (a code's words are then CONTRACT_ERROR_MESSAGES'),
 * without the other contracts' rows, so a first page load (the web's toasts) need not carry every
 * contract's words; pages that name programs use explainError.
 */
export function explainErrorByCode(error: unknown): ReadableError {
  return explainWithTable(error, [], BY_CODE_TABLE)
}
