// json_ref, mimicking go-algorand: the whole text is parsed as one JSON object (go-codec; top-level
// duplicate keys refused) and the value is then read with encoding/json, whose error texts
// ("json: cannot unmarshal number 2.5 into Go value of type uint64") the vectors match.

import { AvmError } from '../errors.ts'
import type { OpHandler } from '../context.ts'
import { MAX_UINT64, bytesEqual, u64 } from '../values.ts'

const PREFIX = 'error while parsing JSON text, '
const INVALID = 'invalid json text'

class JsonSyntaxError extends Error {}

const HEX = '0123456789abcdef'
const SIMPLE_ESCAPES: Record<number, number> = { 0x22: 0x22, 0x5c: 0x5c, 0x2f: 0x2f, 0x62: 8, 0x66: 12, 0x6e: 10, 0x72: 13, 0x74: 9 }
const QUOTED: Record<number, string> = { 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r' }

/** encoding/json's quoteChar: a byte as Go's strconv.Quote shows it, in single quotes. */
function quoteChar(c: number): string {
  if (c === 0x27) return "'\\''"
  if (c === 0x22) return "'\"'"
  if (c in QUOTED) return `'${QUOTED[c]}'`
  if (c < 0x20 || c === 0x7f) return `'\\x${c.toString(16).padStart(2, '0')}'`
  if (c >= 0x80 && c < 0xa0) return `'\\u00${c.toString(16)}'`
  return `'${String.fromCharCode(c)}'`
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d])

/** A strict RFC 7159 scanner over bytes; values are returned as [start, end) ranges. */
class Scanner {
  pos = 0
  constructor(
    readonly t: Uint8Array,
    readonly strict = false,
  ) {}

  ws(): void {
    while (this.pos < this.t.length && WS.has(this.t[this.pos])) this.pos++
  }

  fail(): never {
    throw new JsonSyntaxError(INVALID)
  }

  expect(ch: number): void {
    if (this.t[this.pos] !== ch) this.fail()
    this.pos++
  }

  value(): void {
    this.ws()
    const c = this.t[this.pos]
    if (c === 0x7b) this.object(undefined)
    else if (c === 0x5b) this.array()
    else if (c === 0x22) this.string()
    else if (c === 0x74) this.literal('true')
    else if (c === 0x66) this.literal('false')
    else if (c === 0x6e) this.literal('null')
    else this.number()
  }

  literal(word: string): void {
    for (let i = 0; i < word.length; i++) if (this.t[this.pos + i] !== word.charCodeAt(i)) this.fail()
    this.pos += word.length
  }

  number(): void {
    const t = this.t
    const digits = (): number => {
      const s = this.pos
      while (t[this.pos] >= 0x30 && t[this.pos] <= 0x39) this.pos++
      return this.pos - s
    }
    if (t[this.pos] === 0x2d) this.pos++
    if (t[this.pos] === 0x30) this.pos++
    else if (digits() === 0) this.fail()
    if (t[this.pos] === 0x2e) {
      this.pos++
      if (digits() === 0) this.fail()
    }
    if (t[this.pos] === 0x65 || t[this.pos] === 0x45) {
      this.pos++
      if (t[this.pos] === 0x2b || t[this.pos] === 0x2d) this.pos++
      if (digits() === 0) this.fail()
    }
  }

  /**
   * Scans a string; returns its decoded bytes. Leniently (go-codec, whole text) raw control
   * characters pass and a `\u` without four hex digits decodes to U+FFFD; strictly
   * (encoding/json, on extraction) both are syntax errors with encoding/json's text.
   */
  string(): Uint8Array {
    const t = this.t
    this.expect(0x22)
    const out: number[] = []
    for (;;) {
      if (this.pos >= t.length) this.fail()
      const c = t[this.pos++]
      if (c === 0x22) break
      if (c < 0x20 && this.strict) throw new JsonSyntaxError(`invalid character ${quoteChar(c)} in string literal`)
      if (c !== 0x5c) {
        out.push(c)
        continue
      }
      const e = t[this.pos++]
      if (e in SIMPLE_ESCAPES) out.push(SIMPLE_ESCAPES[e])
      else if (e === 0x75) {
        let cp = this.hex4()
        if (cp >= 0xd800 && cp < 0xdc00 && t[this.pos] === 0x5c && t[this.pos + 1] === 0x75) {
          const save = this.pos
          this.pos += 2
          const lo = this.hex4()
          if (lo >= 0xdc00 && lo < 0xe000) cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00)
          else this.pos = save
        }
        if (cp < 0 || (cp >= 0xd800 && cp < 0xe000)) cp = 0xfffd
        out.push(...new TextEncoder().encode(String.fromCodePoint(cp)))
      } else this.fail()
    }
    return Uint8Array.from(out)
  }

  /** Four hex digits, or -1 (lenient) when they are not all hex. */
  hex4(): number {
    let v = 0
    let bad = false
    for (let i = 0; i < 4; i++) {
      if (this.pos >= this.t.length) this.fail()
      const c = this.t[this.pos++]
      const h = HEX.indexOf(String.fromCharCode(c).toLowerCase())
      if (h < 0 || c > 0x7f) {
        if (this.strict) throw new JsonSyntaxError(`invalid character ${quoteChar(c)} in \\u hexadecimal character escape`)
        bad = true
      }
      v = v * 16 + h
    }
    return bad ? -1 : v
  }

  array(): void {
    this.expect(0x5b)
    this.ws()
    if (this.t[this.pos] === 0x5d) {
      this.pos++
      return
    }
    for (;;) {
      this.value()
      this.ws()
      if (this.t[this.pos] === 0x2c) this.pos++
      else if (this.t[this.pos] === 0x5d) {
        this.pos++
        return
      } else this.fail()
    }
  }

  /** Scans an object; when `entries` is given, records each key and its raw value range. */
  object(entries: [Uint8Array, number, number][] | undefined): void {
    this.expect(0x7b)
    this.ws()
    if (this.t[this.pos] === 0x7d) {
      this.pos++
      return
    }
    for (;;) {
      this.ws()
      const key = this.string()
      this.ws()
      this.expect(0x3a)
      this.ws()
      const start = this.pos
      this.value()
      entries?.push([key, start, this.pos])
      this.ws()
      if (this.t[this.pos] === 0x2c) this.pos++
      else if (this.t[this.pos] === 0x7d) {
        this.pos++
        return
      } else this.fail()
    }
  }
}

/** go's parseJSON: the top-level object's keys and raw values. */
function parseObject(text: Uint8Array): [Uint8Array, Uint8Array][] {
  const sc = new Scanner(text)
  sc.ws()
  if (sc.pos >= text.length) throw new AvmError(PREFIX + INVALID)
  // go-codec reads `null` as an empty map, and go then reports it like any other non-object.
  if (text[sc.pos] !== 0x7b) throw new AvmError(`${PREFIX}${INVALID}, only json object is allowed`)
  const entries: [Uint8Array, number, number][] = []
  try {
    sc.object(entries)
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw new AvmError(PREFIX + INVALID)
    throw e
  }
  for (let i = 0; i < entries.length; i++) {
    for (let j = 0; j < i; j++) {
      if (bytesEqual(entries[i][0], entries[j][0])) throw new AvmError(`${PREFIX}${INVALID}, duplicate keys not allowed`)
    }
  }
  // go-codec keeps no bytes for a null value.
  return entries.map(([k, s, e]) => [k, isNull(text, s, e) ? new Uint8Array(0) : text.subarray(s, e)])
}

function isNull(t: Uint8Array, s: number, e: number): boolean {
  return e - s === 4 && t[s] === 0x6e
}

/** encoding/json's name for the kind of a raw value. */
function kindOf(raw: Uint8Array): string {
  const c = raw[0]
  if (c === 0x22) return 'string'
  if (c === 0x7b) return 'object'
  if (c === 0x5b) return 'array'
  if (c === 0x74 || c === 0x66) return 'bool'
  return 'number'
}

function mismatch(what: string, goType: string): AvmError {
  return new AvmError(`json: cannot unmarshal ${what} into Go value of type ${goType}`)
}

// encoding/json replaces each byte that does not start a valid UTF-8 sequence with U+FFFD
// (Go's utf8.DecodeRune: no overlongs, surrogates or code points past U+10FFFF).
function sanitizeUtf8(b: Uint8Array): Uint8Array {
  const out: number[] = []
  let i = 0
  while (i < b.length) {
    const n = validRuneLength(b, i)
    if (n === 0) {
      out.push(0xef, 0xbf, 0xbd)
      i++
    } else {
      for (let k = 0; k < n; k++) out.push(b[i + k])
      i += n
    }
  }
  return Uint8Array.from(out)
}

function validRuneLength(b: Uint8Array, i: number): number {
  const c = b[i]
  if (c < 0x80) return 1
  const cont = (k: number, lo = 0x80, hi = 0xbf): boolean => i + k < b.length && b[i + k] >= lo && b[i + k] <= hi
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0
  if (c === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0
  if (c === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0
  if (c >= 0xe1 && c <= 0xef) return cont(1) && cont(2) ? 3 : 0
  if (c === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0
  if (c === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0
  if (c >= 0xf1 && c <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0
  return 0
}

const decoder = new TextDecoder()

/** Handlers keyed by op name. */
export const handlers: Record<string, OpHandler> = {
  // 0x5f: json_ref
  json_ref: (cx, ins) => {
    const s = cx.stack
    const key = s.pop() as Uint8Array
    const f = ins.field
    if (f === undefined || f.version > cx.version) {
      throw new AvmError(`invalid json_ref type ${f?.name ?? `JSONRefType(${ins.imm[0]})`}`)
    }
    const text = s[s.length - 1] as Uint8Array
    const entries = parseObject(text)
    const entry = entries.find(([k]) => bytesEqual(k, key))
    if (entry === undefined) {
      throw new AvmError(`key ${decoder.decode(key)} not found in JSON text`)
    }
    const raw = entry[1]
    if (raw.length === 0) throw new AvmError('unexpected end of JSON input')
    // encoding/json validates the whole value before looking at its type.
    try {
      new Scanner(raw, true).value()
    } catch (e) {
      throw new AvmError(e instanceof Error ? e.message : String(e))
    }
    const kind = kindOf(raw)
    switch (f.name) {
      case 'JSONString':
        if (kind !== 'string') throw mismatch(kind, 'string')
        s[s.length - 1] = sanitizeUtf8(new Scanner(raw).string())
        return
      case 'JSONUint64': {
        if (kind !== 'number') throw mismatch(kind, 'uint64')
        const lit = decoder.decode(raw)
        if (!/^(0|[1-9][0-9]*)$/.test(lit) || BigInt(lit) > MAX_UINT64) throw mismatch(`number ${lit}`, 'uint64')
        s[s.length - 1] = u64(BigInt(lit))
        return
      }
      case 'JSONObject':
        if (kind !== 'object') throw mismatch(kind, 'map[string]json.RawMessage')
        s[s.length - 1] = raw
        return
      default:
        throw new AvmError(`unsupported json_ref return type ${f.name}`)
    }
  },
}
