import { bn254 } from '@noble/curves/bn254.js'
import { describe, expect, it } from 'vitest'
import type { EvalContext, Instr } from '../src/eval/context.ts'
import { AvmError } from '../src/eval/errors.ts'
import { handlers } from '../src/eval/ops/ec.ts'
import type { StackValue } from '../src/eval/values.ts'
import { fieldByName, fieldByValue, opsFor } from '../src/spec/index.ts'
import { bigIntToBytes } from '../src/crypto/field-elements.ts'

// Handlers only touch cx.stack and the decoded immediate, so a bare stack stands in for the context.
function exec(op: string, group: string, fieldName: string | number, stack: StackValue[]): StackValue[] {
  const f = typeof fieldName === 'number' ? fieldByValue(group, fieldName) : fieldByName(group, fieldName)
  const imm = typeof fieldName === 'number' ? fieldName : (f?.value ?? -1)
  const ins = { field: f, imm: [imm], spec: opsFor(14).byName.get(op) } as unknown as Instr
  const cx = { stack } as unknown as EvalContext
  handlers[op](cx, ins)
  return cx.stack
}

const G1 = bn254.G1.Point.BASE.toAffine()
const g1 = Uint8Array.from([...bigIntToBytes(G1.x, 32), ...bigIntToBytes(G1.y, 32)])
const g1x2 = (() => {
  const p = bn254.G1.Point.BASE.double().toAffine()
  return Uint8Array.from([...bigIntToBytes(p.x, 32), ...bigIntToBytes(p.y, 32)])
})()
const hex = (b: StackValue): string => Buffer.from(b as Uint8Array).toString('hex')

describe('ec op handlers', () => {
  it('has a handler for every EC, MiMC and Poseidon2 op in the v14 table', () => {
    for (const op of ['ec_add', 'ec_scalar_mul', 'ec_pairing_check', 'ec_multi_scalar_mul', 'ec_subgroup_check', 'ec_map_to', 'mimc', 'poseidon2']) {
      expect(opsFor(14).byName.has(op), op).toBe(true)
      expect(typeof handlers[op], op).toBe('function')
    }
  })

  it('ec_add pops A and B and pushes A + B', () => {
    const s = exec('ec_add', 'EC Groups', 'BN254g1', [7, g1, g1])
    expect(s).toHaveLength(2)
    expect(s[0]).toBe(7)
    expect(hex(s[1])).toBe(hex(g1x2))
  })

  it('ec_scalar_mul takes the point deeper and the scalar on top', () => {
    const s = exec('ec_scalar_mul', 'EC Groups', 'BN254g1', [g1, Uint8Array.of(2)])
    expect(s.map(hex)).toEqual([hex(g1x2)])
  })

  it('ec_multi_scalar_mul pushes the weighted sum', () => {
    const s = exec('ec_multi_scalar_mul', 'EC Groups', 'BN254g1', [g1, bigIntToBytes(2n, 32)])
    expect(s.map(hex)).toEqual([hex(g1x2)])
  })

  it('ec_subgroup_check and ec_pairing_check push uint64 booleans', () => {
    expect(exec('ec_subgroup_check', 'EC Groups', 'BN254g1', [g1])).toEqual([1])
    expect(exec('ec_pairing_check', 'EC Groups', 'BN254g1', [new Uint8Array(64), new Uint8Array(128)])).toEqual([1])
  })

  it('ec_map_to replaces the field element with a point', () => {
    const s = exec('ec_map_to', 'EC Groups', 'BN254g1', [Uint8Array.of(27)])
    expect((s[0] as Uint8Array).length).toBe(64)
  })

  it('mimc and poseidon2 hash the top of the stack', () => {
    const data = Uint8Array.from(Buffer.from('23a950068dd3d1e21cee48e7919be7ae32cdef70311fc486336ea9d4b5042535', 'hex'))
    expect(hex(exec('mimc', 'MimcConfigurations Parameters', 'BN254Mp110', [data])[0])).toBe(
      '1c7d76f723d9ff1537a86487894fd61e5cfb7b128a178aae0fe14911f2ccfdc1',
    )
    expect(hex(exec('poseidon2', 'Poseidon2 Configurations Parameters', 'BN254t2', [data])[0])).toBe(
      '1505d414756a5c4109bfcf74292c35e1786149c039cf53f77312f9761366c281',
    )
  })

  it.each([
    ['ec_add', [g1, new Uint8Array(63)], 'bad length 63. Expected 64'],
    ['ec_scalar_mul', [g1, new Uint8Array(33)], 'ec_scalar_mul scalar len is 33, exceeds 32'],
    ['ec_pairing_check', [new Uint8Array(), new Uint8Array(128)], 'empty input'],
    ['ec_map_to', [new Uint8Array(32).fill(0xff)], 'larger than modulus'],
  ] as const)('%s throws an AvmError with go\'s text', (op, stack, text) => {
    const run = (): unknown => exec(op, 'EC Groups', 'BN254g1', [...stack])
    expect(run).toThrow(AvmError)
    expect(run).toThrow(text)
  })

  it.each([
    ['ec_add', 'EC Groups', 'invalid ec_add group EcGroup(9)'],
    ['ec_map_to', 'EC Groups', 'invalid ec_pairing_check group EcGroup(9)'],
    ['mimc', 'MimcConfigurations Parameters', 'invalid mimc config MimcConfig(9)'],
    ['poseidon2', 'Poseidon2 Configurations Parameters', 'invalid poseidon2 config Poseidon2Config(9)'],
  ])('%s names an unknown immediate as go\'s Stringer does', (op, group, text) => {
    expect(() => exec(op, group, 9, [g1, g1])).toThrow(text)
  })

  it('mimc wraps gnark\'s element error as go does', () => {
    expect(() => exec('mimc', 'MimcConfigurations Parameters', 'BN254Mp110', [new Uint8Array(32).fill(0xff)])).toThrow(
      'invalid mimc input',
    )
  })
})
