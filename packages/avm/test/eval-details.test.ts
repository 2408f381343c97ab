// Detailed evaluation errors (go's Tracer.DetailedEvalErrors, on in simulate and, with
// EnableDeveloperAPI, on send): `Details: app=N, pc=P, opcodes=<the failing op and up to two before
// it, disassembled>`, as go's evalError and pcDetails (data/transactions/logic/eval.go) build them.
import { describe, expect, it } from 'vitest'
import { assemble } from '../src/assembler/index.ts'
import { pcDetails } from '../src/disassembler/disassembler.ts'
import { evalProgram } from '../src/eval/eval.ts'
import { formatEvalError } from '../src/eval/errors.ts'
import { MODE_APP, MODE_SIG } from '../src/eval/context.ts'
import { appHarnessEnv, sigHarnessEnv } from '../src/harness.ts'

function program(source: string): Uint8Array {
  const r = assemble(source)
  if (!r.ok) throw new Error(JSON.stringify(r.errors))
  return r.program as Uint8Array
}

// go's TestEvalErrorAttributes program (evalStateful_test.go: notrack, version 5)
const BAD = program(`#pragma version 5
#pragma typetrack false
byte 0x04040004; log
int 5; store 10
byte 0x01020300; store 15
int 100; byte 0x0201; ==
`)

describe('detailed evaluation errors', () => {
  it("matches go-algorand's own test byte for byte: the failing == and the two ops before it", () => {
    const r = evalProgram(BAD, { ...appHarnessEnv({ appId: 5000 }), detailedErrors: true })
    expect(r.errorText).toBe('logic eval error: cannot compare (uint64 to []byte). Details: app=5000, pc=26, opcodes=pushint 100; pushbytes 0x0201 // 0x0201; ==')
  })

  it('keeps the short form without them, as algod without a detailed tracer', () => {
    const r = evalProgram(BAD, appHarnessEnv({ appId: 5000 }))
    expect(r.errorText).toBe('logic eval error: cannot compare (uint64 to []byte). Details: app=5000, pc=26')
  })

  it('words a LogicSig failure with its opcodes and no app', () => {
    const r = evalProgram(program('#pragma version 10\nint 1\nint 2\n+\nerr'), { ...sigHarnessEnv(), detailedErrors: true })
    expect(r.errorText).toBe('rejected by logic err=err opcode executed. Details: pc=6, opcodes=pushint 2; +; err')
  })

  it('takes fewer than two ops before the first instructions, and the labels among them as go prints them', () => {
    const p = program('#pragma version 10\npushint 1\nbnz skip\nskip:\nerr\nend:\nint 1')
    // err follows the label it is a target of; the next op's label is part of its text in go's disassembly
    expect(pcDetails(p, 1)).toBe('pushint 1')
    expect(pcDetails(p, 6)).toBe('pushint 1; bnz label1; label1:; err')
    expect(pcDetails(p, 3)).toBe('pushint 1; bnz label1; label1:')
  })

  it('is empty where no instruction starts (the end of the program, inside an immediate) or the bytes do not disassemble', () => {
    const p = program('#pragma version 10\npushint 1\npushint 2')
    expect(pcDetails(p, p.length)).toBe('')
    expect(pcDetails(p, 2)).toBe('')
    expect(pcDetails(Uint8Array.from([10, 0xff]), 1)).toBe('')
    expect(formatEvalError('stack len is 2 instead of 1', { pc: p.length, mode: MODE_APP, appId: 7, opcodes: pcDetails(p, p.length) })).toBe(
      `logic eval error: stack len is 2 instead of 1. Details: app=7, pc=${p.length}, opcodes=`,
    )
    expect(formatEvalError('x', { pc: 1, mode: MODE_SIG, opcodes: '' })).toBe('rejected by logic err=x. Details: pc=1, opcodes=')
  })
})
