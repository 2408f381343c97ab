// Go-compatible parsing of TEAL literals. The assembler's error texts come straight from Go's
// strconv, encoding/base32, encoding/base64 and encoding/hex, so these mimic their behaviour
// (accepted spellings and the byte offsets they blame) rather than using JS built-ins.
import { sha512_256 } from '@noble/hashes/sha2.js'

/** A parse result: a value or Go's error text. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string }

const MAX_U64 = 0xffff_ffff_ffff_ffffn

function digitValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48
  if (c >= 97 && c <= 122) return c - 87
  if (c >= 65 && c <= 90) return c - 55
  return 99
}

// Go's underscoreOK: with base prefix syntax, '_' may only separate digits (or follow the prefix).
function underscoreOK(s: string): boolean {
  let saw = '^'
  let i = 0
  if (s.length >= 1 && (s[0] === '-' || s[0] === '+')) s = s.slice(1)
  let hex = false
  if (s.length >= 2 && s[0] === '0') {
    const p = s[1].toLowerCase()
    if (p === 'b' || p === 'o' || p === 'x') {
      hex = p === 'x'
      i = 2
      saw = '0'
    }
  }
  for (; i < s.length; i++) {
    const c = s[i]
    if ((c >= '0' && c <= '9') || (hex && /[a-fA-F]/.test(c))) {
      saw = '0'
      continue
    }
    if (c === '_') {
      if (saw !== '0') return false
      saw = '_'
      continue
    }
    if (saw === '_') return false
    saw = '!'
  }
  return saw !== '_'
}

const uintFail = (s: string, why: string): Parsed<bigint> => ({ ok: false, error: `strconv.ParseUint: parsing ${goQuote(s)}: ${why}` })

/** strconv.ParseUint(s, base, bitSize) with Go's error text (`strconv.ParseUint: parsing "s": ...`). */
export function parseUint(s: string, base = 0, bitSize = 64): Parsed<bigint> {
  if (base === 0 && s.length > 0 && s.length <= 15 && /^[1-9]\d*$|^0$/.test(s)) return { ok: true, value: BigInt(s) }
  if (s.length === 0) return uintFail(s, 'invalid syntax')
  const base0 = base === 0
  let i = 0
  if (base === 0) {
    base = 10
    if (s[0] === '0') {
      const p = s.length >= 3 ? s[1].toLowerCase() : ''
      if (p === 'b') [base, i] = [2, 2]
      else if (p === 'o') [base, i] = [8, 2]
      else if (p === 'x') [base, i] = [16, 2]
      else [base, i] = [8, 1]
    }
  }
  const max = bitSize === 64 ? MAX_U64 : (1n << BigInt(bitSize)) - 1n
  const b = BigInt(base)
  let n = 0n
  let underscores = false
  let range = false
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 95 && base0) {
      underscores = true
      continue
    }
    const d = digitValue(c)
    if (d >= base) return uintFail(s, 'invalid syntax')
    if (!range) {
      n = n * b + BigInt(d)
      if (n > max) range = true
    }
  }
  if (underscores && !underscoreOK(s)) return uintFail(s, 'invalid syntax')
  if (range) return uintFail(s, 'value out of range')
  return { ok: true, value: n }
}

/** strconv.ParseInt(s, base, bitSize) as a number (small bit sizes only). */
export function parseIntSmall(s: string, base: number, bitSize: number): number | undefined {
  let neg = false
  let body = s
  if (body[0] === '+' || body[0] === '-') {
    neg = body[0] === '-'
    body = body.slice(1)
  }
  const u = parseUint(body, base, 64)
  if (!u.ok) return undefined
  const v = neg ? -u.value : u.value
  const lim = 1n << BigInt(bitSize - 1)
  if (v < -lim || v >= lim) return undefined
  return Number(v)
}

/** Go's %#v / strconv.Quote of a string. */
export function goQuote(s: string): string {
  let out = '"'
  for (const ch of s) {
    const c = ch.codePointAt(0) as number
    if (ch === '"') out += '\\"'
    else if (ch === '\\') out += '\\\\'
    else if (c === 7) out += '\\a'
    else if (c === 8) out += '\\b'
    else if (c === 12) out += '\\f'
    else if (c === 10) out += '\\n'
    else if (c === 13) out += '\\r'
    else if (c === 9) out += '\\t'
    else if (c === 11) out += '\\v'
    else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0')
    else if (c >= 0x80 && c < 0xa0) out += '\\u' + c.toString(16).padStart(4, '0')
    else out += ch
  }
  return out + '"'
}

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const b32Map = new Int16Array(256).fill(-1)
const b64Map = new Int16Array(256).fill(-1)
for (let i = 0; i < 32; i++) b32Map[B32.charCodeAt(i)] = i
for (let i = 0; i < 64; i++) b64Map[B64.charCodeAt(i)] = i

const utf8enc = new TextEncoder()
/** UTF-8 bytes of a string. */
export function utf8Bytes(s: string): Uint8Array {
  return utf8enc.encode(s)
}

/** Go's base32.CorruptInputError text. */
const b32Err = (at: number): string => `illegal base32 data at input byte ${at}`
const b64Err = (at: number): string => `illegal base64 data at input byte ${at}`

/** encoding/base32 StdEncoding (padded when `padded`) DecodeString, Go's quirks included. */
export function base32Decode(s: string, padded: boolean): Parsed<Uint8Array> & { at?: number } {
  const src = [...utf8Bytes(s)].filter((c) => c !== 10 && c !== 13)
  const olen = src.length
  const out: number[] = []
  let p = 0
  let end = false
  const corrupt = (at: number): Parsed<Uint8Array> & { at: number } => ({ ok: false, error: b32Err(at), at })
  while (p < src.length && !end) {
    const dbuf = [0, 0, 0, 0, 0, 0, 0, 0]
    let dlen = 8
    for (let j = 0; j < 8; ) {
      if (p === src.length) {
        if (padded) return corrupt(olen - (src.length - p) - j)
        dlen = j
        end = true
        break
      }
      const c = src[p++]
      const rest = src.length - p
      if (padded && c === 61 && j >= 2 && rest < 8) {
        if (rest + j < 7) return corrupt(olen)
        for (let k = 0; k < 7 - j; k++) {
          if (rest > k && src[p + k] !== 61) return corrupt(olen - rest + k - 1)
        }
        dlen = j
        end = true
        if (dlen === 1 || dlen === 3 || dlen === 6) return corrupt(olen - rest - 1)
        break
      }
      const v = b32Map[c]
      if (v < 0) return corrupt(olen - rest - 1)
      dbuf[j++] = v
    }
    const bytes = [
      ((dbuf[0] << 3) | (dbuf[1] >> 2)) & 0xff,
      ((dbuf[1] << 6) | (dbuf[2] << 1) | (dbuf[3] >> 4)) & 0xff,
      ((dbuf[3] << 4) | (dbuf[4] >> 1)) & 0xff,
      ((dbuf[4] << 7) | (dbuf[5] << 2) | (dbuf[6] >> 3)) & 0xff,
      ((dbuf[6] << 5) | dbuf[7]) & 0xff,
    ]
    const n = ({ 8: 5, 7: 4, 5: 3, 4: 2, 2: 1 } as Record<number, number>)[dlen] ?? 0
    out.push(...bytes.slice(0, n))
  }
  return { ok: true, value: Uint8Array.from(out) }
}

/** Go's base32DecodeAnyPadding from the assembler: unpadded first, then padded. */
export function base32DecodeAnyPadding(s: string): Parsed<Uint8Array> & { at?: number } {
  const first = base32Decode(s, false)
  if (first.ok) return first
  const second = base32Decode(s, true)
  return second.ok ? second : first
}

/** encoding/base64 StdEncoding or URLEncoding DecodeString (padded), Go's error offsets included. */
export function base64Decode(s: string, alphabet: 'std' | 'url' = 'std'): Parsed<Uint8Array> & { at?: number } {
  const src = utf8Bytes(s)
  const map = alphabet === 'std' ? b64Map : urlMap
  const out: number[] = []
  let si = 0
  const corrupt = (at: number): Parsed<Uint8Array> & { at: number } => ({ ok: false, error: b64Err(at), at })
  for (;;) {
    const dbuf = [0, 0, 0, 0]
    let dlen = 4
    let trailing = -1
    let j = 0
    for (; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return { ok: true, value: Uint8Array.from(out) }
        return corrupt(si - j)
      }
      const c = src[si++]
      const v = map[c]
      if (v >= 0) {
        dbuf[j] = v
        continue
      }
      if (c === 10 || c === 13) {
        j--
        continue
      }
      if (c !== 61) return corrupt(si - 1)
      if (j === 0 || j === 1) return corrupt(si - 1)
      if (j === 2) {
        while (si < src.length && (src[si] === 10 || src[si] === 13)) si++
        if (si === src.length) return corrupt(src.length)
        if (src[si] !== 61) return corrupt(si - 1)
        si++
      }
      while (si < src.length && (src[si] === 10 || src[si] === 13)) si++
      if (si < src.length) trailing = si
      dlen = j
      break
    }
    const val = (dbuf[0] << 18) | (dbuf[1] << 12) | (dbuf[2] << 6) | dbuf[3]
    const bytes = [(val >> 16) & 0xff, (val >> 8) & 0xff, val & 0xff]
    out.push(...bytes.slice(0, dlen - 1))
    if (trailing >= 0) return corrupt(trailing)
    if (dlen < 4) return { ok: true, value: Uint8Array.from(out) }
  }
}
const urlMap = new Int16Array(256).fill(-1)
const B64URL = B64.replace('+', '-').replace('/', '_')
for (let i = 0; i < 64; i++) urlMap[B64URL.charCodeAt(i)] = i

function goRuneU(c: number): string {
  const hex = c.toString(16).toUpperCase().padStart(4, '0')
  const printable = c >= 0x20 && c !== 0x7f && !(c >= 0x80 && c < 0xa0)
  return printable ? `U+${hex} '${String.fromCodePoint(c)}'` : `U+${hex}`
}

/** encoding/hex DecodeString with Go's error texts. */
export function hexDecode(s: string): Parsed<Uint8Array> {
  const src = utf8Bytes(s)
  const out = new Uint8Array(src.length >> 1)
  const val = (c: number): number => {
    const d = digitValue(c)
    return d < 16 && !(c >= 103 && c <= 122) && !(c >= 71 && c <= 90) ? d : -1
  }
  const bad = (c: number): Parsed<Uint8Array> => ({ ok: false, error: `encoding/hex: invalid byte: ${goRuneU(c)}` })
  let i = 0
  for (; i + 1 < src.length; i += 2) {
    const a = val(src[i])
    if (a < 0) return bad(src[i])
    const b = val(src[i + 1])
    if (b < 0) return bad(src[i + 1])
    out[i >> 1] = (a << 4) | b
  }
  if (src.length % 2 === 1) {
    if (val(src[i]) < 0) return bad(src[i])
    return { ok: false, error: 'encoding/hex: odd length hex string' }
  }
  return { ok: true, value: out }
}

/** The assembler's parseStringLiteral: a double-quoted string with \n \r \t \\ \" \xNN escapes. */
export function parseStringLiteral(input: string): Parsed<Uint8Array> {
  const src = utf8Bytes(input)
  const end = src.length - 1
  if (src[0] !== 34 || src[end] !== 34) return { ok: false, error: 'no quotes' }
  const out: number[] = []
  let escape = false
  let hexSeq = false
  for (let pos = 1; pos < end; ) {
    let c = src[pos]
    if (c === 92 && !escape) {
      if (hexSeq) return { ok: false, error: 'escape sequence inside hex number' }
      escape = true
      pos++
      continue
    }
    if (escape) {
      escape = false
      const map: Record<number, number> = { 110: 10, 114: 13, 116: 9, 92: 92, 34: 34 }
      if (c === 120) {
        hexSeq = true
        pos++
        continue
      }
      if (map[c] === undefined) return { ok: false, error: `invalid escape sequence \\${String.fromCharCode(c)}` }
      c = map[c]
    }
    if (hexSeq) {
      hexSeq = false
      if (pos >= src.length - 2) return { ok: false, error: 'non-terminated hex sequence' }
      const text = String.fromCharCode(src[pos], src[pos + 1])
      const n = parseUint(text, 16, 8)
      if (!n.ok) return { ok: false, error: n.error.replace('ParseUint', 'ParseUint') }
      c = Number(n.value)
      pos++
    }
    out.push(c)
    pos++
  }
  if (escape || hexSeq) return { ok: false, error: 'non-terminated escape sequence' }
  return { ok: true, value: Uint8Array.from(out) }
}

/** Algorand address checksum: last 4 bytes of SHA-512/256 of the public key. */
export function addressChecksum(pk: Uint8Array): Uint8Array {
  return sha512_256(pk).slice(28, 32)
}

/** Encodes 32 bytes as an Algorand address (base32 of key ‖ checksum, no padding). */
export function encodeAddress(pk: Uint8Array): string {
  return base32Unpadded(pk, addressChecksum(pk))
}

function base32Unpadded(pk: Uint8Array, checksum: Uint8Array): string {
  const data = new Uint8Array(36)
  data.set(pk)
  data.set(checksum, 32)
  let out = ''
  let bits = 0
  let acc = 0
  for (const b of data) {
    acc = (acc << 8) | b
    bits += 8
    while (bits >= 5) {
      out += B32[(acc >> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += B32[(acc << (5 - bits)) & 31]
  return out
}

/** basics.UnmarshalChecksumAddress with its error texts. */
export function decodeAddress(address: string): Parsed<Uint8Array> {
  const decoded = base32Decode(address, false)
  if (!decoded.ok) return { ok: false, error: `failed to decode address ${address} from base 32` }
  const d = decoded.value
  if (d.length < 32) return { ok: false, error: `decoded bad addr: ${address}` }
  const pk = d.slice(0, 32)
  const want = addressChecksum(pk)
  const got = d.slice(d.length - 4)
  if (got.length !== 4 || got.some((b, i) => b !== want[i])) {
    return { ok: false, error: `address ${address} is malformed, checksum verification failed` }
  }
  if (base32Unpadded(pk, want) !== address) return { ok: false, error: `address ${address} is non-canonical` }
  return { ok: true, value: pk }
}
