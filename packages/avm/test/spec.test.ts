import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { GENERATED_PATH, LANGSPEC_DIR, generateSpecSource, parseCost } from '../scripts/gen-spec.ts'
import { MAX_VERSION, fieldByName, fieldByValue, fieldGroup, opAt, opSpecError, opsFor } from '../src/spec/index.ts'

describe('spec table', () => {
  it('generated file equals a fresh generation from langspec', () => {
    expect(fs.readFileSync(GENERATED_PATH, 'utf8')).toBe(generateSpecSource(LANGSPEC_DIR))
  })

  it('reproduces each langspec version exactly (names, opcodes, stack types, costs, immediates)', () => {
    for (let v = 1; v <= 13; v++) {
      const lang = JSON.parse(fs.readFileSync(`${LANGSPEC_DIR}/langspec_v${v}.json`, 'utf8')) as {
        Ops: { Opcode: number | number[]; Name: string; Args?: string[]; Returns?: string[]; DocCost: string; ImmediateNote?: unknown[] }[]
      }
      const table = opsFor(v)
      expect(table.byName.size, `v${v}`).toBe(lang.Ops.length)
      for (const op of lang.Ops) {
        const mine = table.byName.get(op.Name)
        const opcode = mine?.subOpcode === undefined ? mine?.opcode : [mine.opcode, mine.subOpcode]
        expect(opcode, `${op.Name} v${v}`).toEqual(op.Opcode)
        expect(mine?.args).toEqual(op.Args ?? [])
        expect(mine?.returns).toEqual(op.Returns ?? [])
        expect(mine?.docCost).toBe(op.DocCost)
        expect(mine?.immediates.length).toBe(op.ImmediateNote?.length ?? 0)
      }
    }
    expect(opsFor(14).byName.size).toBe(opsFor(13).byName.size + 1)
    expect(opsFor(0).byName).toEqual(opsFor(1).byName)
  })

  it('gives every op of every version a doc and a cost', () => {
    for (let v = 1; v <= MAX_VERSION; v++) {
      for (const op of opsFor(v).byName.values()) {
        expect(op.doc.length, `${op.name} v${v}`).toBeGreaterThan(0)
        expect(op.docCost.length, `${op.name} v${v}`).toBeGreaterThan(0)
      }
    }
  })

  it('indexes each version by opcode and by name consistently', () => {
    for (let v = 1; v <= MAX_VERSION; v++) {
      const t = opsFor(v)
      for (const op of t.byName.values()) {
        const bytes = op.subOpcode === undefined ? [op.opcode] : [op.opcode, op.subOpcode]
        expect(opAt(t, Uint8Array.from(bytes), 0)).toBe(op)
      }
      const subs = t.subOps.reduce((n, s) => n + (s?.filter(Boolean).length ?? 0), 0)
      expect(t.byOpcode.filter(Boolean).length + subs).toBe(t.byName.size)
    }
  })

  it.each([
    [1, 'keccak256', 26],
    [2, 'keccak256', 130],
    [1, '+', 1],
  ])('costs v%i %s at %i', (v, name, cost) => {
    expect(opsFor(v).byName.get(name)?.cost).toEqual({ kind: 'fixed', cost })
  })

  it.each([
    [1, 'b', undefined],
    [13, 'sha512', 0x87],
    [13, 'sumhash512', undefined],
    [14, 'sumhash512', 0x86],
  ])('at v%i has %s at opcode %s', (v, name, opcode) => {
    expect(opsFor(v).byName.get(name)?.opcode).toBe(opcode)
  })

  it.each([
    [[0xd4], 'prefix opcode 0xd4 missing sub-opcode'],
    [[0xd4, 0x00], 'prefix opcode 0xd4 with improper sub-opcode 0x00'],
    [[0xff], 'illegal opcode 0xff'],
  ])('explains undecodable bytes %j as %s', (bytes, message) => {
    const program = Uint8Array.from(bytes)
    expect(opAt(opsFor(13), program, 0)).toBeUndefined()
    expect(opSpecError(opsFor(13), program, 0)).toBe(message)
  })

  it('parses chunk and per-field costs', () => {
    expect(parseCost('25 + 2 per 7 bytes of A')).toEqual({ kind: 'chunk', base: 25, perChunk: 2, chunkSize: 7, arg: 0 })
    expect(opsFor(13).byName.get('ec_add')?.cost).toMatchObject({ kind: 'perField', byField: { BN254g1: { kind: 'fixed', cost: 125 } } })
    expect(opsFor(13).byName.get('ec_pairing_check')?.cost).toMatchObject({
      byField: { BN254g2: { kind: 'chunk', base: 8000, perChunk: 7400, chunkSize: 128, arg: 1 } },
    })
  })

  it('looks up fields by name and value across scalar and array txn fields', () => {
    expect(fieldByName('txn Fields', 'Sender')).toMatchObject({ value: 0, type: 'address', version: 1 })
    expect(fieldByName('txn Fields', 'Accounts')).toMatchObject({ value: 28, version: 2 })
    expect(fieldByValue('global Fields', 3)?.name).toBe('ZeroAddress')
    expect(fieldGroup('json_ref types').map((f) => f.name)).toEqual(['JSONString', 'JSONUint64', 'JSONObject'])
    expect(fieldGroup('EC Groups').length).toBe(4)
    expect(fieldGroup('no such group')).toEqual([])
  })
})
