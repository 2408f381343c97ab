// Flow control: err, branches (2-byte offsets before v13, zigzag varints from v13), return,
// assert, subroutines with proto frames, switch and match. Targets were decoded into the Instr;
// go validates them only when a jump is taken (or by the static check), and so do we.

import { AvmError } from '../errors.ts'
import type { EvalContext, Instr, OpHandler } from '../context.ts'
import { VARINT_BRANCH_VERSION } from '../decode.ts'
import { bytesEqual, type StackValue } from '../values.ts'

/** Version from which branches may go backwards. */
const BACK_BRANCH_VERSION = 4
const PROTO_BYTE = 0x8a

/** go's %x of a (possibly negative) int. */
function goHex(n: number): string {
  return n < 0 ? `-${(-n).toString(16)}` : n.toString(16)
}

/** The validated target of a b/bz/bnz/callsub (go's branchTarget / branchTargetVarint). */
function branchTarget(cx: EvalContext, ins: Instr): number {
  const target = ins.imm[0]
  const len = cx.program.length
  if (cx.version >= VARINT_BRANCH_VERSION) {
    if (target > len || target < 0) throw new AvmError(`branch target ${target} outside of program`)
    return target
  }
  const offset = ins.imm[1]
  if (offset < 0 && cx.version < BACK_BRANCH_VERSION) throw new AvmError(`negative branch offset ${goHex(offset)}`)
  // From v2 a branch to exactly the end of the program ends it normally.
  const tooFar = cx.version >= 2 ? target > len || target < 0 : target >= len || target < 0
  if (tooFar) throw new AvmError(`branch target ${target} outside of program`)
  return target
}

/** go's conditional branches: v13 varints validate the target even when not taken. */
function condBranch(cx: EvalContext, ins: Instr, taken: boolean): void {
  if (cx.version >= VARINT_BRANCH_VERSION) {
    const target = branchTarget(cx, ins)
    if (taken) cx.nextPc = target
  } else if (taken) cx.nextPc = branchTarget(cx, ins)
}

/** The validated target of switch/match entry `i` (past the list: the next instruction). */
function switchTarget(cx: EvalContext, ins: Instr, i: number): number {
  const target = i < ins.targets.length ? ins.targets[i] : ins.next
  if (target > cx.program.length || target < 0) throw new AvmError(`branch target ${target} outside of program`)
  return target
}

function sameValue(a: StackValue, b: StackValue): boolean {
  const ab = typeof a === 'object'
  if (ab !== (typeof b === 'object')) return false
  return ab ? bytesEqual(a, b as Uint8Array) : a === b
}

/** Handlers keyed by op name. */
export const handlers: Record<string, OpHandler> = {
  // 0x00: err
  err: () => {
    throw new AvmError('err opcode executed')
  },
  // 0x40: bnz
  bnz: (cx, ins) => condBranch(cx, ins, cx.stack.pop() !== 0),
  // 0x41: bz
  bz: (cx, ins) => condBranch(cx, ins, cx.stack.pop() === 0),
  // 0x42: b
  b: (cx, ins) => {
    cx.nextPc = branchTarget(cx, ins)
  },
  // 0x43: return
  return: (cx) => {
    const s = cx.stack
    s[0] = s[s.length - 1]
    s.length = 1
    cx.nextPc = cx.program.length
  },
  // 0x44: assert
  assert: (cx) => {
    if (cx.stack.pop() === 0) throw new AvmError(`assert failed pc=${cx.pc}`)
  },
  // 0x88: callsub
  callsub: (cx, ins) => {
    const target = branchTarget(cx, ins)
    cx.callStack.push({ retPc: ins.next, height: cx.stack.length, clear: false, args: 0, returns: 0 })
    cx.nextPc = target
    if (target < cx.program.length && cx.program[target] === PROTO_BYTE) cx.fromCallsub = true
  },
  // 0x89: retsub
  retsub: (cx) => {
    const frame = cx.callStack.pop()
    if (frame === undefined) throw new AvmError('retsub with empty callstack')
    const s = cx.stack
    if (frame.clear) {
      const expect = frame.height + frame.returns
      if (s.length < expect) {
        cx.callStack.push(frame)
        if (s.length < frame.height) throw new AvmError('retsub executed with stack below frame. Did you pop args?')
        if (s.length === frame.height) {
          throw new AvmError(`retsub executed with no return values on stack. proto declared ${frame.returns}`)
        }
        throw new AvmError(
          `retsub executed with ${s.length - frame.height} return values on stack. proto declared ${frame.returns}`,
        )
      }
      const argStart = frame.height - frame.args
      for (let i = 0; i < frame.returns; i++) s[argStart + i] = s[frame.height + i]
      s.length = argStart + frame.returns
    }
    cx.nextPc = frame.retPc
  },
  // 0x8a: proto
  proto: (cx, ins) => {
    if (!cx.fromCallsub) throw new AvmError('proto was executed without a callsub')
    cx.fromCallsub = false
    const nargs = ins.imm[0]
    if (nargs > cx.stack.length) {
      throw new AvmError(`callsub to proto that requires ${nargs} args with stack height ${cx.stack.length}`)
    }
    const frame = cx.callStack[cx.callStack.length - 1]
    frame.clear = true
    frame.args = nargs
    frame.returns = ins.imm[1]
  },
  // 0x8b: frame_dig
  frame_dig: (cx, ins) => {
    const i = ins.imm[0]
    const frame = cx.callStack[cx.callStack.length - 1]
    if (frame === undefined) throw new AvmError('frame_dig with empty callstack')
    if (frame.clear && -i > frame.args) throw new AvmError(`frame_dig ${i} in sub with ${frame.args} args`)
    const idx = frame.height + i
    if (idx >= cx.stack.length) throw new AvmError('frame_dig above stack')
    if (idx < 0) throw new AvmError('frame_dig below stack')
    cx.stack.push(cx.stack[idx])
  },
  // 0x8c: frame_bury
  frame_bury: (cx, ins) => {
    const s = cx.stack
    const last = s.length - 1
    const i = ins.imm[0]
    const frame = cx.callStack[cx.callStack.length - 1]
    if (frame === undefined) throw new AvmError('frame_bury with empty callstack')
    if (frame.clear && -i > frame.args) throw new AvmError(`frame_bury ${i} in sub with ${frame.args} args`)
    const idx = frame.height + i
    if (idx >= last) throw new AvmError('frame_bury above stack')
    if (idx < 0) throw new AvmError('frame_bury below stack')
    s[idx] = s[last]
    s.length = last
  },
  // 0x8d: switch
  switch: (cx, ins) => {
    const i = cx.stack.pop() as number | bigint
    cx.nextPc = switchTarget(cx, ins, typeof i === 'number' ? i : Infinity)
  },
  // 0x8e: match
  match: (cx, ins) => {
    const s = cx.stack
    const n = ins.targets.length
    if (n + 1 > s.length) throw new AvmError(`match expects ${n + 1} stack args while stack only contains ${s.length}`)
    const val = s.pop() as StackValue
    const base = s.length - n
    let matched = n
    for (let i = 0; i < n; i++) {
      if (sameValue(s[base + i], val)) {
        matched = i
        break
      }
    }
    s.length = base
    cx.nextPc = switchTarget(cx, ins, matched)
  },
}
