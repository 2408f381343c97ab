// LogicSig arguments: arg, arg_0..arg_3, args.

import { AvmError } from '../errors.ts'
import type { EvalContext, OpHandler } from '../context.ts'
import type { Uint64 } from '../values.ts'

function arg(cx: EvalContext, n: Uint64): void {
  if (n >= cx.lsigArgs.length) throw new AvmError(`cannot load arg[${n}] of ${cx.lsigArgs.length}`)
  cx.stack.push(cx.lsigArgs[n as number])
}

/** Handlers keyed by op name. */
export const handlers: Record<string, OpHandler> = {
  // 0x2c: arg
  arg: (cx, ins) => arg(cx, ins.imm[0]),
  // 0x2d: arg_0
  arg_0: (cx) => arg(cx, 0),
  // 0x2e: arg_1
  arg_1: (cx) => arg(cx, 1),
  // 0x2f: arg_2
  arg_2: (cx) => arg(cx, 2),
  // 0x30: arg_3
  arg_3: (cx) => arg(cx, 3),
  // 0xc3: args
  args: (cx) => arg(cx, cx.stack.pop() as Uint64),
}
