import { describe, expect, it } from 'vitest'
import { MIMC_BLS12_381, MIMC_BN254, mimc } from '../src/crypto/mimc.ts'
import { POSEIDON2_BLS12_381, POSEIDON2_BN254, poseidon2 } from '../src/crypto/poseidon2.ts'
import { BLS12_381_R, BN254_R } from '../src/crypto/ec-params.ts'
import { bytesToBigInt } from '../src/crypto/field-elements.ts'
import { readConformance } from '../src/conformance/data.ts'


interface EvalVector {
  id: string
  source: string
  expect: string
}

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'))
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex')

const hashes: Record<string, (data: Uint8Array) => Uint8Array> = {
  'mimc BN254Mp110': (d) => mimc(MIMC_BN254, d),
  'mimc BLS12_381Mp111': (d) => mimc(MIMC_BLS12_381, d),
  'poseidon2 BN254t2': (d) => poseidon2(POSEIDON2_BN254, d),
  'poseidon2 BLS12_381t2': (d) => poseidon2(POSEIDON2_BLS12_381, d),
}

// go-algorand's TestMimc / TestPoseidon2 cases: "byte IN; <op> CONFIG; byte OUT; ==".
function hashVectors(): { id: string; op: string; input: string; output: string; ok: boolean }[] {
  const all = readConformance('eval-vectors.json') as { vectors: EvalVector[] }
  const out = []
  for (const v of all.vectors) {
    const m = /^byte 0x([0-9a-f]*)\n((?:mimc|poseidon2) \w+)\nbyte 0x([0-9a-f]*)\n==$/.exec(v.source)
    if (m) out.push({ id: v.id, op: m[2], input: m[1], output: m[3], ok: v.expect === 'accept' })
  }
  return out
}

describe('mimc and poseidon2', () => {
  const vectors = hashVectors()

  it('finds go-algorand hash vectors for all four configurations', () => {
    expect(new Set(vectors.map((v) => v.op))).toEqual(new Set(Object.keys(hashes)))
    expect(vectors.length).toBeGreaterThanOrEqual(20)
  })

  it.each(vectors)('$op of 0x$input matches go-algorand ($id)', ({ op, input, output, ok }) => {
    const hash = hashes[op]
    if (ok) expect(toHex(hash(hex(input)))).toBe(output)
    else expect(() => hash(hex(input))).toThrow()
  })

  // go-algorand's TestMimc expectations, as decimal field elements (the accepted preimages).
  it.each([
    ['mimc BN254Mp110', '23a950068dd3d1e21cee48e7919be7ae32cdef70311fc486336ea9d4b5042535', '12886436712380113721405259596386800092738845035233065858332878701083870690753'],
    ['mimc BLS12_381Mp111', '23a950068dd3d1e21cee48e7919be7ae32cdef70311fc486336ea9d4b5042535', '8791766422525455185980675814845076441443662947059416063736889106252015893524'],
    ['poseidon2 BN254t2', '23a950068dd3d1e21cee48e7919be7ae32cdef70311fc486336ea9d4b5042535', '9508867777362231262564394485161648897131889139474639535709054689562539246209'],
    ['poseidon2 BLS12_381t2', '23a950068dd3d1e21cee48e7919be7ae32cdef70311fc486336ea9d4b5042535', '34960972753749415790402211978912014226528569245540044525901549350192685584856'],
  ])('%s of 0x%s is %s', (op, input, decimal) => {
    expect(bytesToBigInt(hashes[op](hex(input))).toString()).toBe(decimal)
  })

  it.each(Object.keys(hashes))('%s rejects empty input with go-algorand\'s text', (op) => {
    expect(() => hashes[op](new Uint8Array())).toThrow('the input data cannot be empty')
  })

  it.each(Object.keys(hashes))('%s rejects a length that is not a multiple of 32', (op) => {
    expect(() => hashes[op](new Uint8Array(33))).toThrow('the input data must be a multiple of 32 bytes')
  })

  it.each([
    ['mimc BN254Mp110', BN254_R, 'invalid mimc input'],
    ['mimc BLS12_381Mp111', BLS12_381_R, 'invalid mimc input'],
    ['poseidon2 BN254t2', BN254_R, 'invalid poseidon2 input'],
    ['poseidon2 BLS12_381t2', BLS12_381_R, 'invalid poseidon2 input'],
  ] as const)('%s rejects an element equal to the modulus', (op, r, text) => {
    const block = hex(r.toString(16).padStart(64, '0'))
    expect(() => hashes[op](block)).toThrow(text)
    const below = hex((r - 1n).toString(16).padStart(64, '0'))
    expect(hashes[op](below)).toHaveLength(32)
  })

  it('chains blocks: hashing two blocks differs from hashing either alone', () => {
    const a = new Uint8Array(32).fill(1)
    const b = new Uint8Array(32).fill(2)
    const ab = new Uint8Array(64)
    ab.set(a)
    ab.set(b, 32)
    for (const hash of Object.values(hashes)) {
      expect(toHex(hash(ab))).not.toBe(toHex(hash(a)))
      expect(toHex(hash(ab))).not.toBe(toHex(hash(b)))
    }
  })
})
