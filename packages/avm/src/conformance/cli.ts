// `npm run conformance -w @grove/avm -- FILE...`: runs vector files in the formats of
// conformance/{eval-vectors,assembler-vectors}.json (any subset of their keys), prints counts per
// kind, every failure with its reason, and last one line `N passed, N failed`.
import fs from 'node:fs'
import path from 'node:path'
import { runAssemblerVectors, runWasIntroducedChecks } from './assembler.ts'
import { isEvalVectorFile, runEvalVectors } from './eval.ts'
import { KNOWN_FAILURES } from './known-failures.ts'
import type { CaseResult } from './types.ts'

/** Runs every case of one parsed vector file, whichever format it is in. */
export function runVectorFile(file: unknown): CaseResult[] {
  return isEvalVectorFile(file) ? [...runEvalVectors(file), ...runWasIntroducedChecks(file)] : runAssemblerVectors(file)
}

function main(args: string[]): number {
  if (args.length === 0) {
    console.error('usage: npm run conformance -w @grove/avm -- FILE.json [FILE.json ...]')
    return 2
  }
  // npm runs workspace scripts in the package folder; resolve paths from where the user typed them.
  const base = process.env.INIT_CWD ?? process.cwd()
  const results: CaseResult[] = []
  for (const arg of args) {
    const file = path.resolve(base, arg)
    let parsed: unknown
    try {
      parsed = JSON.parse(fs.readFileSync(file, 'utf8'))
    } catch (e) {
      console.error(`${arg}: ${e instanceof Error ? e.message : String(e)}`)
      return 2
    }
    results.push(...runVectorFile(parsed))
  }
  const kinds = new Map<string, { passed: number; failed: number }>()
  for (const r of results) {
    const k = kinds.get(r.kind) ?? { passed: 0, failed: 0 }
    if (r.ok) k.passed++
    else k.failed++
    kinds.set(r.kind, k)
  }
  for (const [kind, k] of [...kinds].sort()) console.log(`${kind}: ${k.passed} passed, ${k.failed} failed`)
  const failures = results.filter((r) => !r.ok)
  if (failures.length) console.log('\nfailures:')
  for (const f of failures) console.log(`  ${f.id} [${f.kind}]${KNOWN_FAILURES[f.id] ? ' (known)' : ''}: ${f.reason}`)
  const passed = results.length - failures.length
  console.log(`${passed} passed, ${failures.length} failed`)
  return failures.length ? 1 : 0
}

process.exitCode = main(process.argv.slice(2))
