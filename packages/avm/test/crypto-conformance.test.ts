import { describe, expect, it } from 'vitest'
import { runEvalVector, type EvalVector } from '../src/conformance/eval.ts'
import { readConformance } from '../src/conformance/data.ts'

// go-algorand's eval vectors that exercise the hash, signature and VRF opcodes, run through the
// assembler and evaluator in the go test harness environment (conformance/README.md).
const OPS = /\b(sha256|keccak256|sha512_256|sha3_256|sha512|sumhash512|ed25519verify(_bare)?|ecdsa_\w+|vrf_verify|falcon_verify)\b/
const file = readConformance('eval-vectors.json') as { vectors: EvalVector[] }
// TestSlowLogic only uses keccak256 as ballast for static/dynamic cost accounting, which the
// package-wide conformance test covers.
const vectors = file.vectors.filter((v) => OPS.test(v.source) && !v.origin?.includes('TestSlowLogic'))

describe('crypto eval vectors', () => {
  it('finds the vectors that use crypto ops', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(27)
  })

  it.each(vectors.map((v) => ({ ...v, label: `${v.origin ?? v.id} (${v.id})` })))('$label', (v) => {
    const result = runEvalVector(v)
    expect(result.reason ?? 'ok').toBe('ok')
  })
})
