// The evaluator core: step()'s generic checks, the static check, budgets, final-stack rules, error
// formatting and the trace hook. Programs are hand-written bytecode where the point is the bytes,
// and assembled TEAL elsewhere; texts are go-algorand's.
import { describe, expect, it } from 'vitest'
import { assemble } from '../src/assembler/index.ts'
import { checkProgram, evalProgram } from '../src/eval/eval.ts'
import { formatEvalError } from '../src/eval/errors.ts'
import { MODE_APP, MODE_SIG, type EvalEnv } from '../src/eval/context.ts'
import { sigHarnessEnv } from '../src/harness.ts'
import { HANDLERS } from '../src/eval/ops/index.ts'
import { MAX_VERSION, opsFor } from '../src/spec/index.ts'

function asm(source: string, version: number): Uint8Array {
  const r = assemble(`#pragma version ${version}\n#pragma typetrack false\n${source}`)
  if (!r.ok || !r.program) throw new Error(r.errors.map((e) => e.message).join('; '))
  return r.program
}

function hex(h: string): Uint8Array {
  return Uint8Array.from(h.match(/../g)!.map((b) => parseInt(b, 16)))
}

function env(over: Partial<EvalEnv> = {}, lsv = 14, budget?: number): EvalEnv {
  return { ...sigHarnessEnv({ logicSigVersion: lsv, budget }), ...over }
}

describe('evalProgram', () => {
  const cases: { name: string; program: () => Uint8Array; env?: () => EvalEnv; pass?: boolean; error?: string; pc?: number }[] = [
    { name: 'accepts a single non-zero uint64', program: () => asm('int 1', 2), pass: true },
    { name: 'rejects a single zero', program: () => asm('int 0', 2), pass: false },
    { name: 'errors when the stack ends with two values', program: () => asm('int 1; int 1', 2), error: 'stack len is 2 instead of 1' },
    { name: 'errors when the stack ends with bytes', program: () => asm('byte 0x01', 2), error: 'stack finished with bytes not int' },
    { name: 'reports stack underflow with the op name', program: () => asm('int 1; +', 2), error: 'stack underflow in +', pc: 5 },
    { name: 'reports argument type mismatches', program: () => asm('byte 0x01; int 1; +', 2), error: '+ arg 0 wanted uint64 but got []byte' },
    { name: 'refuses an illegal opcode when it is reached', program: () => hex('02ff'), error: 'illegal opcode 0xff', pc: 1 },
    { name: 'refuses a mode-restricted op', program: () => asm('int 0; balance', 2), error: 'balance not allowed in current mode' },
    { name: 'refuses an empty program', program: () => new Uint8Array(0), error: 'invalid program (empty)' },
    { name: 'refuses a program newer than the consensus', program: () => asm('int 1', 8), env: () => env({}, 7), error: 'program version 8 greater than protocol supported version 7' },
    { name: 'refuses everything when LogicSigs are unsupported', program: () => asm('int 1', 1), env: () => env({}, 0), error: 'LogicSig not supported' },
    { name: 'checks the stack before a cut-off immediate', program: () => hex('0557'), error: 'stack underflow in extract' },
    { name: 'fails on a cut-off fixed-size immediate', program: () => hex('0580017857'), error: 'program ends without immediate value(s)', pc: 4 },
    { name: 'fails on a truncated immediate', program: () => hex('0381'), error: 'could not decode int at program[2]' },
    { name: 'stops at the 1000-value stack limit', program: () => asm('int 1; dupn 255; dupn 255; dupn 255; dupn 255', 8), error: 'stack overflow' },
    { name: 'refuses byte strings over 4096 bytes', program: () => asm('int 4096; bzero; byte 0x01; concat; len', 4), error: 'concat produced a too big (4097) byte-array' },
    { name: 'charges dynamic chunk costs', program: () => asm('int 2; dup; +; int 4; ==', 2), pass: true },
    { name: 'stops when the pooled budget runs out', program: () => asm('loop: b loop', 4), env: () => env({}, 14, 100), error: 'dynamic cost budget exceeded, executing b: local program cost was 100' },
    { name: 'ends a v2+ program branching to its end', program: () => asm('int 1; int 1; bnz end; err; end:', 2), pass: true },
    { name: 'runs v13 varint back branches', program: () => asm('int 0; loop: int 1; +; dup; int 5; <; bnz loop; int 5; ==', 13), pass: true },
    { name: 'reports assert failures with the pc', program: () => asm('int 0; assert; int 1', 3), error: 'assert failed pc=6' },
    { name: 'refuses too many LogicSig args', program: () => asm('int 1', 2), env: () => env({ lsigArgs: new Array(256).fill(new Uint8Array(0)) }), error: 'LogicSig has too many arguments' },
  ]
  for (const c of cases) {
    it(c.name, () => {
      const r = evalProgram(c.program(), c.env?.() ?? env())
      if (c.error !== undefined) {
        expect(r.error?.message).toBe(c.error)
        if (c.pc !== undefined) expect(r.error?.pc).toBe(c.pc)
      } else {
        expect(r.error).toBeUndefined()
        expect(r.pass).toBe(c.pass)
      }
    })
  }

  it('charges cost per 32-byte chunk of sha512', () => {
    const r = evalProgram(asm('int 64; bzero; sha512; len', 13), env())
    // intcblock 1 + intc 1 + bzero 1 + sha512 (15 + 2 per 32 bytes) + len 1
    expect(r.cost).toBe(23)
  })

  it('draws down a shared budget across evaluations', () => {
    const budget = { remaining: 8 }
    const program = asm('pushint 1; pushint 2; +', 4)
    expect(evalProgram(program, env({ budget })).cost).toBe(3)
    expect(evalProgram(program, env({ budget })).cost).toBe(3)
    expect(budget.remaining).toBe(2)
    expect(evalProgram(program, env({ budget })).error?.message).toMatch(/^dynamic cost budget exceeded, executing \+/)
  })

  it('caps a ClearState program at its own limit even with pool left', () => {
    const r = evalProgram(asm('int 1; int 1; +; pop; int 1', 4), env({ budget: { remaining: 1000 }, costLimit: 3 }))
    expect(r.error?.message).toBe('dynamic cost budget exceeded, executing +: local program cost was 3')
  })

  it('calls the tracer around every instruction, with the error on the failing one', () => {
    const seen: string[] = []
    const r = evalProgram(asm('pushint 1; pushint 0; /', 3), env({
      tracer: {
        beforeOp: (cx, ins) => seen.push(`before ${ins.spec.name}@${cx.pc}`),
        afterOp: (_cx, ins, error) => seen.push(`after ${ins.spec.name}${error ? `: ${error}` : ''}`),
      },
    }))
    expect(r.error?.message).toBe('/ 0')
    expect(seen).toEqual(['before pushint@1', 'after pushint', 'before pushint@3', 'after pushint', 'before /@5', 'after /: / 0'])
  })
})

describe('handler table', () => {
  it('has a handler for every op of every version', () => {
    const missing: string[] = []
    for (let v = 0; v <= MAX_VERSION; v++) for (const name of opsFor(v).byName.keys()) if (!HANDLERS.has(name)) missing.push(`v${v} ${name}`)
    expect(missing).toEqual([])
  })
})

describe('formatEvalError', () => {
  it('words LogicSig failures as algod does', () => {
    expect(formatEvalError('err opcode executed', { pc: 5, mode: MODE_SIG })).toBe('rejected by logic err=err opcode executed. Details: pc=5')
  })
  it('words app failures in the shape algokit-utils parses', () => {
    expect(formatEvalError('assert failed pc=7', { pc: 7, mode: MODE_APP, appId: 1001 })).toBe(
      'logic eval error: assert failed pc=7. Details: app=1001, pc=7',
    )
  })
  it('is attached to failed evaluations', () => {
    const r = evalProgram(asm('err', 2), env())
    expect(r.errorText).toBe('rejected by logic err=err opcode executed. Details: pc=1')
  })
})

describe('checkProgram', () => {
  const cases: { name: string; program: () => Uint8Array; env?: () => EvalEnv; error?: string }[] = [
    { name: 'passes a well-formed program', program: () => asm('int 1; bnz end; end: int 1', 2) },
    { name: 'refuses illegal opcodes anywhere', program: () => hex('022201ff'), error: 'pc=  3 illegal opcode 0xff' },
    { name: 'refuses ops of the other mode', program: () => asm('int 0; int 1; app_global_put; int 1', 2), error: 'app_global_put not allowed in current mode' },
    { name: 'refuses truncated fixed-size immediates', program: () => hex('0557'), error: 'program ends without immediate value(s)' },
    { name: 'refuses backward branches before v4', program: () => hex('032240fffc'), error: 'negative branch offset -4' },
    { name: 'refuses branch targets past the end', program: () => hex('0222400005'), error: 'pc=  2 branch target 10 outside of program' },
    { name: 'refuses v1 branches to exactly the end', program: () => hex('0122400000'), error: 'branch target 5 outside of program' },
    { name: 'refuses forward branches into an instruction', program: () => hex('04224000018101'), error: 'pc=  7 branch target 6 is not an aligned instruction' },
    { name: 'refuses back branches into an instruction', program: () => hex('0481012240fffb'), error: 'pc=  4 back branch target 2 is not an aligned instruction' },
    { name: 'refuses truncated v13 varint branches', program: () => hex('0d2242'), error: 'program ends without branch target' },
    { name: 'checks pre-v4 static cost against the budget', program: () => asm('byte 0x01; keccak256; keccak256; len', 2), env: () => env({}, 14, 200), error: 'static cost budget of 200 exceeded' },
    { name: 'does not cost-check v4 statically', program: () => asm('byte 0x01; keccak256; keccak256; len', 4), env: () => env({}, 14, 200) },
    { name: 'refuses truncated switch tables', program: () => hex('08228d02000a'), error: 'switch opcode claims to extend beyond program' },
    { name: 'reports LogicSig not supported first', program: () => hex('ff'), env: () => env({}, 0), error: 'LogicSig not supported' },
  ]
  for (const c of cases) {
    it(c.name, () => {
      const e = checkProgram(c.program(), c.env?.() ?? env())
      if (c.error === undefined) expect(e).toBeUndefined()
      else expect(e?.message).toContain(c.error)
    })
  }
})
