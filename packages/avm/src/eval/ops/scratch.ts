// Scratch space: load/store by immediate slot, loads/stores by stack slot.

import { AvmError } from '../errors.ts'
import type { OpHandler } from '../context.ts'
import type { StackValue, Uint64 } from '../values.ts'

/** Handlers keyed by op name. */
export const handlers: Record<string, OpHandler> = {
  // 0x34: load
  load: (cx, ins) => {
    cx.stack.push(cx.scratch[ins.imm[0]])
  },
  // 0x35: store
  store: (cx, ins) => {
    cx.scratch[ins.imm[0]] = cx.stack.pop() as StackValue
  },
  // 0x3e: loads
  loads: (cx) => {
    const s = cx.stack
    const n = s[s.length - 1] as Uint64
    if (n >= cx.scratch.length) throw new AvmError(`invalid Scratch index ${n}`)
    s[s.length - 1] = cx.scratch[n as number]
  },
  // 0x3f: stores
  stores: (cx) => {
    const s = cx.stack
    const v = s[s.length - 1]
    const n = s[s.length - 2] as Uint64
    if (n >= cx.scratch.length) throw new AvmError(`invalid Scratch index ${n}`)
    cx.scratch[n as number] = v
    s.length -= 2
  },
}
