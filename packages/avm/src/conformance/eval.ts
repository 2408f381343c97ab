// Runs go-algorand's AVM evaluation vectors (the format of conformance/eval-vectors.json) in the
// harness environment the conformance README describes. Any subset of the file's keys works;
// unknown keys are ignored so files we have never seen still run.

import { assemble, formatAssemblyError } from '../assembler/index.ts'
import { checkProgram, evalProgram } from '../eval/eval.ts'
import type { EvalEnv } from '../eval/context.ts'
import { fromHex, sigHarnessEnv, vectorEnv, type VectorEnv } from '../harness.ts'
import { MAX_VERSION } from '../spec/index.ts'
import type { CaseResult } from './types.ts'

/** One vector given as TEAL source. */
export interface EvalVector {
  id: string
  source: string
  version: number | null
  versions: number[] | null
  version_range: 'from' | 'exact'
  mode: 'signature' | 'application'
  expect: 'accept' | 'reject' | 'panic' | 'fail'
  error_substring?: string
  error_substrings?: string[]
  check_error_substring?: string
  env?: VectorEnv
  origin?: string
}

/** One vector given as raw program bytes. */
export interface BytecodeVector extends Omit<EvalVector, 'source'> {
  bytecode_hex: string
}

type Outcome = { checkError?: string; error?: string; pass: boolean }

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
}

/**
 * Static check then evaluation, as go's test helpers do. When the vector expects the check to
 * fail, go still evaluates the program and matches `error_substring` against either error.
 */
function execute(program: Uint8Array, env: EvalEnv, evalAfterCheckFailure: boolean): Outcome {
  const checkError = checkProgram(program, env)?.message
  if (checkError !== undefined && !evalAfterCheckFailure) return { checkError, pass: false }
  const result = evalProgram(program, env)
  return { checkError, error: result.error?.message, pass: result.pass }
}

/** Why `outcome` does not meet the vector's expectation, or undefined when it does. */
function judge(v: Omit<EvalVector, 'source'>, outcome: Outcome): string | undefined {
  const wanted = [...(v.error_substring ? [v.error_substring] : []), ...(v.error_substrings ?? [])]
  if (v.check_error_substring !== undefined) {
    if (outcome.checkError === undefined) return `static check passed; wanted it to fail with "${v.check_error_substring}"`
    if (!outcome.checkError.includes(v.check_error_substring)) return `static check error "${outcome.checkError}" lacks "${v.check_error_substring}"`
    const missing = wanted.find((w) => !outcome.checkError!.includes(w) && !outcome.error?.includes(w))
    return missing ? `neither the static check error "${outcome.checkError}" nor the eval error "${outcome.error}" has "${missing}"` : undefined
  }
  if (outcome.checkError !== undefined) return `static check failed: ${outcome.checkError}`
  switch (v.expect) {
    case 'accept':
      return outcome.error ? `wanted accept, got error: ${outcome.error}` : outcome.pass ? undefined : 'wanted accept, got reject'
    case 'reject':
      return outcome.error ? `wanted reject, got error: ${outcome.error}` : outcome.pass ? 'wanted reject, got accept' : undefined
    case 'fail':
      return outcome.pass && !outcome.error ? 'wanted reject or error, got accept' : undefined
    case 'panic': {
      if (outcome.error === undefined) return `wanted an error${wanted.length ? ` containing "${wanted[0]}"` : ''}, got ${outcome.pass ? 'accept' : 'reject'}`
      const missing = wanted.find((w) => !outcome.error!.includes(w))
      return missing ? `error "${outcome.error}" lacks "${missing}"` : undefined
    }
  }
}

/** The assembler versions a vector is run at (only those this AVM supports). */
function assemblyVersions(v: EvalVector): number[] {
  if (v.mode === 'application') return [MAX_VERSION]
  const versions = v.versions ?? (v.version === null ? [] : [v.version])
  return versions.filter((x) => x <= MAX_VERSION)
}

/** Runs one source vector at every version it was asserted at; the first mismatch fails it. */
export function runEvalVector(v: EvalVector): CaseResult {
  const kind = `eval:${v.mode}:${v.expect}`
  const fail = (reason: string): CaseResult => ({ id: v.id, kind, ok: false, reason })
  const versions = v.version === null && v.versions === null ? [undefined] : assemblyVersions(v)
  if (versions.length === 0) return fail(`no version up to ${MAX_VERSION} to run at`)
  for (const version of versions) {
    const asm = assemble(v.source, { version })
    if (!asm.ok || !asm.program) return fail(`assembly at v${version} failed: ${asm.errors.map(formatAssemblyError).join('; ')}`)
    const av = asm.version
    // "from" vectors hold under every consensus LogicSigVersion from the program's version up.
    const consensus = v.mode === 'signature' && v.version_range === 'from' ? range(av, MAX_VERSION) : [undefined]
    for (const lv of consensus) {
      let outcome: Outcome
      try {
        outcome = execute(asm.program, vectorEnv(v, lv), v.check_error_substring !== undefined)
      } catch (e) {
        return fail(`evaluator threw at v${av}${lv ? `/lsig v${lv}` : ''}: ${messageOf(e)}`)
      }
      const why = judge(v, outcome)
      if (why) return fail(`v${av}${lv ? ` (LogicSigVersion ${lv})` : ''}: ${why}`)
    }
  }
  return { id: v.id, kind, ok: true }
}

/** Runs one bytecode vector: check and evaluation in signature mode under LogicSigVersion 14. */
export function runBytecodeVector(v: BytecodeVector): CaseResult {
  const kind = 'eval:bytecode'
  try {
    const env = sigHarnessEnv({ logicSigVersion: v.env?.proto_logicsig_version ?? MAX_VERSION, budget: v.env?.logicsig_budget })
    const why = judge(v, execute(fromHex(v.bytecode_hex), env, v.check_error_substring !== undefined))
    return why ? { id: v.id, kind, ok: false, reason: why } : { id: v.id, kind, ok: true }
  } catch (e) {
    return { id: v.id, kind, ok: false, reason: `evaluator threw: ${messageOf(e)}` }
  }
}

function range(from: number, to: number): number[] {
  const out: number[] = []
  for (let i = from; i <= to; i++) out.push(i)
  return out
}

/** Whether a parsed JSON file looks like an eval-vector file. */
export function isEvalVectorFile(file: unknown): boolean {
  if (typeof file !== 'object' || file === null) return false
  const f = file as Record<string, unknown>
  const first = Array.isArray(f.vectors) ? (f.vectors[0] as Record<string, unknown> | undefined) : undefined
  return Array.isArray(f.bytecode_vectors) || (first !== undefined && 'expect' in first)
}

/** Runs every eval vector and bytecode vector in a parsed file. */
export function runEvalVectors(file: unknown): CaseResult[] {
  const f = (file ?? {}) as { vectors?: unknown; bytecode_vectors?: unknown }
  const results: CaseResult[] = []
  if (Array.isArray(f.vectors)) for (const v of f.vectors as EvalVector[]) results.push(runEvalVector(v))
  if (Array.isArray(f.bytecode_vectors)) for (const v of f.bytecode_vectors as BytecodeVector[]) results.push(runBytecodeVector(v))
  return results
}
