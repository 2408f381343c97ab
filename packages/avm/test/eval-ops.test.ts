// Handler semantics at the edges the vector file leaves thin: uint64s around 2^53 (where the
// canonical form switches from number to bigint) and 2^64, byte math, frames, json_ref and
// base64_decode texts. Each program must approve, or fail with go-algorand's text.
import { describe, expect, it } from 'vitest'
import { assemble } from '../src/assembler/index.ts'
import { evalProgram } from '../src/eval/eval.ts'
import { base64Decode } from '../src/eval/ops/base64.ts'
import { sigHarnessEnv } from '../src/harness.ts'

function run(source: string, version = 13): { pass: boolean; error?: string } {
  const r = assemble(`#pragma version ${version}\n#pragma typetrack false\n${source}`)
  if (!r.ok || !r.program) throw new Error(r.errors.map((e) => e.message).join('; '))
  const out = evalProgram(r.program, sigHarnessEnv())
  return { pass: out.pass, error: out.error?.message }
}

const MAX = '18446744073709551615'
const SAFE = '9007199254740991'

const cases: { name: string; source: string; version?: number; error?: string }[] = [
  // uint64 arithmetic across the number/bigint boundary
  { name: '+ crosses 2^53 into bigint exactly', source: `int ${SAFE}; int 2; +; int 9007199254740993; ==` },
  { name: '+ overflows at 2^64', source: `int ${MAX}; int 1; +`, error: '+ overflowed' },
  { name: '- comes back to a small number', source: `int 9007199254740993; int 9007199254740990; -; int 3; ==` },
  { name: '- refuses negative results', source: 'int 1; int 2; -', error: '- would result negative' },
  { name: '* overflows at 2^64', source: 'int 4294967296; dup; *', error: '* overflowed' },
  { name: '* of large values stays exact', source: `int 4294967295; int 4294967297; *; int ${MAX}; ==` },
  { name: '/ by zero', source: 'int 1; int 0; /', error: '/ 0' },
  { name: '% by zero', source: 'int 1; int 0; %', error: '% 0' },
  { name: '/ on bigints floors', source: `int ${MAX}; int 2; /; int 9223372036854775807; ==` },
  { name: '~ of zero is the max', source: `int 0; ~; int ${MAX}; ==` },
  { name: '| & ^ keep all 64 bits', source: `int ${MAX}; int 1; ^; int 18446744073709551614; ==` },
  { name: 'mulw splits the 128-bit product', source: `int ${MAX}; dup; mulw; int 1; ==; assert; int 18446744073709551614; ==`, version: 3 },
  { name: 'addw carries', source: `int ${MAX}; int 2; addw; int 1; ==; swap; int 1; ==; &&`, version: 3 },
  { name: 'divmodw divides 128 bits', source: 'int 1; int 0; int 0; int 2; divmodw; int 0; ==; assert; int 0; ==; assert; int 9223372036854775808; ==; assert; int 0; ==', version: 4 },
  { name: 'divmodw by zero', source: 'int 1; int 0; int 0; int 0; divmodw', error: '/ 0', version: 4 },
  { name: 'divw refuses an overflowing quotient', source: 'int 2; int 0; int 2; divw', error: 'divw overflow: 2 <= 2', version: 6 },
  { name: 'shl drops bits past 64', source: `int ${MAX}; int 63; shl; int 9223372036854775808; ==`, version: 4 },
  { name: 'shl refuses shifts over 63', source: 'int 1; int 64; shl', error: 'shl arg too big, (64)', version: 4 },
  { name: 'sqrt of the max', source: `int ${MAX}; sqrt; int 4294967295; ==`, version: 4 },
  { name: 'exp reaches the top exactly', source: 'int 2; int 63; exp; int 9223372036854775808; ==', version: 4 },
  { name: 'exp overflows', source: 'int 2; int 64; exp', error: '2^64 overflow', version: 4 },
  { name: '0^0 is undefined', source: 'int 0; int 0; exp', error: '0^0 is undefined', version: 4 },
  { name: 'expw holds 2^127', source: 'int 2; int 127; expw; int 0; ==; assert; int 9223372036854775808; ==', version: 4 },
  { name: 'bitlen of bytes counts from the first set bit', source: 'byte 0x0001ff; bitlen; int 9; ==', version: 4 },
  { name: 'itob/btoi round-trip a bigint', source: `int ${MAX}; itob; btoi; int ${MAX}; ==` },
  { name: 'btoi refuses 9 bytes', source: 'byte 0x010203040506070809; btoi', error: 'btoi arg too long, got 9 bytes' },
  { name: '== refuses mixed types', source: 'int 1; byte 0x01; ==', error: 'cannot compare (uint64 to []byte)' },
  // byte math
  { name: 'b+ carries into a new byte', source: 'byte 0xff; byte 0x01; b+; byte 0x0100; ==', version: 4 },
  { name: 'b- refuses negative results', source: 'byte 0x01; byte 0x02; b-', error: 'byte math would have negative result', version: 4 },
  { name: 'b/ by zero', source: 'byte 0x01; byte 0x00; b/', error: 'division by zero', version: 4 },
  { name: 'b% by zero', source: 'byte 0x01; byte 0x; b%', error: 'modulo by zero', version: 4 },
  { name: 'b== ignores leading zeros', source: 'byte 0x0001; byte 0x01; b==', version: 4 },
  { name: 'b| pads the shorter operand on the left', source: 'byte 0x0f00; byte 0xf0; b|; byte 0x0ff0; ==', version: 4 },
  { name: 'byte math refuses over 64 bytes', source: 'int 65; bzero; byte 0x01; b+', error: 'math attempted on large byte-array', version: 4 },
  // byte strings
  { name: 'extract with length 0 takes the rest', source: 'byte 0x010203; extract 1 0; byte 0x0203; ==', version: 5 },
  { name: 'extract3 refuses an end past uint64', source: `byte 0x01; int 1; int ${MAX}; extract3`, error: 'extraction end exceeds uint64', version: 5 },
  { name: 'setbit does not change the original', source: 'byte 0x00; dup; int 7; int 1; setbit; byte 0x01; ==; assert; byte 0x00; ==', version: 3 },
  { name: 'setbit on a uint64 past 63', source: 'int 0; int 64; int 1; setbit', error: 'setbit index > 63 with Uint', version: 3 },
  { name: 'replace3 refuses to grow the string', source: 'byte 0x0102; int 1; byte 0x0304; replace3', error: 'replacement end 3 beyond original length: 2', version: 7 },
  { name: 'bzero refuses over 4096', source: 'int 4097; bzero', error: 'bzero attempted to create a too large string', version: 4 },
  // stack, scratch, flow
  { name: 'cover and uncover are inverses', source: 'int 1; int 2; int 3; cover 2; uncover 2; int 3; ==; assert; pop', version: 5 },
  { name: 'stores refuses slot 256', source: 'int 256; int 1; stores', error: 'invalid Scratch index 256', version: 5 },
  { name: 'switch past its labels falls through', source: 'int 5; switch a b; int 1; return; a: err; b: err', version: 8 },
  { name: 'match compares bytes and ints by type', source: 'int 1; byte 0x01; byte 0x01; match a b; err; a: err; b: int 1', version: 8 },
  { name: 'proto frames return values over their args', source: 'int 7; int 8; callsub f; int 15; ==; return; f: proto 2 1; frame_dig -1; frame_dig -2; +; retsub', version: 8 },
  { name: 'retsub without callsub', source: 'retsub', error: 'retsub with empty callstack', version: 4 },
  { name: 'arg beyond the LogicSig args', source: 'arg 0', error: 'cannot load arg[0] of 0' },
  // json_ref and base64_decode
  { name: 'json_ref reads a nested uint', source: 'byte "{\\"a\\": {\\"b\\": 18446744073709551615}}"; byte "a"; json_ref JSONObject; byte "b"; json_ref JSONUint64; int 18446744073709551615; ==', version: 7 },
  { name: 'json_ref decodes escapes in strings', source: 'byte "{\\"a\\": \\"\\\\u00e9\\\\n\\"}"; byte "a"; json_ref JSONString; byte 0xc3a90a; ==', version: 7 },
  { name: 'json_ref refuses a null value', source: 'byte "{\\"a\\": null}"; byte "a"; json_ref JSONString', error: 'unexpected end of JSON input', version: 7 },
  { name: 'json_ref refuses a leading-zero number', source: 'byte "{\\"a\\": 01}"; byte "a"; json_ref JSONUint64', error: 'error while parsing JSON text, invalid json text', version: 7 },
  { name: 'json_ref passes raw control characters elsewhere in the text', source: 'byte "{\\"a\\": 1, \\"b\\": \\"x\\ty\\"}"; byte "a"; json_ref JSONUint64', version: 7 },
  { name: 'json_ref refuses a raw control character in the value', source: 'byte "{\\"b\\": \\"x\\ty\\"}"; byte "b"; json_ref JSONString', error: "invalid character '\\t' in string literal", version: 7 },
  { name: 'json_ref refuses a bad \\u escape in the value', source: 'byte "{\\"b\\": \\"\\\\u12x4\\"}"; byte "b"; json_ref JSONString', error: "invalid character 'x' in \\u hexadecimal character escape", version: 7 },
  { name: 'json_ref replaces each invalid UTF-8 byte', source: 'byte 0x7b2262223a2278e28279227d; byte "b"; json_ref JSONString; byte 0x78efbfbdefbfbd79; ==', version: 7 },
  { name: 'json_ref decodes a surrogate pair and replaces a lone one', source: 'byte "{\\"b\\": \\"\\\\uD801\\\\udc37\\\\uD800\\"}"; byte "b"; json_ref JSONString; byte 0xf09090b7efbfbd; ==', version: 7 },
  { name: 'base64_decode reads padded standard text', source: 'byte "aGk="; base64_decode StdEncoding; byte "hi"; ==', version: 7 },
  { name: 'base64_decode reads unpadded URL text', source: 'byte "-_8"; base64_decode URLEncoding; byte 0xfbff; ==', version: 7 },
  { name: 'base64_decode refuses non-zero trailing bits', source: 'byte "aGl="; base64_decode StdEncoding', error: 'illegal base64 data at input byte 3', version: 7 },
]

describe('handlers', () => {
  for (const c of cases) {
    it(c.name, () => {
      const r = run(c.source, c.version)
      if (c.error === undefined) {
        expect(r.error).toBeUndefined()
        expect(r.pass).toBe(true)
      } else expect(r.error).toBe(c.error)
    })
  }
})

describe('base64Decode', () => {
  const std = new Uint8Array(256).fill(0xff)
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split('').forEach((ch, i) => (std[ch.charCodeAt(0)] = i))
  const enc = (s: string): Uint8Array => new TextEncoder().encode(s)
  const cases: { name: string; text: string; padded: boolean; out?: string; error?: string }[] = [
    { name: 'skips newlines anywhere', text: 'aG\r\nk=', padded: true, out: '6869' },
    { name: 'wants the second pad of "=="', text: 'aA=', padded: true, error: 'illegal base64 data at input byte 3' },
    { name: 'refuses a pad too early', text: 'a===', padded: true, error: 'illegal base64 data at input byte 1' },
    { name: 'refuses text after the padding', text: 'aGk=aGk=', padded: true, error: 'illegal base64 data at input byte 4' },
    { name: 'refuses padding when the text is unpadded', text: 'aGk=a', padded: false, error: 'illegal base64 data at input byte 3' },
    { name: 'refuses one dangling character', text: 'aGkaa', padded: false, error: 'illegal base64 data at input byte 4' },
    { name: 'refuses characters outside the alphabet', text: 'aG-k', padded: false, error: 'illegal base64 data at input byte 2' },
  ]
  for (const c of cases) {
    it(c.name, () => {
      if (c.error !== undefined) expect(() => base64Decode(enc(c.text), std, c.padded)).toThrow(c.error)
      else expect(Buffer.from(base64Decode(enc(c.text), std, c.padded)).toString('hex')).toBe(c.out)
    })
  }
})
