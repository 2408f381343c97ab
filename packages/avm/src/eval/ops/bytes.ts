// Byte-string ops: len, concat, substring*, extract*, replace*, get/set bit and byte, bzero.
// Results are fresh arrays or subarrays: stack byte strings are never mutated in place.

import { AvmError } from '../errors.ts'
import type { EvalContext, OpHandler } from '../context.ts'
import { MAX_STRING_SIZE } from '../decode.ts'
import { MAX_UINT64, big, u64, type Uint64 } from '../values.ts'

function setTop(cx: EvalContext, v: Uint8Array | Uint64): void {
  cx.stack[cx.stack.length - 1] = v
}

// V8 keeps a typed array of at most 64 bytes inside its heap, and taking a subarray of one first
// moves its bytes out to a new ArrayBuffer: for short ranges a copy (slice, a builtin memcpy) is
// cheaper than a view and keeps the result on the heap for the next op. Longer ranges come from
// off-heap arrays already. (A Buffer's slice is a view, as subarray was: values are never mutated.)
const MAX_ON_HEAP = 64

/** Bytes [start, end) of `x` (0 ≤ start ≤ end ≤ x.length): a fresh copy when short, else a view. */
function range(x: Uint8Array, start: number, end: number): Uint8Array {
  const n = end - start
  if (n > MAX_ON_HEAP) return x.subarray(start, end)
  return x.slice(start, end)
}

function substring(x: Uint8Array, start: number, end: number): Uint8Array {
  if (end < start) throw new AvmError('substring end before start')
  if (start > x.length || end > x.length) throw new AvmError('substring range beyond length of string')
  return range(x, start, end)
}

// go's extractCarefully.
function extract(x: Uint8Array, start: Uint64, length: Uint64): Uint8Array {
  // In range (the common case) with no bigint arithmetic; anything else takes go's checks below.
  if (typeof start === 'number' && typeof length === 'number' && start <= x.length && length <= x.length - start) {
    return range(x, start, start + length)
  }
  if (start > x.length) throw new AvmError(`extraction start ${start} is beyond length: ${x.length}`)
  const end = big(start) + big(length)
  if (end > MAX_UINT64) throw new AvmError('extraction end exceeds uint64')
  if (end > BigInt(x.length)) throw new AvmError(`extraction end ${end} is beyond length: ${x.length}`)
  return range(x, Number(start), Number(end))
}

// go's replaceCarefully.
function replace(original: Uint8Array, replacement: Uint8Array, start: Uint64): Uint8Array {
  if (start > original.length) throw new AvmError(`replacement start ${start} beyond length: ${original.length}`)
  const s = Number(start)
  const end = s + replacement.length
  if (end > original.length) throw new AvmError(`replacement end ${end} beyond original length: ${original.length}`)
  const out = original.slice()
  out.set(replacement, s)
  return out
}

function extractUint(cx: EvalContext, n: number): void {
  const s = cx.stack
  const start = s.pop() as Uint64
  const b = extract(s[s.length - 1] as Uint8Array, start, n)
  let x = 0n
  for (let i = 0; i < b.length; i++) x = (x << 8n) | BigInt(b[i])
  setTop(cx, u64(x))
}

/** Handlers keyed by op name. */
export const handlers: Record<string, OpHandler> = {
  // 0x15: len
  len: (cx) => setTop(cx, (cx.stack[cx.stack.length - 1] as Uint8Array).length),
  // 0x50: concat
  concat: (cx) => {
    const s = cx.stack
    const b = s.pop() as Uint8Array
    const a = s[s.length - 1] as Uint8Array
    const out = new Uint8Array(a.length + b.length)
    out.set(a)
    out.set(b, a.length)
    s[s.length - 1] = out
  },
  // 0x51: substring
  substring: (cx, ins) => setTop(cx, substring(cx.stack[cx.stack.length - 1] as Uint8Array, ins.imm[0], ins.imm[1])),
  // 0x52: substring3
  substring3: (cx) => {
    const s = cx.stack
    const end = s.pop() as Uint64
    const start = s.pop() as Uint64
    if (start > 0x7fff_ffff || end > 0x7fff_ffff) throw new AvmError('substring range beyond length of string')
    setTop(cx, substring(s[s.length - 1] as Uint8Array, start as number, end as number))
  },
  // 0x53: getbit
  getbit: (cx) => {
    const s = cx.stack
    const idx = s.pop() as Uint64
    const target = s[s.length - 1]
    if (typeof target === 'object') {
      const byteIdx = Math.floor(Number(idx) / 8)
      if (idx >= BigInt(target.length) * 8n) throw new AvmError('getbit index beyond byteslice')
      const bit = Number(idx) % 8
      setTop(cx, (target[byteIdx] >> (7 - bit)) & 1)
    } else {
      if (idx > 63) throw new AvmError('getbit index > 63 with Uint')
      setTop(cx, Number((big(target) >> big(idx)) & 1n))
    }
  },
  // 0x54: setbit
  setbit: (cx) => {
    const s = cx.stack
    const bit = s.pop() as Uint64
    const idx = s.pop() as Uint64
    const target = s[s.length - 1]
    if (bit > 1) throw new AvmError('setbit value > 1')
    if (typeof target === 'object') {
      if (idx >= BigInt(target.length) * 8n) throw new AvmError('setbit index beyond byteslice')
      const i = Number(idx)
      const mask = 0x80 >> i % 8
      const out = target.slice()
      const j = Math.floor(i / 8)
      out[j] = bit === 1 ? out[j] | mask : out[j] & ~mask
      setTop(cx, out)
    } else {
      if (idx > 63) throw new AvmError('setbit index > 63 with Uint')
      const mask = 1n << big(idx)
      setTop(cx, u64(bit === 1 ? big(target) | mask : big(target) & ~mask & MAX_UINT64))
    }
  },
  // 0x55: getbyte
  getbyte: (cx) => {
    const s = cx.stack
    const idx = s.pop() as Uint64
    const target = s[s.length - 1] as Uint8Array
    if (idx >= target.length) throw new AvmError('getbyte index beyond array length')
    setTop(cx, target[idx as number])
  },
  // 0x56: setbyte
  setbyte: (cx) => {
    const s = cx.stack
    const v = s.pop() as Uint64
    const idx = s.pop() as Uint64
    const target = s[s.length - 1] as Uint8Array
    if (v > 255) throw new AvmError('setbyte value > 255')
    if (idx >= target.length) throw new AvmError('setbyte index beyond array length')
    const out = target.slice()
    out[idx as number] = v as number
    setTop(cx, out)
  },
  // 0x57: extract
  extract: (cx, ins) => {
    const x = cx.stack[cx.stack.length - 1] as Uint8Array
    const start = ins.imm[0]
    // A zero length means "to the end" (go wraps a negative remainder to a huge uint64).
    const length = ins.imm[1] === 0 ? (x.length >= start ? x.length - start : MAX_UINT64) : ins.imm[1]
    setTop(cx, extract(x, start, length))
  },
  // 0x58: extract3
  extract3: (cx) => {
    const s = cx.stack
    const length = s.pop() as Uint64
    const start = s.pop() as Uint64
    setTop(cx, extract(s[s.length - 1] as Uint8Array, start, length))
  },
  // 0x59: extract_uint16
  extract_uint16: (cx) => extractUint(cx, 2),
  // 0x5a: extract_uint32
  extract_uint32: (cx) => extractUint(cx, 4),
  // 0x5b: extract_uint64
  extract_uint64: (cx) => extractUint(cx, 8),
  // 0x5c: replace2
  replace2: (cx, ins) => {
    const s = cx.stack
    const r = s[s.length - 1] as Uint8Array
    const out = replace(s[s.length - 2] as Uint8Array, r, ins.imm[0])
    s.pop()
    setTop(cx, out)
  },
  // 0x5d: replace3
  replace3: (cx) => {
    const s = cx.stack
    const n = s.length
    const out = replace(s[n - 3] as Uint8Array, s[n - 1] as Uint8Array, s[n - 2] as Uint64)
    s.length = n - 2
    setTop(cx, out)
  },
  // 0xaf: bzero
  bzero: (cx) => {
    const n = cx.stack[cx.stack.length - 1] as Uint64
    if (n > MAX_STRING_SIZE) throw new AvmError('bzero attempted to create a too large string')
    setTop(cx, new Uint8Array(n as number))
  },
}
