import { describe, expect, it } from 'vitest'
import { assemble, formatAssemblyError, isEdwards25519Point, programHashOnCurve } from '../src/assembler/index.ts'
import { buildSourceMap } from '../src/assembler/source-map.ts'
import {
  base32DecodeAnyPadding,
  base64Decode,
  decodeAddress,
  encodeAddress,
  goQuote,
  hexDecode,
  parseStringLiteral,
  parseUint,
} from '../src/assembler/literals.ts'
import { tokensFromLine } from '../src/assembler/tokens.ts'

const hex = (b?: Uint8Array): string => Buffer.from(b ?? []).toString('hex')
const firstError = (src: string, version?: number): string => {
  const r = assemble(src, version === undefined ? {} : { version })
  return r.errors.length > 0 ? formatAssemblyError(r.errors[0]) : 'no error'
}

describe('assemble', () => {
  it.each([
    ['int 1', undefined, '01200101' + '22'],
    ['#pragma version 8\nint 1\nint 2\n+', undefined, '0881018102' + '08'],
    ['#pragma version 8\nint 1\nint 1\n+', undefined, '0820010122' + '2208'],
    ['#pragma version 8\nint 7\nint 7\n+', undefined, '0820010722' + '2208'],
    ['#pragma version 8\nbyte "hi"\nbyte 0x6869\n==', undefined, '0826010268692828' + '12'],
    ['#pragma version 8\nint pay\nint NoOp\n==', undefined, '0881018100' + '12'],
    ['#pragma version 8\nmethod "add(uint64,uint64)uint64"', undefined, '088004fe6bdf69'],
    ['#pragma version 13\n#pragma autosalt false\nb l\nl:\nint 1', undefined, '0d420081' + '01'],
    ['#pragma version 12\nb l\nl:\nint 1', undefined, '0c420000' + '8101'],
    ['int 1', 14, undefined],
  ])('assembles %j (version %s) to %s', (src, version, want) => {
    const r = assemble(src, version === undefined ? {} : { version })
    expect(r.errors).toEqual([])
    if (want !== undefined) expect(hex(r.program)).toBe(want)
  })

  it.each([
    ['#pragma version 8\nint 1\n+', '3: + expects 2 stack arguments but stack height is 1'],
    ['#pragma version 8\nbyte "hello"\nint 1\n+', '4: + arg 0 wanted type uint64 got [5]byte'],
    ['#pragma version 6\njson_ref JSONString', '2: json_ref opcode was introduced in v7'],
    ['#pragma version 3\nint 1', 'version mismatch'],
    ['frobnicate', '1: unknown opcode: frobnicate'],
    ['#pragma version 8\nb nowhere', '2:2: reference to undefined label "nowhere"'],
    ['byte 0x123', '1:5: byte encoding/hex: odd length hex string'],
  ])('reports %j as %s', (src, want) => {
    const version = want === 'version mismatch' ? 4 : undefined
    expect(firstError(src, version)).toContain(want)
  })

  it('turns type tracking off with #pragma typetrack false', () => {
    expect(assemble('#pragma version 8\n#pragma typetrack false\nbyte "x"\nint 1\n+').ok).toBe(true)
  })

  it('defaults to version 1 without pragma or option', () => {
    const r = assemble('int 1')
    expect(r.version).toBe(1)
    expect(r.program?.[0]).toBe(1)
  })

  it('salts an on-curve v13 program with a trailing intcblock', () => {
    const r = assemble('#pragma version 13\npushint 12')
    expect(hex(r.program)).toBe('0d810c200100')
    expect(programHashOnCurve(Uint8Array.from([0x0d, 0x81, 0x0c]))).toBe(true)
    expect(programHashOnCurve(r.program as Uint8Array)).toBe(false)
  })

  it('warns when autosalt is forced off for an on-curve program', () => {
    const r = assemble('#pragma version 13\n#pragma autosalt false\npushint 12')
    expect(r.warnings).toEqual(['2: #pragma autosalt false leaves program hash on curve'])
  })

  it('maps program counters to source lines and builds algod-style source maps', () => {
    const r = assemble('#pragma version 8\npushint 1\n\npushint 2 // two\n+')
    expect([...r.pcToLine]).toEqual([
      [1, 2],
      [3, 4],
      [5, 5],
    ])
    expect(r.sourceMap).toEqual({ version: 3, sources: ['<body>'], names: [], mappings: ';AACA;;AAEA;;AACA' })
  })

  it.each([
    ['err', [[1, 1]]],
    ['err\n// comment\nerr; err\n', [[1, 1], [2, 3], [3, 3]]],
    ['err\nb label1\nerr\nlabel1:\n  err\n', [[1, 1], [2, 2], [4, 3], [5, 5]]],
    ['pushint 0\n// comment\n!\n', [[1, 1], [3, 3]]],
  ])('records instruction starts like go (TestAssembleOffsets): %j', (src, want) => {
    expect([...assemble(src, { version: 14 }).pcToLine]).toEqual(want)
  })

  it('encodes source map segments like go-algorand (TestGetSourceMap)', () => {
    const locations = new Map(
      (
        [
          [1, 1, 0],
          [2, 2, 0],
          [5, 3, 0],
          [6, 3, 1],
          [7, 4, 0],
          [8, 5, 5],
          [9, 5, 6],
          [10, 6, 0],
        ] as const
      ).map(([pc, line, column]) => [pc, { line, column }]),
    )
    expect(buildSourceMap(['test.teal'], locations).mappings).toBe(';AACA;AACA;;;AACA;AAAC;AACD;AACK;AAAC;AACN')
  })

  it.each([
    ['"add(uint64,uint64)uint64"', []],
    ['"pay(pay,account,(uint8,byte[4])[])void"', []],
    ['"add(uint64,uint63)void"', ['2:7: invalid ARC-4 ABI method signature for method op: Error parsing argument type at index 1: unsupported uint type bitSize: 63']],
    ['"add"', ['2:7: invalid ARC-4 ABI method signature for method op: No parenthesis in method signature: "add"']],
    ['"f()foo"', ['2:7: invalid ARC-4 ABI method signature for method op: Error parsing return type: cannot convert the string "foo" to an ABI type']],
  ])('warns about invalid ARC-4 signature %s', (sig, warnings) => {
    const r = assemble(`#pragma version 8\nmethod ${sig}`)
    expect(r.ok).toBe(true)
    expect(r.warnings).toEqual(warnings)
  })

  it('formats errors as go does, omitting a zero column', () => {
    expect(formatAssemblyError({ line: 3, column: 4, message: 'x' })).toBe('3:4: x')
    expect(formatAssemblyError({ line: 3, column: 0, message: 'x' })).toBe('3: x')
  })

  it('reports byte columns for lines with multi-byte characters', () => {
    const r = assemble('#pragma version 8\nbyte "é" ; frob', {})
    expect(r.errors[0]).toMatchObject({ line: 2, column: 12, message: 'unknown opcode: frob' })
  })
})

describe('tokensFromLine', () => {
  it.each([
    ['int 1 // c', ['int', '1']],
    ['byte "a b // c"  // d', ['byte', '"a b // c"']],
    ['byte base64(ab//cd)', ['byte', 'base64(ab//cd)']],
    ['byte b64 ab//cd', ['byte', 'b64', 'ab//cd']],
    ['int 1; int 2', ['int', '1', ';', 'int', '2']],
  ])('splits %j', (line, want) => {
    expect(tokensFromLine(line, 1).map((t) => t.str)).toEqual(want)
  })
})

describe('Go-compatible literal parsing', () => {
  it.each([
    ['0x10', 16n],
    ['010', 8n],
    ['0o10', 8n],
    ['0b11', 3n],
    ['1_000', 1000n],
    ['18446744073709551615', 18446744073709551615n],
  ])('parses uint %s', (s, want) => {
    expect(parseUint(s)).toEqual({ ok: true, value: want })
  })

  it.each([
    ['18446744073709551616', 'strconv.ParseUint: parsing "18446744073709551616": value out of range'],
    ['"1"', 'strconv.ParseUint: parsing "\\"1\\"": invalid syntax'],
    ['1__0', 'strconv.ParseUint: parsing "1__0": invalid syntax'],
  ])('rejects uint %s', (s, error) => {
    expect(parseUint(s)).toEqual({ ok: false, error })
  })

  it('decodes base32 with or without padding and blames the bad byte', () => {
    expect(hex((base32DecodeAnyPadding('MFRGG') as { value: Uint8Array }).value)).toBe('616263')
    expect(hex((base32DecodeAnyPadding('MFRGG===') as { value: Uint8Array }).value)).toBe('616263')
    expect(base32DecodeAnyPadding('MF1GG')).toMatchObject({ ok: false, error: 'illegal base32 data at input byte 2' })
  })

  it('decodes base64 and blames the bad byte', () => {
    expect(hex((base64Decode('aGk=') as { value: Uint8Array }).value)).toBe('6869')
    expect(base64Decode('aGk')).toMatchObject({ ok: false, error: 'illegal base64 data at input byte 0' })
    expect(base64Decode('aG!=')).toMatchObject({ ok: false, error: 'illegal base64 data at input byte 2' })
  })

  it('reports hex errors with Go texts', () => {
    expect(hexDecode('0g')).toEqual({ ok: false, error: "encoding/hex: invalid byte: U+0067 'g'" })
    expect(hexDecode('abc')).toEqual({ ok: false, error: 'encoding/hex: odd length hex string' })
  })

  it('unescapes string literals', () => {
    expect(hex((parseStringLiteral('"a\\n\\x41\\""') as { value: Uint8Array }).value)).toBe('610a4122')
    expect(parseStringLiteral('"\\q"')).toEqual({ ok: false, error: 'invalid escape sequence \\q' })
  })

  it('round-trips addresses and checks their checksum', () => {
    const pk = new Uint8Array(32).fill(7)
    const addr = encodeAddress(pk)
    expect(decodeAddress(addr)).toEqual({ ok: true, value: pk })
    const bad = addr.slice(0, -1) + (addr.endsWith('A') ? 'B' : 'A')
    expect(decodeAddress(bad).ok).toBe(false)
  })

  it('quotes like Go %#v', () => {
    expect(goQuote('a"b\\\n\x01')).toBe('"a\\"b\\\\\\n\\x01"')
  })

  it('recognises the ed25519 base point encoding as on the curve', () => {
    const base = Uint8Array.from(Buffer.from('5866666666666666666666666666666666666666666666666666666666666666', 'hex'))
    expect(isEdwards25519Point(base)).toBe(true)
  })
})
