// Failures as sentences: the matching machinery for the one error table (../errors.ts), which holds
// algod's and the AVM's texts byte for byte as go-algorand writes them and each contract's ERR:
// codes. Contract asserts are found by pc in the ARC-56 sourceInfo (`logic eval error: ...
// Details: app=A, pc=N`) and worded by the table's row for that contract. No algosdk: the web
// imports this eagerly.

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
  | 'duplicate-in-group'
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

/** The part of an ARC-56 spec that maps a pc to its assert message; `name` is the contract's ("Dex"). */
export interface ErrorSourceInfo {
  name?: string
  sourceInfo?: { approval: { sourceInfo: { pc: number[]; errorMessage?: string }[] } }
}

/** A contract's error messages by pc, for `explainError`: by app id when given, else for any app. */
export interface ProgramErrors {
  appId?: bigint
  spec: ErrorSourceInfo
  /** The table row that words this program's codes, when not its own (a vault buyback's inner DEX swap is worded by the vault's row). */
  row?: string
}

/** One row of algod's texts: the pattern, the kind of failure, and the sentence for it. */
export type AlgodErrorRow = readonly [pattern: RegExp, kind: ErrorKind, say: (m: RegExpMatchArray) => string]
/** One row of the AVM's reasons; `where` is " (program step N)". */
export type AvmErrorRow = readonly [pattern: RegExp, kind: ErrorKind, say: (reason: string, where: string) => string]

/** What `explainWithTable` words failures with: the one table (../errors.ts). */
export interface ErrorTable {
  /** The ledger's and transaction pool's texts, most specific first. */
  algod: readonly AlgodErrorRow[]
  /** The AVM's reasons after `logic eval error:`, the last row matching anything. */
  avm: readonly AvmErrorRow[]
  /** Each contract's sentence per `ERR:*` code, by contract name (its ARC-56 `name`). */
  contracts: Readonly<Record<string, Readonly<Record<string, string>>>>
  /** A code's sentence when the asserting contract has no row (a spec without a name). */
  byCode: Readonly<Record<string, string>>
  /** Wallet texts of a declined request, and the one sentence for it. */
  rejected: RegExp
  rejectedSentence: string
  /** Texts of a request that never reached the node, and the one sentence for it. */
  unreachable: RegExp
  unreachableSentence: string
}

/** Everything an error says: its message, algod's JSON message (algosdk puts it in response.body) and its cause's. */
export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const body = (error as { response?: { body?: { message?: string } } }).response?.body?.message
    return [error.message, body, error.cause instanceof Error ? error.cause.message : undefined].filter(Boolean).join(' ')
  }
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message
  // a thrown value may hold bigints (an algosdk object): JSON writes them as decimal strings instead of throwing
  return typeof error === 'string' ? error : (JSON.stringify(error, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? String(error))
}

function assertMessage(spec: ErrorSourceInfo, pc: number): string | undefined {
  return spec.sourceInfo?.approval.sourceInfo.find((s) => s.pc.includes(pc))?.errorMessage
}

const match = (rows: readonly AlgodErrorRow[], detail: string): { kind: ErrorKind; message: string } | undefined => {
  for (const [pattern, kind, say] of rows) {
    const m = detail.match(pattern)
    if (m) return { kind, message: say(m) }
  }
  return undefined
}

/** The table's sentence for `code` asserted by `program` (by its row, else its contract's), else the code itself. */
function contractSentence(table: ErrorTable, program: ProgramErrors | undefined, code: string): string {
  const row = program?.row ?? program?.spec.name
  return (row !== undefined ? table.contracts[row]?.[code] : undefined) ?? table.byCode[code] ?? code
}

/**
 * Explains a failed submission, simulation or wallet request with `table`. A logic error is mapped
 * through the sourceInfo of the program it names (by app id when `programs` carry ids) and worded
 * by that contract's row of the table; otherwise algod's and the AVM's texts say what happened.
 */
export function explainWithTable(error: unknown, programs: readonly ProgramErrors[], table: ErrorTable): ReadableError {
  const detail = errorText(error)
  const code = (error as { code?: unknown; data?: { code?: unknown } } | null)?.code ?? (error as { data?: { code?: unknown } } | null)?.data?.code
  if (code === 4001 || code === '4001') return { kind: 'rejected', message: table.rejectedSentence, detail }
  const logic = /logic eval error: (.*?)(?:\. Details: app=(\d+), pc=(\d+)|$)/m.exec(detail)
  if (logic) {
    const pc = logic[3] !== undefined ? Number(logic[3]) : Number(/pc=(\d+)/.exec(logic[1]!)?.[1] ?? NaN)
    if (logic[2] !== undefined && !Number.isNaN(pc)) {
      const appId = BigInt(logic[2])
      const named = programs.filter((p) => p.appId === appId)
      for (const p of named.length > 0 ? named : programs.filter((q) => q.appId === undefined)) {
        const assert = assertMessage(p.spec, pc)
        if (assert) return { kind: 'contract', code: assert, pc, message: contractSentence(table, p, assert), detail }
      }
    }
    // Not one of ours, or a failure the contract did not label: an inner transaction's ledger
    // text says most, else the AVM's reason.
    const where = Number.isNaN(pc) ? '' : ` (program step ${pc})`
    const inner = match(table.algod, logic[1]!)
    if (inner) return { ...inner, ...(Number.isNaN(pc) ? {} : { pc }), detail }
    const reason = logic[1]!.replace(/\s*pc=\d+\.?/g, '').trim().replace(/\.$/, '')
    const [, kind, say] = table.avm.find(([pattern]) => pattern.test(reason)) ?? table.avm[table.avm.length - 1]!
    return { kind, message: say(reason, where), ...(Number.isNaN(pc) ? {} : { pc }), detail }
  }
  const known = match(table.algod, detail)
  if (known) return { ...known, detail }
  // A code already in the text (algokit's "Runtime error when executing Vault: ERR:…"): the first program's.
  const named = /ERR:[A-Z_]+/.exec(detail)?.[0]
  if (named && programs.length > 0) return { kind: 'contract', code: named, message: contractSentence(table, programs[0], named), detail }
  if (table.rejected.test(detail)) return { kind: 'rejected', message: table.rejectedSentence, detail }
  if (table.unreachable.test(detail)) return { kind: 'network', message: table.unreachableSentence, detail }
  return { kind: 'unknown', message: detail.split('\n')[0]!.slice(0, 200) || 'Something went wrong', detail }
}
