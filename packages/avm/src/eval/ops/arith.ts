// uint64 arithmetic, comparison and logic, and byte-string (bigint) math. Values are canonical
// uint64s (number < 2^53, bigint above), so the common small-number case stays on plain numbers
// and falls back to bigint only near the top of the range. Texts are go-algorand's.

import { AvmError } from '../errors.ts'
import type { EvalContext, OpHandler } from '../context.ts'
import { MAX_UINT64, big, bytesEqual, u64, type StackValue, type Uint64 } from '../values.ts'

const MAX_SAFE = Number.MAX_SAFE_INTEGER
/** go's maxByteMathSize. */
const MAX_BYTE_MATH = 64

function popU(cx: EvalContext): Uint64 {
  return cx.stack.pop() as Uint64
}

function topU(cx: EvalContext): Uint64 {
  return cx.stack[cx.stack.length - 1] as Uint64
}

function setTop(cx: EvalContext, v: StackValue): void {
  cx.stack[cx.stack.length - 1] = v
}

/** Integer square root of a bigint (floor). */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n
  let x = BigInt(Math.floor(Math.sqrt(Number(n))))
  // past 2^106 the float's estimate is off by far more than a few units (bsqrt takes up to 512 bits):
  // Newton's steps from above get within one first, then the loops below only settle the last unit
  if (n >= 1n << 100n) {
    x = 1n << BigInt((n.toString(2).length >> 1) + 1)
    for (let y = (x + n / x) >> 1n; y < x; y = (x + n / x) >> 1n) x = y
  }
  while (x * x > n) x--
  while ((x + 1n) * (x + 1n) <= n) x++
  return x
}

function bitLen(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length
}

// go's opExpImpl / opExpwImpl: the error texts depend on which check fails first.
function expImpl(base: bigint, exp: bigint, limitBits: number): bigint {
  if (exp === 0n && base === 0n) throw new AvmError('0^0 is undefined')
  if (base === 0n) return 0n
  if (exp === 0n || base === 1n) return 1n
  if (exp >= BigInt(limitBits)) throw new AvmError(`${base}^${exp} overflow`)
  const r = base ** exp
  if (bitLen(r) > limitBits) throw new AvmError(`${base}^${exp} overflow`)
  return r
}

/** Big-endian unsigned bytes to a bigint. */
export function bytesToBig(b: Uint8Array): bigint {
  let x = 0n
  for (let i = 0; i < b.length; i++) x = (x << 8n) | BigInt(b[i])
  return x
}

/** Minimal big-endian bytes of a non-negative bigint (empty for 0), as go's big.Int.Bytes(). */
export function bigToBytes(x: bigint): Uint8Array {
  if (x === 0n) return new Uint8Array(0)
  let hex = x.toString(16)
  if (hex.length & 1) hex = '0' + hex
  const out = new Uint8Array(hex.length >> 1)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return out
}

function byteMathArgs(cx: EvalContext): [bigint, bigint] {
  const s = cx.stack
  const b = s[s.length - 1] as Uint8Array
  const a = s[s.length - 2] as Uint8Array
  if (a.length > MAX_BYTE_MATH || b.length > MAX_BYTE_MATH) throw new AvmError('math attempted on large byte-array')
  s.pop()
  return [bytesToBig(a), bytesToBig(b)]
}

function byteCompareArgs(cx: EvalContext): number {
  const s = cx.stack
  const b = s[s.length - 1] as Uint8Array
  const a = s[s.length - 2] as Uint8Array
  if (a.length > MAX_BYTE_MATH || b.length > MAX_BYTE_MATH) throw new AvmError('math attempted on large byte-array')
  s.pop()
  const x = bytesToBig(a)
  const y = bytesToBig(b)
  return x < y ? -1 : x > y ? 1 : 0
}

function byteLogic(cx: EvalContext, f: (x: number, y: number) => number): void {
  const s = cx.stack
  const b = s.pop() as Uint8Array
  const a = s[s.length - 1] as Uint8Array
  const n = Math.max(a.length, b.length)
  const out = new Uint8Array(n)
  const da = n - a.length
  const db = n - b.length
  for (let i = 0; i < n; i++) out[i] = f(i >= da ? a[i - da] : 0, i >= db ? b[i - db] : 0) & 0xff
  s[s.length - 1] = out
}

function cmp(cx: EvalContext, f: (a: Uint64, b: Uint64) => boolean): void {
  const b = popU(cx)
  setTop(cx, f(topU(cx), b) ? 1 : 0)
}

function eq(cx: EvalContext): boolean {
  const s = cx.stack
  const b = s.pop() as StackValue
  const a = s[s.length - 1]
  const ab = typeof a === 'object'
  if (ab !== (typeof b === 'object')) {
    throw new AvmError(`cannot compare (${ab ? '[]byte' : 'uint64'} to ${ab ? 'uint64' : '[]byte'})`)
  }
  return ab ? bytesEqual(a, b as Uint8Array) : a === b
}

/** Handlers keyed by op name. */
export const handlers: Record<string, OpHandler> = {
  // 0x08: +
  '+': (cx) => {
    const s = cx.stack
    const b = s.pop() as Uint64
    const i = s.length - 1
    const a = s[i] as Uint64
    if (typeof a === 'number' && typeof b === 'number') {
      const r = a + b
      if (r <= MAX_SAFE) {
        s[i] = r
        return
      }
    }
    const r = big(a) + big(b)
    if (r > MAX_UINT64) throw new AvmError('+ overflowed')
    s[i] = u64(r)
  },
  // 0x09: -
  '-': (cx) => {
    const s = cx.stack
    const b = s.pop() as Uint64
    const i = s.length - 1
    const a = s[i] as Uint64
    if (b > a) throw new AvmError('- would result negative')
    s[i] = typeof a === 'number' && typeof b === 'number' ? a - b : u64(big(a) - big(b))
  },
  // 0x0a: /
  '/': (cx) => {
    const b = popU(cx)
    const a = topU(cx)
    if (b === 0) throw new AvmError('/ 0')
    setTop(cx, typeof a === 'number' && typeof b === 'number' ? Math.floor(a / b) : u64(big(a) / big(b)))
  },
  // 0x0b: *
  '*': (cx) => {
    const b = popU(cx)
    const a = topU(cx)
    if (typeof a === 'number' && typeof b === 'number') {
      const r = a * b
      if (r <= MAX_SAFE) {
        setTop(cx, r)
        return
      }
    }
    const r = big(a) * big(b)
    if (r > MAX_UINT64) throw new AvmError('* overflowed')
    setTop(cx, u64(r))
  },
  // 0x0c: <
  '<': (cx) => cmp(cx, (a, b) => a < b),
  // 0x0d: >
  '>': (cx) => cmp(cx, (a, b) => a > b),
  // 0x0e: <=
  '<=': (cx) => cmp(cx, (a, b) => a <= b),
  // 0x0f: >=
  '>=': (cx) => cmp(cx, (a, b) => a >= b),
  // 0x10: &&
  '&&': (cx) => cmp(cx, (a, b) => a !== 0 && b !== 0),
  // 0x11: ||
  '||': (cx) => cmp(cx, (a, b) => a !== 0 || b !== 0),
  // 0x12: ==
  '==': (cx) => setTop(cx, eq(cx) ? 1 : 0),
  // 0x13: !=
  '!=': (cx) => setTop(cx, eq(cx) ? 0 : 1),
  // 0x14: !
  '!': (cx) => setTop(cx, topU(cx) === 0 ? 1 : 0),
  // 0x16: itob
  itob: (cx) => {
    const out = new Uint8Array(8)
    const v = topU(cx)
    if (typeof v === 'number') {
      const hi = Math.floor(v / 0x1_0000_0000)
      const lo = v >>> 0
      out[0] = hi >>> 24
      out[1] = (hi >>> 16) & 0xff
      out[2] = (hi >>> 8) & 0xff
      out[3] = hi & 0xff
      out[4] = lo >>> 24
      out[5] = (lo >>> 16) & 0xff
      out[6] = (lo >>> 8) & 0xff
      out[7] = lo & 0xff
    } else new DataView(out.buffer).setBigUint64(0, v)
    setTop(cx, out)
  },
  // 0x17: btoi
  btoi: (cx) => {
    const b = cx.stack[cx.stack.length - 1] as Uint8Array
    if (b.length > 8) throw new AvmError(`btoi arg too long, got ${b.length} bytes`)
    if (b.length <= 6) {
      let x = 0
      for (let i = 0; i < b.length; i++) x = x * 256 + b[i]
      setTop(cx, x)
    } else setTop(cx, u64(bytesToBig(b)))
  },
  // 0x18: %
  '%': (cx) => {
    const b = popU(cx)
    const a = topU(cx)
    if (b === 0) throw new AvmError('% 0')
    setTop(cx, typeof a === 'number' && typeof b === 'number' ? a % b : u64(big(a) % big(b)))
  },
  // 0x19: |
  '|': (cx) => {
    const b = popU(cx)
    setTop(cx, u64(big(topU(cx)) | big(b)))
  },
  // 0x1a: &
  '&': (cx) => {
    const b = popU(cx)
    setTop(cx, u64(big(topU(cx)) & big(b)))
  },
  // 0x1b: ^
  '^': (cx) => {
    const b = popU(cx)
    setTop(cx, u64(big(topU(cx)) ^ big(b)))
  },
  // 0x1c: ~
  '~': (cx) => setTop(cx, u64(MAX_UINT64 ^ big(topU(cx)))),
  // 0x1d: mulw
  mulw: (cx) => {
    const s = cx.stack
    const r = big(s[s.length - 2] as Uint64) * big(s[s.length - 1] as Uint64)
    s[s.length - 2] = u64(r >> 64n)
    s[s.length - 1] = u64(r & MAX_UINT64)
  },
  // 0x1e: addw
  addw: (cx) => {
    const s = cx.stack
    const r = big(s[s.length - 2] as Uint64) + big(s[s.length - 1] as Uint64)
    s[s.length - 2] = u64(r >> 64n)
    s[s.length - 1] = u64(r & MAX_UINT64)
  },
  // 0x1f: divmodw
  divmodw: (cx) => {
    const s = cx.stack
    const n = s.length
    const loDen = big(s[n - 1] as Uint64)
    const hiDen = big(s[n - 2] as Uint64)
    if (loDen === 0n && hiDen === 0n) throw new AvmError('/ 0')
    const num = (big(s[n - 4] as Uint64) << 64n) | big(s[n - 3] as Uint64)
    const den = (hiDen << 64n) | loDen
    const q = num / den
    const r = num % den
    s[n - 4] = u64(q >> 64n)
    s[n - 3] = u64(q & MAX_UINT64)
    s[n - 2] = u64(r >> 64n)
    s[n - 1] = u64(r & MAX_UINT64)
  },
  // 0x90: shl
  shl: (cx) => {
    const b = popU(cx)
    if (b > 63) throw new AvmError(`shl arg too big, (${b})`)
    setTop(cx, u64((big(topU(cx)) << big(b)) & MAX_UINT64))
  },
  // 0x91: shr
  shr: (cx) => {
    const b = popU(cx)
    if (b > 63) throw new AvmError(`shr arg too big, (${b})`)
    setTop(cx, u64(big(topU(cx)) >> big(b)))
  },
  // 0x92: sqrt
  sqrt: (cx) => setTop(cx, u64(isqrt(big(topU(cx))))),
  // 0x93: bitlen
  bitlen: (cx) => {
    const v = cx.stack[cx.stack.length - 1]
    if (typeof v === 'object') {
      let idx = 0
      for (let i = 0; i < v.length; i++) {
        if (v[i] !== 0) {
          idx = 32 - Math.clz32(v[i]) + 8 * (v.length - i - 1)
          break
        }
      }
      setTop(cx, idx)
    } else setTop(cx, bitLen(big(v)))
  },
  // 0x94: exp
  exp: (cx) => {
    const e = popU(cx)
    setTop(cx, u64(expImpl(big(topU(cx)), big(e), 64)))
  },
  // 0x95: expw
  expw: (cx) => {
    const s = cx.stack
    const r = expImpl(big(s[s.length - 2] as Uint64), big(s[s.length - 1] as Uint64), 128)
    s[s.length - 2] = u64(r >> 64n)
    s[s.length - 1] = u64(r & MAX_UINT64)
  },
  // 0x96: bsqrt
  bsqrt: (cx) => {
    const v = cx.stack[cx.stack.length - 1] as Uint8Array
    if (v.length > MAX_BYTE_MATH) throw new AvmError('math attempted on large byte-array')
    setTop(cx, bigToBytes(isqrt(bytesToBig(v))))
  },
  // 0x97: divw
  divw: (cx) => {
    const s = cx.stack
    const y = big(s.pop() as Uint64)
    const lo = big(s.pop() as Uint64)
    const hi = big(topU(cx))
    if (y === 0n) throw new AvmError('divw 0')
    if (y <= hi) throw new AvmError(`divw overflow: ${y} <= ${hi}`)
    setTop(cx, u64(((hi << 64n) | lo) / y))
  },
  // 0xa0: b+
  'b+': (cx) => {
    const [a, b] = byteMathArgs(cx)
    setTop(cx, bigToBytes(a + b))
  },
  // 0xa1: b-
  'b-': (cx) => {
    const [a, b] = byteMathArgs(cx)
    if (a < b) throw new AvmError('byte math would have negative result')
    setTop(cx, bigToBytes(a - b))
  },
  // 0xa2: b/
  'b/': (cx) => {
    const [a, b] = byteMathArgs(cx)
    if (b === 0n) throw new AvmError('division by zero')
    setTop(cx, bigToBytes(a / b))
  },
  // 0xa3: b*
  'b*': (cx) => {
    const [a, b] = byteMathArgs(cx)
    setTop(cx, bigToBytes(a * b))
  },
  // 0xa4: b<
  'b<': (cx) => setTop(cx, byteCompareArgs(cx) < 0 ? 1 : 0),
  // 0xa5: b>
  'b>': (cx) => setTop(cx, byteCompareArgs(cx) > 0 ? 1 : 0),
  // 0xa6: b<=
  'b<=': (cx) => setTop(cx, byteCompareArgs(cx) <= 0 ? 1 : 0),
  // 0xa7: b>=
  'b>=': (cx) => setTop(cx, byteCompareArgs(cx) >= 0 ? 1 : 0),
  // 0xa8: b==
  'b==': (cx) => setTop(cx, byteCompareArgs(cx) === 0 ? 1 : 0),
  // 0xa9: b!=
  'b!=': (cx) => setTop(cx, byteCompareArgs(cx) !== 0 ? 1 : 0),
  // 0xaa: b%
  'b%': (cx) => {
    const [a, b] = byteMathArgs(cx)
    if (b === 0n) throw new AvmError('modulo by zero')
    setTop(cx, bigToBytes(a % b))
  },
  // 0xab: b|
  'b|': (cx) => byteLogic(cx, (x, y) => x | y),
  // 0xac: b&
  'b&': (cx) => byteLogic(cx, (x, y) => x & y),
  // 0xad: b^
  'b^': (cx) => byteLogic(cx, (x, y) => x ^ y),
  // 0xae: b~
  'b~': (cx) => {
    const v = cx.stack[cx.stack.length - 1] as Uint8Array
    const out = new Uint8Array(v.length)
    for (let i = 0; i < v.length; i++) out[i] = ~v[i] & 0xff
    setTop(cx, out)
  },
}

