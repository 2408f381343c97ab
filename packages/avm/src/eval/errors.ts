// Evaluation failures as data. Handlers throw `AvmError` with go-algorand's exact message; the
// evaluator records the pc and formats the text algod reports, which algokit-utils' LogicError
// parses (`logic eval error: <msg>. Details: app=N, pc=N`).

/** An AVM failure carrying go-algorand's message text; `pc` is filled in by the evaluator. */
export class AvmError extends Error {
  /** Program counter of the failing instruction, once known. */
  pc: number | undefined

  constructor(message: string, pc?: number) {
    super(message)
    this.name = 'AvmError'
    this.pc = pc
  }
}

/** Where a failure happened, for `formatEvalError`. */
export interface EvalErrorWhere {
  pc: number
  /** 1 = LogicSig, 2 = application (as the spec table's mode bits). */
  mode: number
  /** The running app's id (application mode only). */
  appId?: number | bigint
  /** With detailed errors (go's DetailedEvalErrors): the failing opcode and up to two before it, disassembled (pcDetails). */
  opcodes?: string
}

/**
 * algod's text for a failed evaluation, as go's `EvalError.Error()` and `evalError` build it:
 * LogicSigs say `rejected by logic err=<msg>. Details: pc=N`, apps `logic eval error: <msg>.
 * Details: app=A, pc=N`; with detailed errors `pc=N, opcodes=<ops>` in place of `pc=N`.
 */
export function formatEvalError(message: string, where: EvalErrorWhere): string {
  const pc = where.opcodes === undefined ? `pc=${where.pc}` : `pc=${where.pc}, opcodes=${where.opcodes}`
  const details = where.mode === 2 ? `app=${where.appId ?? 0}, ${pc}` : pc
  const head = where.mode === 2 ? `logic eval error: ${message}` : `rejected by logic err=${message}`
  return `${head}. Details: ${details}`
}

/** The message of anything a handler or a dependency threw (non-AvmError throws are AVM panics). */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message
  return String(e)
}
