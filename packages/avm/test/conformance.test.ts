// go-algorand's own assembler and evaluator expectations, run case by case. A case may fail only
// when known-failures.json lists it with a reason; a listed case that passes fails the test too.
import { describe, expect, it } from 'vitest'
import { runAssemblerVectors, runWasIntroducedChecks } from '../src/conformance/assembler.ts'
import { runBytecodeVector, runEvalVector, type BytecodeVector, type EvalVector } from '../src/conformance/eval.ts'
import { KNOWN_FAILURES } from '../src/conformance/known-failures.ts'
import { readConformance } from '../src/conformance/data.ts'
import type { CaseResult } from '../src/conformance/types.ts'

const evalFile = readConformance('eval-vectors.json') as { vectors: EvalVector[]; bytecode_vectors: BytecodeVector[] }
const asmFile = readConformance('assembler-vectors.json') as Record<string, unknown>

function expectConformant(r: CaseResult): void {
  if (KNOWN_FAILURES[r.id]) expect(r.ok, `${r.id} is listed as a known failure but passes: remove it from the list`).toBe(false)
  else expect(r.ok, r.reason).toBe(true)
}

describe('eval vectors evaluate as go-algorand asserts', () => {
  it.each(evalFile.vectors.map((v) => [`${v.id} (${v.origin})`, v] as const))('%s', (_name, v) => expectConformant(runEvalVector(v)))
})

describe('bytecode vectors check and evaluate as go-algorand asserts', () => {
  it.each(evalFile.bytecode_vectors.map((v) => [`${v.id} (${v.origin})`, v] as const))('%s', (_name, v) => expectConformant(runBytecodeVector(v)))
})

describe('assembler vectors assemble as go-algorand asserts', () => {
  const results = runAssemblerVectors(asmFile)
  it('covers every case kind of the file', () => {
    expect(new Set(results.map((r) => r.kind)).size).toBeGreaterThanOrEqual(6)
  })
  it('skips unknown top-level keys and accepts a subset of kinds', () => {
    expect(runAssemblerVectors({ meta: {}, future_cases: [{ id: 'x' }], equivalence_cases: [] })).toEqual([])
  })
  it.each(results.map((r) => [`${r.kind} ${r.id}`, r] as const))('%s', (_name, r) => expectConformant(r))
})

describe('ops used below their version fail to assemble with "was introduced"', () => {
  const results = runWasIntroducedChecks(evalFile)
  it.each(results.map((r) => [r.id, r] as const))('%s', (_name, r) => expectConformant(r))
})

describe('known failures', () => {
  it('each has a reason', () => {
    for (const [id, why] of Object.entries(KNOWN_FAILURES)) expect(why.length, id).toBeGreaterThan(10)
  })
})
