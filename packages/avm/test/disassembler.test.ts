import { describe, expect, it } from 'vitest'
import { assemble } from '../src/assembler/index.ts'
import { disassemble } from '../src/disassembler/index.ts'

const bytes = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, 'hex'))

describe('disassemble', () => {
  it.each([
    ['0120010122', '#pragma version 1\nintcblock 1\nintc_0 // 1\n'],
    ['08800568656c6c6f', '#pragma version 8\npushbytes 0x68656c6c6f // "hello"\n'],
    ['0c4200008101', '#pragma version 12\nb label1\nlabel1:\npushint 1\n'],
    ['0d81014200', '#pragma version 13\n#pragma autosalt false\npushint 1\nb label1\nlabel1:\n'],
    ['0c8a0000', '#pragma version 12\nlabel1:\nproto 0 0\n'],
  ])('disassembles %s', (hex, text) => {
    expect(disassemble(bytes(hex))).toBe(text)
  })

  it('labels a v13 back jump counted from the branch start', () => {
    const program = assemble('#pragma version 13\n#pragma autosalt false\ntop:\npushint 1\nbnz top\nint 1').program as Uint8Array
    expect(disassemble(program)).toContain('label1:\npushint 1\nbnz label1\n')
  })

  it('adds #pragma autosalt false when the program would hash on the curve', () => {
    expect(disassemble(bytes('0d810c'))).toBe('#pragma version 13\n#pragma autosalt false\npushint 12\n')
    expect(disassemble(bytes('0d810c200100'))).not.toContain('autosalt')
  })

  it.each([
    ['01ff', 'illegal opcode 0xff'],
    ['0dd4', 'prefix opcode 0xd4 missing sub-opcode'],
    ['0dd463', 'prefix opcode 0xd4 with improper sub-opcode 0x63'],
    ['0131', 'program end while reading immediate f for txn'],
    ['01317f', 'invalid immediate f for txn: 127'],
    ['0c42', 'program end while reading label for b'],
  ])('rejects %s with %s', (hex, message) => {
    expect(() => disassemble(bytes(hex))).toThrow(message)
  })

  it('comments on unreadable or unsupported versions instead of throwing', () => {
    expect(disassemble(bytes('63'))).toBe('// unsupported version 99\n')
    expect(disassemble(bytes('ff'))).toBe('// invalid version\n')
  })

  it.each([1, 4, 8, 12, 13, 14])('round-trips a branchy, constant-heavy program at v%i', (v) => {
    const src = [
      'int 5', 'int 5', 'byte "k"', 'byte "k"', 'pop', 'pop', '+', 'dup', 'bz skip', 'int 9', '+', 'skip:',
      v >= 4 ? 'callsub sub' : 'int 1', v >= 4 ? 'b end' : '+', v >= 4 ? 'sub: retsub' : '', 'end:', 'int 1', 'return',
    ].filter((l) => v >= 2 || !/^(bz|return)/.test(l)).join('\n')
    const r = assemble(src, { version: v })
    expect(r.errors).toEqual([])
    const again = assemble('#pragma typetrack false\n' + disassemble(r.program as Uint8Array))
    expect(again.errors).toEqual([])
    expect(Buffer.from(again.program as Uint8Array).equals(Buffer.from(r.program as Uint8Array))).toBe(true)
  })

  // go-algorand assembler_test.go: TestDisassembleSingleOp, Txna, Gtxna, PushConst, LastLabel, Bytecblock.
  const versions = (from: number): number[] => Array.from({ length: 15 - from }, (_, i) => from + i)
  const cases: [string, string, string?][] = [
    ...versions(1).map((v): [string, string] => [`#pragma version ${v}\narg_0\n`, `#pragma version ${v}\narg_0\n`]),
    ...versions(2).flatMap((v): [string, string][] => [
      [`#pragma version ${v}\ntxn Sender\n`, `#pragma version ${v}\ntxn Sender\n`],
      [`#pragma version ${v}\ntxn Accounts 0\n`, `#pragma version ${v}\ntxna Accounts 0\n`],
      [`#pragma version ${v}\ngtxn 0 Accounts 0\n`, `#pragma version ${v}\ngtxna 0 Accounts 0\n`],
      [`#pragma version ${v}\nintcblock 1\nintc_0 // 1\nbnz label1\nlabel1:\n`, `#pragma version ${v}\nintcblock 1\nintc_0 // 1\nbnz label1\nlabel1:\n`],
    ]),
    ['#pragma version 14\npushbytes "a"\n', '#pragma version 14\npushbytes 0x61 // "a"\n'],
    [
      '#pragma version 14\nbytecblock 0x6869 0x414243 0x74657374 0x666f7572 0x6c617374\nbytec_0 // "hi"\nbytec 4 // "last"\npushbytess 0x6576696c\n',
      '#pragma version 14\nbytecblock 0x6869 0x414243 0x74657374 0x666f7572 0x6c617374\nbytec_0 // "hi"\nbytec 4 // "last"\npushbytess 0x6576696c\n',
    ],
  ]
  it.each(cases)('disassembles the assembly of %j as go does', (source, want) => {
    const r = assemble(source)
    expect(r.errors).toEqual([])
    const text = disassemble(r.program as Uint8Array)
    // A program salted with a trailing intcblock disassembles to the source plus that block.
    if (text !== want) expect(text.startsWith(want) && /^intcblock \d+\n$/.test(text.slice(want.length)), text).toBe(true)
  })

  it.each(versions(8))('labels a dead subroutine so it reassembles (v%i)', (v) => {
    const src = `#pragma version ${v}\nb main\ndead_sub:\nproto 2 1\nframe_dig -2\nframe_dig -1\n+\nretsub\nmain:\nint 1\n`
    const program = assemble(src).program as Uint8Array
    expect(hexOf(assemble(disassemble(program)).program)).toBe(hexOf(program))
  })

  it.each([
    ['0240', true],
    ['024001', true],
    ['02400005', false],
    ['0240ff02', false],
    ['0240000100', false],
    ['0dd401', false],
  ])('disassembles odd branch bytes %s (throws: %s) like go', (h, throws) => {
    if (throws) expect(() => disassemble(bytes(h))).toThrow()
    else expect(() => disassemble(bytes(h))).not.toThrow()
  })

  it.each([
    ['switch', 4, 'could not decode labels for switch'],
    ['switch', 5, 'could not decode label count for switch'],
    ['switch', 1, 'could not decode labels for switch'],
    ['match', 5, 'could not decode label count for match'],
    ['match', 1, 'could not decode labels for match'],
  ])('reports a truncated %s (%i bytes cut) as go does', (op, cut, message) => {
    const src = op === 'switch' ? 'int 1\nswitch label1 label2\nlabel1:\nlabel2:' : 'int 40\nint 45\nint 40\nmatch label1 label2\nlabel1:\nlabel2:'
    const program = assemble(src, { version: 14 }).program as Uint8Array
    expect(() => disassemble(program.slice(0, program.length - cut))).toThrow(message)
  })
})

const hexOf = (b?: Uint8Array): string => Buffer.from(b ?? []).toString('hex')

