// Failures as sentences: the one table of algod's and the AVM's texts, matched byte for byte as
// go-algorand writes them (ledger, transaction pool, logic packages). Contract asserts are found by
// pc in the ARC-56 sourceInfo (`logic eval error: ... Details: app=A, pc=N`) and worded by each
// contract's table (dex/errors.ts, registry/errors.ts). No algosdk: the web imports this eagerly.
import { formatAmount } from './amount.ts'

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
  | 'duplicate'
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

/** The part of an ARC-56 spec that maps a pc to its assert message. */
export interface ErrorSourceInfo {
  sourceInfo?: { approval: { sourceInfo: { pc: number[]; errorMessage?: string }[] } }
}

/** A contract's error messages by pc, for `explainError`: by app id when given, else for any app. */
export interface ProgramErrors {
  appId?: bigint
  spec: ErrorSourceInfo
}

/** The one sentence for a request the user declined in their wallet. */
export const WALLET_REJECTED = 'You cancelled the request in your wallet.'
/** The one sentence for a node that cannot be reached. */
export const NODE_UNREACHABLE = 'Could not reach the network. Check your connection and the node settings, then try again.'

const algo = (micro: string): string => `${formatAmount(BigInt(micro), 6, { thousands: true })} ALGO`

/** One row of the table: algod's text, the kind of failure, and the sentence for it. */
type Row = [pattern: RegExp, kind: ErrorKind, say: (m: RegExpMatchArray) => string]

/** The ledger's and transaction pool's texts, most specific first. */
export const ALGOD_ERRORS: readonly Row[] = [
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
  [/transaction already in ledger/, 'duplicate', () => 'This transaction was already submitted.'],
  [/rejected by ApprovalProgram/, 'contract', () => 'The app rejected the transaction.'],
  [/rejected by logic/, 'contract', () => 'The transaction was rejected by its signing program.'],
]

/** The AVM's reasons after `logic eval error:`, when no contract code names the failure; `where` is " (program step N)". */
export const AVM_ERRORS: readonly [RegExp, ErrorKind, (reason: string, where: string) => string][] = [
  [/^assert failed|^err opcode executed/, 'contract', (_r, where) => `The smart contract rejected this transaction${where}. The price may have moved or a limit was not met.`],
  [/budget exceeded/, 'budget', (_r, where) => `The transaction needed more computation than the network allows${where}.`],
  [/overflowed|would result negative/, 'contract', (_r, where) => `An amount went out of range in the smart contract${where}.`],
  [/unavailable|invalid .* reference/i, 'contract', (_r, where) => `The transaction did not reference an account, asset or app the smart contract needed${where}.`],
  [/(?:)/, 'contract', (reason, where) => `The smart contract rejected this transaction: ${reason || 'no reason given'}${where}.`],
]

/** Texts of a wallet declining (ARC-27 wallets, WalletConnect, Pera, Defly, Kibisis, Lute). */
const REJECTED = /user rejected|rejected by (the )?user|request rejected|(cancell?ed|closed|denied) by (the )?user|user (cancell?ed|denied|closed|aborted|declined)|operation cancell?ed|method .* canceled|modal (was )?closed/i
/** Texts of a request that never reached the node. */
const UNREACHABLE = /failed to fetch|fetch failed|networkerror|network ?error|load failed|network request failed|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket hang up|err_network/i

/** Everything an error says: its message, algod's JSON message (algosdk puts it in response.body) and its cause's. */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const body = (error as { response?: { body?: { message?: string } } }).response?.body?.message
    return [error.message, body, error.cause instanceof Error ? error.cause.message : undefined].filter(Boolean).join(' ')
  }
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error))
}

function assertMessage(spec: ErrorSourceInfo, pc: number): string | undefined {
  return spec.sourceInfo?.approval.sourceInfo.find((s) => s.pc.includes(pc))?.errorMessage
}

const match = (rows: readonly Row[], detail: string): { kind: ErrorKind; message: string } | undefined => {
  for (const [pattern, kind, say] of rows) {
    const m = detail.match(pattern)
    if (m) return { kind, message: say(m) }
  }
  return undefined
}

/**
 * Explains a failed submission, simulation or wallet request. A logic error is mapped through the
 * sourceInfo of the program it names (by app id when `programs` carry ids) and worded by `messages`
 * (a contract's `ERR:*` code → sentence); otherwise algod's and the AVM's texts say what happened.
 */
export function explainError(error: unknown, programs: readonly ProgramErrors[] = [], messages: Readonly<Record<string, string>> = {}): ReadableError {
  const detail = errorText(error)
  const code = (error as { code?: unknown; data?: { code?: unknown } } | null)?.code ?? (error as { data?: { code?: unknown } } | null)?.data?.code
  if (code === 4001 || code === '4001') return { kind: 'rejected', message: WALLET_REJECTED, detail }
  const logic = /logic eval error: (.*?)(?:\. Details: app=(\d+), pc=(\d+)|$)/m.exec(detail)
  if (logic) {
    const pc = logic[3] !== undefined ? Number(logic[3]) : Number(/pc=(\d+)/.exec(logic[1]!)?.[1] ?? NaN)
    if (logic[2] !== undefined && !Number.isNaN(pc)) {
      const appId = BigInt(logic[2])
      const named = programs.filter((p) => p.appId === appId)
      for (const p of named.length > 0 ? named : programs.filter((q) => q.appId === undefined)) {
        const assert = assertMessage(p.spec, pc)
        if (assert) return { kind: 'contract', code: assert, pc, message: messages[assert] ?? assert, detail }
      }
    }
    // Not one of ours, or a failure the contract did not label: an inner transaction's ledger
    // text says most, else the AVM's reason.
    const where = Number.isNaN(pc) ? '' : ` (program step ${pc})`
    const inner = match(ALGOD_ERRORS, logic[1]!)
    if (inner) return { ...inner, ...(Number.isNaN(pc) ? {} : { pc }), detail }
    const reason = logic[1]!.replace(/\s*pc=\d+\.?/g, '').trim().replace(/\.$/, '')
    const [, kind, say] = AVM_ERRORS.find(([pattern]) => pattern.test(reason))!
    return { kind, message: say(reason, where), ...(Number.isNaN(pc) ? {} : { pc }), detail }
  }
  const known = match(ALGOD_ERRORS, detail)
  if (known) return { ...known, detail }
  if (REJECTED.test(detail)) return { kind: 'rejected', message: WALLET_REJECTED, detail }
  if (UNREACHABLE.test(detail)) return { kind: 'network', message: NODE_UNREACHABLE, detail }
  return { kind: 'unknown', message: detail.split('\n')[0]!.slice(0, 200) || 'Something went wrong', detail }
}
