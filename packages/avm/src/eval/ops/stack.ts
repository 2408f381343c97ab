// Stack manipulation: pop, dup*, dig, bury, cover, uncover, popn, dupn, swap, select. Depth
// errors are go's texts; step() has already checked the op's fixed arguments.

import { AvmError } from '../errors.ts'
import type { OpHandler } from '../context.ts'
import { MAX_STACK_DEPTH } from '../decode.ts'

/** Handlers keyed by op name. */
export const handlers: Record<string, OpHandler> = {
  // 0x45: bury
  bury: (cx, ins) => {
    const s = cx.stack
    const last = s.length - 1
    const idx = last - ins.imm[0]
    if (idx < 0 || idx === last) throw new AvmError('bury outside stack')
    s[idx] = s[last]
    s.length = last
  },
  // 0x46: popn
  popn: (cx, ins) => {
    const n = ins.imm[0]
    const top = cx.stack.length - n
    if (top < 0) throw new AvmError(`popn ${n} while stack contains ${cx.stack.length}`)
    cx.stack.length = top
  },
  // 0x47: dupn
  dupn: (cx, ins) => {
    const s = cx.stack
    const n = ins.imm[0]
    if (s.length + n > MAX_STACK_DEPTH) throw new AvmError('stack overflow')
    const v = s[s.length - 1]
    for (let i = 0; i < n; i++) s.push(v)
  },
  // 0x48: pop
  pop: (cx) => {
    cx.stack.pop()
  },
  // 0x49: dup
  dup: (cx) => {
    cx.stack.push(cx.stack[cx.stack.length - 1])
  },
  // 0x4a: dup2
  dup2: (cx) => {
    const s = cx.stack
    s.push(s[s.length - 2], s[s.length - 1])
  },
  // 0x4b: dig
  dig: (cx, ins) => {
    const s = cx.stack
    const depth = ins.imm[0]
    const idx = s.length - 1 - depth
    if (idx < 0) throw new AvmError(`dig ${depth} with stack size = ${s.length}`)
    s.push(s[idx])
  },
  // 0x4c: swap
  swap: (cx) => {
    const s = cx.stack
    const last = s.length - 1
    const t = s[last]
    s[last] = s[last - 1]
    s[last - 1] = t
  },
  // 0x4d: select
  select: (cx) => {
    const s = cx.stack
    const c = s.pop()
    const b = s.pop()!
    if (c !== 0) s[s.length - 1] = b
  },
  // 0x4e: cover
  cover: (cx, ins) => {
    const s = cx.stack
    const depth = ins.imm[0]
    const top = s.length - 1
    const idx = top - depth
    if (idx < 0) throw new AvmError(`cover ${depth} with stack size = ${s.length}`)
    const v = s[top]
    for (let i = top; i > idx; i--) s[i] = s[i - 1]
    s[idx] = v
  },
  // 0x4f: uncover
  uncover: (cx, ins) => {
    const s = cx.stack
    const depth = ins.imm[0]
    const top = s.length - 1
    const idx = top - depth
    if (idx < 0) throw new AvmError(`uncover ${depth} with stack size = ${s.length}`)
    const v = s[idx]
    for (let i = idx; i < top; i++) s[i] = s[i + 1]
    s[top] = v
  },
}
