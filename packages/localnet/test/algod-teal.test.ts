import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { assemble } from '@grove/avm'
import { tealCompile, tealDisassemble } from '../src/algod/handlers/teal.ts'
import { AlgodError } from '../src/algod/errors.ts'
import type { AlgodRequest } from '../src/algod/http.ts'

function request(body: string | Uint8Array, query = ''): AlgodRequest {
  return {
    method: 'POST',
    path: '/v2/teal/compile',
    params: {},
    query: new URLSearchParams(query),
    headers: {},
    body: typeof body === 'string' ? new TextEncoder().encode(body) : body,
  }
}

function refusal(fn: () => unknown): AlgodError {
  try {
    fn()
  } catch (e) {
    if (e instanceof AlgodError) return e
    throw e
  }
  throw new Error('expected a refusal')
}

const PROGRAMS = ['#pragma version 10\nint 1\nreturn\n', '#pragma version 8\nbyte "hi"\nlog\nint 1\n', 'int 1\n']

describe('POST /v2/teal/compile', () => {
  for (const source of PROGRAMS) {
    it(`returns @grove/avm's bytes and the program address for ${JSON.stringify(source.slice(0, 20))}`, () => {
      const reply = tealCompile(request(source))
      const body = JSON.parse(reply.body as string) as { hash: string; result: string; sourcemap?: unknown }
      const expected = assemble(source).program as Uint8Array
      expect(body.result).toBe(algosdk.bytesToBase64(expected))
      expect(body.hash).toBe(new algosdk.LogicSigAccount(expected).address().toString())
      expect(body.sourcemap).toBeUndefined()
    })
  }

  it('adds the source map when sourcemap=true', () => {
    const body = JSON.parse(tealCompile(request(PROGRAMS[0] as string, 'sourcemap=true')).body as string) as { sourcemap: { version: number; sources: string[]; mappings: string } }
    expect(body.sourcemap.version).toBe(3)
    expect(body.sourcemap.sources).toEqual(['<body>'])
    expect(body.sourcemap.mappings).toBe(assemble(PROGRAMS[0] as string).sourceMap.mappings)
  })

  it('reports a lone error with go\'s "1 error:" prefix', () => {
    const err = refusal(() => tealCompile(request('#pragma version 10\nnot_an_op\n')))
    expect(err.status).toBe(400)
    expect(err.message).toBe('1 error: 2: unknown opcode: not_an_op\n')
  })

  it('lists several errors one per line', () => {
    const err = refusal(() => tealCompile(request('#pragma version 10\nfoo\nbar\n')))
    expect(err.message).toBe('2: unknown opcode: foo\n3: unknown opcode: bar\n')
  })

  it('refuses a sourcemap flag that is not a boolean', () => {
    const err = refusal(() => tealCompile(request('int 1\n', 'sourcemap=maybe')))
    expect(err.status).toBe(400)
    expect(err.message).toContain('Invalid format for parameter sourcemap')
  })
})

describe('POST /v2/teal/disassemble', () => {
  it('turns bytecode back into source that reassembles to the same bytes', () => {
    const program = assemble(PROGRAMS[1] as string).program as Uint8Array
    const text = (JSON.parse(tealDisassemble(request(program)).body as string) as { result: string }).result
    expect(assemble(text).program).toEqual(program)
  })

  it('refuses a program with an unknown opcode with 400', () => {
    const err = refusal(() => tealDisassemble(request(new Uint8Array([10, 0xff]))))
    expect(err.status).toBe(400)
  })
})
