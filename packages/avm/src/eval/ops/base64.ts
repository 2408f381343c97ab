// base64_decode, mimicking Go's encoding/base64 in Strict mode: padding is optional but must be
// right when present, CR and LF are skipped anywhere, unused trailing bits must be zero, and
// failures are Go's CorruptInputError texts ("illegal base64 data at input byte N").

import { AvmError } from '../errors.ts'
import type { OpHandler } from '../context.ts'

const STD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const PAD = 0x3d
const LF = 0x0a
const CR = 0x0d

function decodeMap(alphabet: string): Uint8Array {
  const m = new Uint8Array(256).fill(0xff)
  for (let i = 0; i < alphabet.length; i++) m[alphabet.charCodeAt(i)] = i
  return m
}
const STD_MAP = decodeMap(STD)
const URL_MAP = decodeMap(URL)

function corrupt(at: number): AvmError {
  return new AvmError(`illegal base64 data at input byte ${at}`)
}

// go's base64padded: does the text end in '=' (ignoring trailing newlines; index 0 is not looked at)?
function padded(src: Uint8Array): boolean {
  for (let i = src.length - 1; i > 0; i--) {
    if (src[i] === PAD) return true
    if (src[i] !== LF && src[i] !== CR) return false
  }
  return false
}

/** Go's Encoding.Strict().Decode (with or without padding), throwing Go's error text. */
export function base64Decode(src: Uint8Array, map: Uint8Array, withPadding: boolean): Uint8Array {
  const out: number[] = []
  let si = 0
  const dbuf = [0, 0, 0, 0]
  while (si < src.length) {
    // go's decodeQuantum
    let dlen = 4
    dbuf.fill(0)
    let trailing: number | undefined
    for (let j = 0; j < 4; j++) {
      if (src.length === si) {
        if (j === 0) return Uint8Array.from(out)
        if (j === 1 || withPadding) throw corrupt(si - j)
        dlen = j
        break
      }
      const ch = src[si++]
      const v = map[ch]
      if (v !== 0xff) {
        dbuf[j] = v
        continue
      }
      if (ch === LF || ch === CR) {
        j--
        continue
      }
      if (ch !== PAD || !withPadding) throw corrupt(si - 1)
      if (j === 0 || j === 1) throw corrupt(si - 1)
      if (j === 2) {
        while (si < src.length && (src[si] === LF || src[si] === CR)) si++
        if (si === src.length) throw corrupt(src.length)
        if (src[si] !== PAD) throw corrupt(si - 1)
        si++
      }
      while (si < src.length && (src[si] === LF || src[si] === CR)) si++
      if (si < src.length) trailing = si
      dlen = j
      break
    }
    const val = (dbuf[0] << 18) | (dbuf[1] << 12) | (dbuf[2] << 6) | dbuf[3]
    const b0 = (val >> 16) & 0xff
    const b1 = (val >> 8) & 0xff
    const b2 = val & 0xff
    if (dlen === 4) out.push(b0, b1, b2)
    else if (dlen === 3) {
      if (b2 !== 0) throw corrupt(si - 1)
      out.push(b0, b1)
    } else if (dlen === 2) {
      if (b1 !== 0 || b2 !== 0) throw corrupt(si - 2)
      out.push(b0)
    }
    if (trailing !== undefined) throw corrupt(trailing)
  }
  return Uint8Array.from(out)
}

/** Handlers keyed by op name. */
export const handlers: Record<string, OpHandler> = {
  // 0x5e: base64_decode
  base64_decode: (cx, ins) => {
    const f = ins.field
    if (f === undefined || f.version > cx.version) {
      throw new AvmError(`invalid base64_decode encoding ${f?.name ?? `Base64Encoding(${ins.imm[0]})`}`)
    }
    const s = cx.stack
    const src = s[s.length - 1] as Uint8Array
    s[s.length - 1] = base64Decode(src, f.name === 'StdEncoding' ? STD_MAP : URL_MAP, padded(src))
  },
}
