// Failures as short sentences. Contract asserts are found by pc in the ARC-56 sourceInfo
// (`logic eval error: ... Details: app=A, pc=N`); algod's own texts are matched by pattern.
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import { AMM_ERROR_MESSAGES } from './amm.ts'
import { DEX_SPEC, REGISTRY_SPEC } from './contract.ts'

/** The sentence for each `ERR:*` message the contracts assert with. */
export const CONTRACT_ERROR_MESSAGES: Record<string, string> = {
  'ERR:PAUSED': 'This action is paused by the protocol admin',
  'ERR:OVERFLOW': AMM_ERROR_MESSAGES.overflow,
  'ERR:BAD_INPUT_TYPE': 'The deposit must be an ALGO payment or an asset transfer',
  'ERR:BAD_RECEIVER': 'The deposit must be sent to the DEX',
  'ERR:CLOSE_TO': 'The deposit must not close your account',
  'ERR:BAD_INPUT_ASSET': 'The deposit is of the wrong asset',
  'ERR:BAD_SENDER': 'The deposit must come from the account that calls the DEX',
  'ERR:REKEY': 'The deposit must not rekey your account',
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
  'ERR:NOT_ADMIN': 'Only the protocol admin can do this',
  'ERR:NOT_PENDING_ADMIN': 'Only the proposed admin can accept',
  'ERR:BAD_FEE': 'The fee must be 1–100 bps',
  'ERR:BAD_INPUT': 'Invalid value',
  'ERR:CLAWBACK': 'The deposit must be a plain transfer from your account, not a clawback',
  'ERR:FROZEN': 'The token’s issuer has frozen the pool’s holding of it: the pool cannot pay it out until the issuer unfreezes it',
  'ERR:DEFAULT_FROZEN': 'This token is frozen by default for every holder, so a pool of it could never trade',
}

/** What kind of failure it was. */
export type ErrorKind =
  | 'contract'
  | 'overspend'
  | 'min-balance'
  | 'not-opted-in'
  | 'receiver-not-opted-in'
  | 'asset-balance'
  | 'frozen'
  | 'fee'
  | 'expired'
  | 'budget'
  | 'rejected'
  | 'network'
  | 'unknown'

/** A failure, readable. */
export interface ReadableError {
  kind: ErrorKind
  /** A short sentence for people. */
  message: string
  /** The contract's `ERR:*` text when a contract assert failed. */
  code?: string
  /** The program counter of a logic failure. */
  pc?: number
  /** The original text. */
  detail: string
}

/** A contract's error messages by pc, for `explainError`. */
export interface ProgramErrors {
  appId?: bigint
  spec: Arc56Contract
}

const messageOf = (error: unknown): string => {
  if (error instanceof Error) {
    // algokit-utils and fetch wrap the cause; algosdk puts algod's JSON message in response.body.
    const body = (error as { response?: { body?: { message?: string } } }).response?.body?.message
    return [error.message, body, error.cause instanceof Error ? error.cause.message : undefined].filter(Boolean).join(' ')
  }
  return typeof error === 'string' ? error : JSON.stringify(error) ?? String(error)
}

function sourceError(spec: Arc56Contract, pc: number): string | undefined {
  return spec.sourceInfo?.approval.sourceInfo.find((s) => s.pc.includes(pc))?.errorMessage
}

// algod's texts, most specific first.
const PATTERNS: [RegExp, ErrorKind, (m: RegExpMatchArray) => string][] = [
  [/receiver error: must optin, asset (\d+) missing from (\w+)/, 'receiver-not-opted-in', (m) => `The receiver has not opted into asset ${m[1]}`],
  [/asset (\d+) missing from (\w+)/, 'not-opted-in', (m) => `You have not opted into asset ${m[1]}`],
  // a transfer to or from a holding the asset's freeze address has frozen (go-algorand's ledger texts)
  [/asset frozen in recipient/, 'frozen', () => 'The token’s issuer has frozen the receiving holding (the pool’s or yours): it cannot receive this token until the issuer unfreezes it'],
  [/asset (\d+) frozen in (\w+)/, 'frozen', (m) => `The issuer of asset ${m[1]} has frozen the sending holding: it cannot move until the issuer unfreezes it`],
  [/underflow on subtracting (\d+) from sender amount (\d+)/, 'asset-balance', () => 'You do not hold enough of this asset'],
  [/overspend/, 'overspend', () => 'Not enough ALGO for this transaction and its fees'],
  [/balance (\d+) below min (\d+)/, 'min-balance', (m) => `This would leave an account below its minimum balance of ${formatAlgo(m[2]!)} ALGO`],
  [/fee too small|less than the minimum|insufficient fee/i, 'fee', () => 'The transaction fee is too low'],
  [/txn dead|round \d+ outside of/, 'expired', () => 'The transaction expired before it was sent; try again'],
  [/budget exceeded/, 'budget', () => 'The call needs more computation than one transaction allows'],
  [/rejected by (?:logic|ApprovalProgram)/, 'contract', () => 'The app rejected the transaction'],
  [/reject|cancel+ed|closed by user|denied|user (?:aborted|declined)/i, 'rejected', () => 'You rejected the request in your wallet'],
  [/failed to fetch|fetch failed|network ?error|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket hang up|timed? ?out/i, 'network', () => 'Cannot reach the Algorand node; check your connection and network settings'],
]

const formatAlgo = (micro: string): string => {
  const v = BigInt(micro)
  const fraction = (v % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '')
  return `${v / 1_000_000n}${fraction ? `.${fraction}` : ''}`
}

/**
 * Explains a failed submission, simulation or wallet request. A logic error is mapped through the
 * sourceInfo of the program it names (by app id when `programs` carry ids, else the DEX and registry).
 */
export function explainError(error: unknown, programs: ProgramErrors[] = [{ spec: DEX_SPEC }, { spec: REGISTRY_SPEC }]): ReadableError {
  const detail = messageOf(error)
  if ((error as { code?: unknown })?.code === 4001) return { kind: 'rejected', message: 'You rejected the request in your wallet', detail }
  const logic = /logic eval error: (.*?)\. Details: app=(\d+), pc=(\d+)/.exec(detail)
  if (logic) {
    const appId = BigInt(logic[2]!)
    const pc = Number(logic[3])
    const candidates = programs.filter((p) => p.appId === appId)
    for (const p of candidates.length > 0 ? candidates : programs.filter((q) => q.appId === undefined)) {
      const code = sourceError(p.spec, pc)
      if (code) return { kind: 'contract', code, pc, message: CONTRACT_ERROR_MESSAGES[code] ?? code, detail }
    }
    // Not one of ours, or a failure the contract did not label: algod's own words say most.
    for (const [pattern, kind, say] of PATTERNS) {
      const m = detail.match(pattern)
      if (m && kind !== 'rejected' && kind !== 'network') return { kind, message: say(m), pc, detail }
    }
    return { kind: 'contract', pc, message: `The app rejected the transaction: ${logic[1]}`, detail }
  }
  for (const [pattern, kind, say] of PATTERNS) {
    const m = detail.match(pattern)
    if (m) return { kind, message: say(m), detail }
  }
  return { kind: 'unknown', message: detail.split('\n')[0]!.slice(0, 200) || 'Something went wrong', detail }
}
