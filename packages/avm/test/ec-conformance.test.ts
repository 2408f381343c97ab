import { describe, expect, it } from 'vitest'
import { runEvalVector, type EvalVector } from '../src/conformance/eval.ts'
import { readConformance } from '../src/conformance/data.ts'

// go-algorand's eval vectors that exercise the elliptic-curve, MiMC and Poseidon2 opcodes, run
// through the assembler and evaluator in the go test harness environment.
const OPS = /\b(ec_add|ec_scalar_mul|ec_pairing_check|ec_multi_scalar_mul|ec_subgroup_check|ec_map_to|mimc|poseidon2)\b/
const file = readConformance('eval-vectors.json') as { vectors: EvalVector[] }
const vectors = file.vectors.filter((v) => OPS.test(v.source))

describe('ec, mimc and poseidon2 eval vectors', () => {
  it('finds the vectors that use these ops', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(40)
  })

  it.each(vectors.map((v) => ({ ...v, label: `${v.origin ?? v.id} (${v.id})` })))('$label', (v) => {
    const result = runEvalVector(v)
    expect(result.reason ?? 'ok').toBe('ok')
  })
})
