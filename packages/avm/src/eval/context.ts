// The evaluation context every handler receives, the decoded instruction shape and the handler
// signature. Handlers are dumb: `step()` (eval.ts) has already checked mode, stack underflow,
// argument types and charged the cost before calling `handler(cx, ins)`; a handler pops,
// computes, pushes, or throws an `AvmError`. Immediates are decoded once per program (the first
// time each pc runs, or by the static check) into the `Instr`, so handlers never parse bytes.
//
// Branching: step sets `cx.nextPc = ins.next` before the call; a handler that jumps overwrites it.

import type { ConsensusParams } from '../proto.ts'
import type { OpTable } from '../spec/index.ts'
import type { FieldSpec, OpSpec } from '../spec/types.ts'
import type { StackValue, Uint64 } from './values.ts'

/** LogicSig mode (bit 1 of the spec table's `modes`). */
export const MODE_SIG = 1
/** Application mode (bit 2 of the spec table's `modes`). */
export const MODE_APP = 2
/** 1 = LogicSig, 2 = application. */
export type RunMode = typeof MODE_SIG | typeof MODE_APP


/**
 * One decoded instruction. Numeric immediates are in `imm` in bytecode order (uint8, int8,
 * varuint, int16 and field bytes); branch ops (`b`, `bz`, `bnz`, `callsub`) have their absolute
 * target in `imm[0]`; `switch`/`match` have absolute targets in `targets`.
 */
export interface Instr {
  spec: OpSpec
  pc: number
  /** pc of the following instruction. */
  next: number
  handler: OpHandler
  /** Number of stack arguments. */
  nargs: number
  /** Per argument: 0 any, 1 uint64, 2 bytes. */
  argKinds: Uint8Array
  /** Whether any return may be a byte string (step then checks the 4096-byte limit). */
  returnsBytes: boolean
  /** Number of values pushed (for the byte-length check). */
  nrets: number
  /** Fixed cost, or the base of a chunked cost. */
  cost: number
  /** Extra cost per `chunkSize` bytes of stack argument `chunkArg` (0 when the cost is fixed). */
  perChunk: number
  chunkSize: number
  chunkArg: number
  imm: number[]
  /** The field named by the first field-group immediate (txn field, ECDSA curve, json type ...). */
  field: FieldSpec | undefined
  /** Fields of every field-group immediate, aligned with `imm` (undefined where not a field). */
  fields: (FieldSpec | undefined)[]
  /** uint64 constants of intcblock / pushint / pushints. */
  ints: Uint64[]
  /** byte constants of bytecblock / pushbytes / pushbytess. */
  bytes: Uint8Array[]
  /** Absolute targets of switch / match. */
  targets: number[]
  /**
   * Set when the instruction is cut off by the end of the program. go reports that after the
   * stack checks, so such an instruction has cost 0 and step() throws this on its slow path.
   */
  error?: string
}

/** A handler: pops its arguments, computes, pushes its results, or throws an `AvmError`. */
export type OpHandler = (cx: EvalContext, ins: Instr) => void

/** A pooled opcode budget, shared across a group's LogicSigs or a group's app calls and inner calls. */
export interface Budget {
  remaining: number
}

/** A callsub frame. `height` is the stack height at entry once `proto` has run (or at callsub). */
export interface Frame {
  retPc: number
  height: number
  /** Whether `proto` ran for this frame (frame_dig/bury then address relative to `height`). */
  clear: boolean
  args: number
  returns: number
}

/** Hooks for simulate's exec trace; called around every instruction (slow path only). */
export interface EvalTracer {
  beforeOp?(cx: EvalContext, ins: Instr): void
  afterOp?(cx: EvalContext, ins: Instr, error?: string): void
}

/** Everything an evaluation runs against. The ledger and transactions are typed by STATE's modules. */
export interface EvalEnv {
  proto: ConsensusParams
  mode: RunMode
  /** The transaction group (src/txn.ts shapes) and the index of the one being evaluated. */
  txnGroup: readonly unknown[]
  groupIndex: number
  /** LogicSig arguments (`arg`, `args`). */
  lsigArgs: readonly Uint8Array[]
  /** Chain state access (src/ledger.ts); undefined for plain LogicSig evaluation. */
  ledger: unknown
  /** The running application's id (0 for LogicSigs). */
  appId: Uint64
  /** Pooled budget; when absent the evaluator makes one of LogicSigMaxCost or MaxAppProgramCost. */
  budget?: Budget
  /** ClearState isolation: the program may not use more than this on its own (go's IsolateClearState). */
  costLimit?: number
  /** Scratch spaces of earlier transactions in the group (gload/gloads), by group index. */
  pastScratch?: (StackValue[] | undefined)[]
  /** The app call that made this inner call, if any. */
  caller?: EvalContext
  tracer?: EvalTracer
  /**
   * go's Tracer.DetailedEvalErrors(): a failure's details also name the failing opcode and up to
   * two before it, disassembled (`pc=P, opcodes=…`), as simulate always and send with
   * EnableDeveloperAPI report them.
   */
  detailedErrors?: boolean
}

/** Mutable state of one program evaluation. Handlers mutate `stack` in place (never replace it). */
export class EvalContext {
  stack: StackValue[] = []
  scratch: StackValue[] = new Array<StackValue>(256).fill(0)
  pc = 0
  nextPc = 0
  program: Uint8Array
  version: number
  mode: RunMode
  ops: OpTable
  /** Opcode cost charged to this program so far. */
  cost = 0
  budget: Budget
  /** Maximum own cost (Infinity unless ClearState isolation applies). */
  costLimit: number
  callStack: Frame[] = []
  /** Set by callsub when it lands on `proto` (go's fromCallsub handshake). */
  fromCallsub = false
  intc: Uint64[] = []
  bytec: Uint8Array[] = []
  proto: ConsensusParams
  txnGroup: readonly unknown[]
  groupIndex: number
  lsigArgs: readonly Uint8Array[]
  ledger: unknown
  appId: Uint64
  logs: Uint8Array[] = []
  pastScratch: (StackValue[] | undefined)[]
  caller: EvalContext | undefined
  tracer: EvalTracer | undefined
  detailedErrors: boolean
  /** State-op scratch owned by STATE (inner transaction being built, last inner group, ...). */
  stateExt: Record<string, unknown> = {}

  constructor(program: Uint8Array, version: number, ops: OpTable, env: EvalEnv, budget: Budget) {
    this.program = program
    this.version = version
    this.ops = ops
    this.mode = env.mode
    this.proto = env.proto
    this.budget = budget
    this.costLimit = env.costLimit ?? Infinity
    this.txnGroup = env.txnGroup
    this.groupIndex = env.groupIndex
    this.lsigArgs = env.lsigArgs
    this.ledger = env.ledger
    this.appId = env.appId
    this.pastScratch = env.pastScratch ?? []
    this.caller = env.caller
    this.tracer = env.tracer
    this.detailedErrors = env.detailedErrors ?? false
  }

  /** go's remainingBudget(): the pool, or the ClearState cap if that is lower. */
  remainingBudget(): number {
    const own = this.costLimit - this.cost
    return own < this.budget.remaining ? own : this.budget.remaining
  }
}
