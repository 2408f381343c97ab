// A build-time scan of compiled TEAL for the class of bug where one transfer is credited to two calls:
// a program that reads a group transaction other than through its ABI `txn` arguments. TEALScript
// decodes each such argument in the method's ABI route as `// name: type`, `txn GroupIndex`, a
// constant, `-`: the transactions right before the call, which no other call can also take as its own
// (the next call's arguments end at that call, itself an app call). Anything else (`gtxn N` with a
// literal, `txn GroupIndex` plus or minus a constant or a computed value outside that decoding) reads a
// transaction that another call of the group may credit as well. See docs/security.md.

/** One read of a group transaction that is not an ABI argument. */
export interface GroupReadViolation {
  /** The TEAL label the read is under: a method (`abi_route_x` or its body) or a subroutine. */
  method: string
  /** 1-based line in the TEAL. */
  tealLine: number
  /** The TEALScript source line the compiler noted above it (`programs/x.algo.ts:N`), when it did. */
  source?: string
  /** The TEAL of the read. */
  teal: string
}

/** ABI transaction argument types, as TEALScript names them in its decoding comments. */
const TXN_ARG_TYPES = new Set(['txn', 'pay', 'axfer', 'acfg', 'afrz', 'appl', 'keyreg'])

const code = (line: string): string => line.replace(/\/\/.*$/, '').trim()

/** What a program may read besides its ABI arguments. */
export interface GroupReadAllowance {
  /**
   * Reads of the transactions up to this many places before the call (`txn GroupIndex`, a constant k ≤
   * this, `-`). Only for a protocol that fixes where its transfers sit (the Tinyman v2-compatible venue,
   * whose SDK puts them right before the call): every such read must check the transaction is a
   * transfer, so a call of the same app between a transfer and a later call blocks that later call
   * from crediting it too (docs/contracts.md).
   */
  precedingReads?: number
  /**
   * TEAL labels (methods or subroutines) whose group reads pass: only a flash call's pairing, whose reads
   * are the paired app call (checked to be a call of the same app, never credited as a transfer) and the
   * repayments right before the verify (the places ABI `txn` arguments hold, each checked by `incoming`).
   */
  pairingMethods?: readonly string[]
}

/**
 * The pairing reads each contract makes (docs/contracts.md, "Flash loans and flash swaps"): the DEX's flash
 * start (and the Stable app's) reads its verify `offset` places later, the verify its start and the 1–2 repayments right before it;
 * the Orders app's fill reads its settle `offset` places later (the settle credits its payment as an ABI argument).
 */
export const PAIRING_READS: Readonly<Record<string, readonly string[]>> = {
  Dex: ['flashStart', 'flashEnd', 'flashPaid'],
  // the Stable app's flash loan: the same pairing and repayments, its start and verify the methods themselves
  Stable: ['flashLoan', 'verifyFlashLoan', 'flashPaid'],
  Orders: ['settlePair'],
}

/** The constant an instruction pushes (`int 2`, `pushint 2`, `intc 1 // 2`), when the TEAL says it. */
function constantOf(line: string): number | undefined {
  const literal = /^\s*(?:int|pushint)\s+(\d+)\s*(?:\/\/.*)?$/.exec(line)
  if (literal) return Number(literal[1])
  const fromBlock = /^\s*intc(?:_\d|\s+\d+)\s*\/\/\s*(\d+)\s*$/.exec(line)
  return fromBlock ? Number(fromBlock[1]) : undefined
}

/** Every read of a group transaction in `teal` that is not an ABI `txn` argument of the method it is in (nor one `allowance` permits). */
export function groupReadViolations(teal: string, allowance: GroupReadAllowance = {}): GroupReadViolation[] {
  const lines = teal.split('\n')
  const found: GroupReadViolation[] = []
  let method = '(program start)'
  let source: string | undefined
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!
    // methods and subroutines are plain labels (and `*abi_route_x`); TEALScript's own `*if1_end`… are not
    const label = /^(\*abi_route_)?([A-Za-z_]\w*):\s*$/.exec(raw.trim())
    if (label) method = label[2]!
    const note = /\/\/\s*([\w./-]+\.algo\.ts:\d+)/.exec(raw)
    if (note) source = note[1]
    const op = code(raw)
    if (allowance.pairingMethods?.includes(method)) continue
    const report = (teal: string) => found.push({ method, tealLine: i + 1, source, teal })
    // a literal group index: gtxn, gtxna, gtxnas
    if (/^gtxn(a|as)?\s/.test(op)) {
      report(op)
      continue
    }
    if (op !== 'txn GroupIndex') continue
    // what the group index is combined with: the next two instructions
    const next = lines.slice(i + 1, i + 6).map(code).filter(Boolean)
    const operand = next[0] ?? ''
    const combine = next[1] ?? ''
    if (combine !== '+' && combine !== '-') continue
    const constant = /^(int|intc|intc_[0-3]|pushint)\b/.test(operand)
    // the ABI decoding of a txn argument: its comment on the line above, a constant, minus
    const previous = lines
      .slice(0, i)
      .reverse()
      .find((l) => l.trim() !== '')
    const arg = previous ? /^\s*\/\/\s*[\w$]+:\s*(\w+)\s*$/.exec(previous) : null
    if (constant && combine === '-' && arg && TXN_ARG_TYPES.has(arg[1]!)) continue
    const operandLine = lines.slice(i + 1).find((l) => code(l) !== '')
    const k = constant && operandLine !== undefined ? constantOf(operandLine) : undefined
    if (combine === '-' && k !== undefined && k >= 1 && k <= (allowance.precedingReads ?? 0)) continue
    report([op, operand, combine].join('; '))
  }
  return found
}

/** The violations as one message, a line each with the contract, method and lines. */
export function formatGroupReadViolations(contract: string, violations: GroupReadViolation[]): string {
  return [
    `${contract}: reads a group transaction other than through its ABI txn arguments (a transfer it credits could be credited by another call of the group too):`,
    ...violations.map((v) => `  ${contract}.approval.teal:${v.tealLine} in ${v.method}${v.source ? ` (${v.source})` : ''}: ${v.teal}`),
  ].join('\n')
}

/** Throws when `teal` reads a group transaction other than through ABI arguments (or what `allowance` permits). */
export function assertNoGroupReads(contract: string, teal: string, allowance: GroupReadAllowance = {}): void {
  const violations = groupReadViolations(teal, { pairingMethods: PAIRING_READS[contract], ...allowance })
  if (violations.length) throw new Error(formatGroupReadViolations(contract, violations))
}
