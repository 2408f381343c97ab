// Constants: intcblock/bytecblock and their loads, pushint(s), pushbytes(s). The immediates were
// parsed into the Instr at decode time (with go's texts for malformed lists).

import { AvmError } from '../errors.ts'
import type { EvalContext, OpHandler } from '../context.ts'
import { MAX_STACK_DEPTH } from '../decode.ts'

function intc(cx: EvalContext, n: number): void {
  if (n >= cx.intc.length) throw new AvmError(`intc ${n} beyond ${cx.intc.length} constants`)
  cx.stack.push(cx.intc[n])
}

function bytec(cx: EvalContext, n: number): void {
  if (n >= cx.bytec.length) throw new AvmError(`bytec ${n} beyond ${cx.bytec.length} constants`)
  cx.stack.push(cx.bytec[n])
}

/** Handlers keyed by op name. */
export const handlers: Record<string, OpHandler> = {
  // 0x20: intcblock
  intcblock: (cx, ins) => {
    cx.intc = ins.ints
  },
  // 0x21: intc
  intc: (cx, ins) => intc(cx, ins.imm[0]),
  // 0x22: intc_0
  intc_0: (cx) => intc(cx, 0),
  // 0x23: intc_1
  intc_1: (cx) => intc(cx, 1),
  // 0x24: intc_2
  intc_2: (cx) => intc(cx, 2),
  // 0x25: intc_3
  intc_3: (cx) => intc(cx, 3),
  // 0x26: bytecblock
  bytecblock: (cx, ins) => {
    cx.bytec = ins.bytes
  },
  // 0x27: bytec
  bytec: (cx, ins) => bytec(cx, ins.imm[0]),
  // 0x28: bytec_0
  bytec_0: (cx) => bytec(cx, 0),
  // 0x29: bytec_1
  bytec_1: (cx) => bytec(cx, 1),
  // 0x2a: bytec_2
  bytec_2: (cx) => bytec(cx, 2),
  // 0x2b: bytec_3
  bytec_3: (cx) => bytec(cx, 3),
  // 0x80: pushbytes
  pushbytes: (cx, ins) => {
    cx.stack.push(ins.bytes[0])
  },
  // 0x81: pushint
  pushint: (cx, ins) => {
    cx.stack.push(ins.ints[0])
  },
  // 0x82: pushbytess
  pushbytess: (cx, ins) => {
    if (cx.stack.length + ins.bytes.length > MAX_STACK_DEPTH) throw new AvmError('stack overflow')
    for (const b of ins.bytes) cx.stack.push(b)
  },
  // 0x83: pushints
  pushints: (cx, ins) => {
    if (cx.stack.length + ins.ints.length > MAX_STACK_DEPTH) throw new AvmError('stack overflow')
    for (const i of ins.ints) cx.stack.push(i)
  },
}
