// The evaluator: go-algorand's eval() and step(). step() does every generic check the spec table
// allows (opcode legal at the version, mode, stack underflow, argument types, cost and budget,
// returned byte-string size, stack depth) so handlers stay dumb. Instructions are decoded the
// first time their pc runs and cached per program, so the hot loop only indexes arrays.

import { AvmError, errorMessage, formatEvalError } from './errors.ts'
import { pcDetails } from '../disassembler/disassembler.ts'
import { EvalContext, MODE_APP, MODE_SIG, type EvalEnv, type Instr } from './context.ts'
import { CURRENT_PROTO } from '../proto.ts'
import { LOGIC_VERSION, MAX_STACK_DEPTH, MAX_STRING_SIZE, decodeInstr, programVersion, tableFor, type DecodeEnv } from './decode.ts'
import { HANDLERS } from './ops/index.ts'
import type { StackValue } from './values.ts'

export { checkProgram } from './check.ts'
export { MAX_STACK_DEPTH } from './decode.ts'
export type { EvalEnv } from './context.ts'

/** go's transactions.EvalMaxArgs and MaxLogicSigArgSize. */
const MAX_LSIG_ARGS = 255
const MAX_LSIG_ARG_SIZE = 4096

/** Outcome of one program evaluation. */
export interface EvalResult {
  /** True when the program approved (no error and a single non-zero uint64 left). */
  pass: boolean
  /** The failure, with go's message and the pc it happened at. */
  error?: AvmError
  /** algod's full text for the failure (`rejected by logic err=...` / `logic eval error: ...`). */
  errorText?: string
  /** Opcode cost this program used. */
  cost: number
  /** The final stack (the failing stack on error). */
  stack: StackValue[]
  /** The context, for callers that read logs, scratch or state effects. */
  cx: EvalContext
}

// Decoded instructions per program and consensus version (byte constants depend on the latter).
const decodedCache = new WeakMap<Uint8Array, Map<number, (Instr | undefined)[]>>()

function instrsFor(program: Uint8Array, protoVersion: number): (Instr | undefined)[] {
  let byProto = decodedCache.get(program)
  if (byProto === undefined) decodedCache.set(program, (byProto = new Map()))
  let instrs = byProto.get(protoVersion)
  if (instrs === undefined) byProto.set(protoVersion, (instrs = new Array<Instr | undefined>(program.length).fill(undefined)))
  return instrs
}

/** The decode environment of a context. */
export function decodeEnvOf(cx: EvalContext): DecodeEnv {
  return { program: cx.program, version: cx.version, ops: cx.ops, protoVersion: cx.proto.logicSigVersion, handlers: HANDLERS }
}

/** go's begin(): the version header and the limits that depend on it. Returns the first pc. */
export function beginProgram(program: Uint8Array, env: EvalEnv): { version: number; pc: number } {
  const { version, length } = programVersion(program)
  if (version > LOGIC_VERSION) {
    throw new AvmError(`program version ${version} greater than max supported version ${LOGIC_VERSION}`)
  }
  if (version > env.proto.logicSigVersion) {
    throw new AvmError(`program version ${version} greater than protocol supported version ${env.proto.logicSigVersion}`)
  }
  return { version, pc: length }
}

// V8 forgets, at a full collection, an object shape that no live object has, and throws away the
// optimized code of every function that saw it. Every handler sees EvalContext's shape, so when no
// context outlives its evaluation (a LogicSig checked now and then, a bench collecting between
// runs), each evaluation after a full collection ran in the interpreter until V8 optimized the
// handlers again: about 1.7x slower on short programs. One idle context keeps the shape alive.
const shapeKeepers: EvalContext[] = []
shapeKeepers.push(
  new EvalContext(new Uint8Array(0), 1, tableFor(1), { proto: CURRENT_PROTO, mode: MODE_SIG, txnGroup: [], groupIndex: 0, lsigArgs: [], ledger: undefined, appId: 0 }, { remaining: 0 }),
)

/** Evaluates `program` in `env` (go's EvalSignature / EvalContract core). Never throws. */
export function evalProgram(program: Uint8Array, env: EvalEnv): EvalResult {
  const budget = env.budget ?? { remaining: env.mode === MODE_APP ? env.proto.maxAppProgramCost : env.proto.logicSigMaxCost }
  let begun: { version: number; pc: number } | undefined
  let beginError: unknown
  try {
    begun = beginProgram(program, env)
  } catch (e) {
    beginError = e
  }
  const version = begun?.version ?? 0
  const cx = new EvalContext(program, version, tableFor(version), env, budget)
  try {
    if (env.proto.logicSigVersion === 0) throw new AvmError('LogicSig not supported')
    if (env.lsigArgs.length > MAX_LSIG_ARGS) throw new AvmError('LogicSig has too many arguments')
    for (const a of env.lsigArgs) if (a.length > MAX_LSIG_ARG_SIZE) throw new AvmError('LogicSig argument too large')
    if (begun === undefined) throw beginError
    cx.pc = begun.pc
    if (env.tracer !== undefined) runTraced(cx)
    else run(cx)
    const stack = cx.stack
    if (stack.length !== 1) throw new AvmError(`stack len is ${stack.length} instead of 1`)
    const top = stack[0]
    if (typeof top === 'object') throw new AvmError('stack finished with bytes not int')
    return { pass: top !== 0, cost: cx.cost, stack, cx }
  } catch (e) {
    const error = e instanceof AvmError ? e : new AvmError(errorMessage(e))
    error.pc ??= cx.pc
    return {
      pass: false,
      error,
      errorText: formatEvalError(error.message, { pc: error.pc, mode: cx.mode, appId: cx.appId, opcodes: cx.detailedErrors ? pcDetails(program, error.pc) : undefined }),
      cost: cx.cost,
      stack: cx.stack,
      cx,
    }
  }
}

/**
 * The step loop with no tracer: execute() written out in the loop (V8 does not inline it), with
 * what cannot change during an evaluation (mode, own cost limit, budget object) held in locals.
 * Every check is execute()'s, in its order, with its messages (those come from execute's helpers).
 */
function run(cx: EvalContext): void {
  const len = cx.program.length
  const instrs = instrsFor(cx.program, cx.proto.logicSigVersion)
  const stack = cx.stack
  const mode = cx.mode
  const costLimit = cx.costLimit
  const budget = cx.budget
  let pc = cx.pc
  while (pc < len) {
    const ins = instrs[pc] ?? (instrs[pc] = decodeInstr(decodeEnvOf(cx), pc))
    if ((ins.spec.modes & mode) === 0) throw modeError(ins)
    const nargs = ins.nargs
    const first = stack.length - nargs
    if (first < 0) throw underflowError(ins)
    const kinds = ins.argKinds
    for (let i = 0; i < nargs; i++) {
      const k = kinds[i]
      if (k !== 0 && (typeof stack[first + i] === 'object') !== (k === 2)) throw argTypeError(ins, i, stack[first + i])
    }
    let cost = ins.cost
    if (ins.perChunk !== 0) cost += ins.perChunk * Math.ceil((stack[first + ins.chunkArg] as Uint8Array).length / ins.chunkSize)
    if (cost <= 0) throw zeroCostError(ins)
    if (cost > budget.remaining || cost > costLimit - cx.cost) throw budgetError(cx, ins)
    cx.cost += cost
    budget.remaining -= cost
    cx.nextPc = ins.next
    ins.handler(cx, ins)
    if (ins.returnsBytes) checkReturns(stack, ins)
    if (stack.length > MAX_STACK_DEPTH) throw new AvmError('stack overflow')
    pc = cx.pc = cx.nextPc
  }
}

function modeError(ins: Instr): AvmError {
  return new AvmError(`${ins.spec.name} not allowed in current mode`)
}

function underflowError(ins: Instr): AvmError {
  return new AvmError(`stack underflow in ${ins.spec.name}`)
}

function argTypeError(ins: Instr, i: number, v: StackValue): AvmError {
  return new AvmError(`${ins.spec.name} arg ${i} wanted ${ins.spec.args[i]} but got ${typeName(v)}`)
}

function zeroCostError(ins: Instr): AvmError {
  return new AvmError(ins.error ?? `${ins.spec.name} returned 0 cost`)
}

function budgetError(cx: EvalContext, ins: Instr): AvmError {
  return new AvmError(`dynamic cost budget exceeded, executing ${ins.spec.name}: local program cost was ${cx.cost}`)
}

/** go's check that no returned byte string exceeds MaxStringSize. */
function checkReturns(stack: StackValue[], ins: Instr): void {
  for (let i = stack.length - ins.nrets; i < stack.length; i++) {
    const v = stack[i]
    if (typeof v === 'object' && v.length > MAX_STRING_SIZE) {
      throw new AvmError(`${ins.spec.name} produced a too big (${v.length}) byte-array`)
    }
  }
}

/** The step loop with simulate's trace hooks around each instruction. */
function runTraced(cx: EvalContext): void {
  const len = cx.program.length
  const instrs = instrsFor(cx.program, cx.proto.logicSigVersion)
  const tracer = cx.tracer!
  while (cx.pc < len) {
    const pc = cx.pc
    const ins = instrs[pc] ?? (instrs[pc] = decodeInstr(decodeEnvOf(cx), pc))
    tracer.beforeOp?.(cx, ins)
    try {
      execute(cx, cx.stack, ins)
    } catch (e) {
      tracer.afterOp?.(cx, ins, errorMessage(e))
      throw e
    }
    tracer.afterOp?.(cx, ins)
  }
}

/** Executes the instruction at `cx.pc` (decoding it first if needed): one go step(). */
export function step(cx: EvalContext): void {
  const instrs = instrsFor(cx.program, cx.proto.logicSigVersion)
  const pc = cx.pc
  const ins = instrs[pc] ?? (instrs[pc] = decodeInstr(decodeEnvOf(cx), pc))
  execute(cx, cx.stack, ins)
}

function typeName(v: StackValue): string {
  return typeof v === 'object' ? '[]byte' : 'uint64'
}

function execute(cx: EvalContext, stack: StackValue[], ins: Instr): void {
  if ((ins.spec.modes & cx.mode) === 0) throw modeError(ins)
  const nargs = ins.nargs
  const height = stack.length
  if (height < nargs) throw underflowError(ins)
  const kinds = ins.argKinds
  const first = height - nargs
  for (let i = 0; i < nargs; i++) {
    const k = kinds[i]
    if (k !== 0 && (typeof stack[first + i] === 'object') !== (k === 2)) throw argTypeError(ins, i, stack[first + i])
  }
  let cost = ins.cost
  if (ins.perChunk !== 0) {
    const arg = stack[first + ins.chunkArg] as Uint8Array
    cost += ins.perChunk * Math.ceil(arg.length / ins.chunkSize)
  }
  if (cost <= 0) throw zeroCostError(ins)
  const own = cx.costLimit - cx.cost
  const remaining = own < cx.budget.remaining ? own : cx.budget.remaining
  if (cost > remaining) throw budgetError(cx, ins)
  cx.cost += cost
  cx.budget.remaining -= cost
  cx.nextPc = ins.next
  ins.handler(cx, ins)
  if (ins.returnsBytes) checkReturns(stack, ins)
  if (stack.length > MAX_STACK_DEPTH) throw new AvmError('stack overflow')
  cx.pc = cx.nextPc
}
