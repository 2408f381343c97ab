// Runs go-algorand's assembler conformance vectors (assembler-vectors.json, see
// packages/avm/conformance/README.md) against our assembler and disassembler. Pure: the caller
// reads the JSON and passes it in, so this also runs in the browser.
import { assemble, formatAssemblyError, programHashOnCurve } from '../assembler/index.ts'
import type { AssembleResult, AssemblyError } from '../assembler/index.ts'
import { disassemble } from '../disassembler/index.ts'

import type { CaseResult } from './types.ts'

export type { CaseResult } from './types.ts'

interface ExpectedError {
  line: number | null
  column: number | null
  error_substring: string
  match: 'exact' | 'prefix' | 'suffix' | 'contains'
}

type Case = Record<string, unknown> & { id: string }

const hex = (b: Uint8Array | undefined): string => (b ? Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('') : '')
const opts = (version: unknown): { version?: number } => (typeof version === 'number' ? { version } : {})
const errorsText = (r: AssembleResult): string => r.errors.slice(0, 3).map(formatAssemblyError).join(' | ')

/** Versions a case was asserted at (`versions`, else its single `version`; null = none passed). */
function versionsOf(c: Case): (number | null)[] {
  if (Array.isArray(c.versions) && c.versions.length > 0) return c.versions as (number | null)[]
  return [(c.version as number | null | undefined) ?? null]
}

function matches(message: string, e: ExpectedError): boolean {
  switch (e.match) {
    case 'exact':
      return message === e.error_substring
    case 'prefix':
      return message.startsWith(e.error_substring)
    case 'suffix':
      return message.endsWith(e.error_substring)
    default:
      return message.includes(e.error_substring)
  }
}

function checkError(errors: AssemblyError[], e: ExpectedError): string | undefined {
  const candidates = e.line === null ? errors : errors.filter((x) => x.line === e.line).slice(0, 1)
  const good = candidates.some((x) => matches(x.message, e) && (e.column === null || x.column === e.column))
  if (good) return undefined
  const got = candidates.length > 0 ? candidates.map(formatAssemblyError).join(' | ') : `no error on line ${e.line}`
  return `want ${e.line}:${e.column ?? '*'} ${e.match} ${JSON.stringify(e.error_substring)}, got ${got}`
}

/** Disassembles and reassembles (type tracking off); returns a reason if the bytes differ. */
function roundTrip(program: Uint8Array): string | undefined {
  let text: string
  try {
    text = disassemble(program)
  } catch (err) {
    return `disassembly failed: ${(err as Error).message}`
  }
  const again = assemble('#pragma typetrack false\n' + text)
  if (!again.ok) return `reassembly failed: ${errorsText(again)}`
  if (hex(again.program) !== hex(program)) return `round trip changed bytes: ${hex(again.program)} != ${hex(program)}`
  return undefined
}

function runVector(c: Case): string | undefined {
  const source = c.autosalt === 'not_applied' ? '#pragma autosalt false\n' + String(c.source) : String(c.source)
  const r = assemble(source, opts(c.version))
  if (!r.ok) return `assembly failed: ${errorsText(r)}`
  if (hex(r.program) !== c.hex) return `bytes differ: got ${hex(r.program)}, want ${String(c.hex)}`
  return undefined
}

function runErrorCase(c: Case): string | undefined {
  for (const v of versionsOf(c)) {
    const r = assemble(String(c.source), opts(v))
    if (r.ok) return `v${v}: assembled without error`
    for (const e of c.errors as ExpectedError[]) {
      const reason = checkError(r.errors, e)
      if (reason) return `v${v}: ${reason}`
    }
  }
  return undefined
}

function runSuccessCase(c: Case): string | undefined {
  for (const v of versionsOf(c)) {
    const r = assemble(String(c.source), opts(v))
    if (!r.ok || !r.program) return `v${v}: ${errorsText(r)}`
    const reason = roundTrip(r.program)
    if (reason) return `v${v}: ${reason}`
  }
  return undefined
}

function runEquivalenceCase(c: Case): string | undefined {
  for (const v of versionsOf(c)) {
    const outputs = (c.sources as string[]).map((s) => assemble(s, opts(v)))
    const failed = outputs.findIndex((r) => !r.ok)
    if (failed >= 0) return `v${v}: source ${failed} failed: ${errorsText(outputs[failed])}`
    const first = hex(outputs[0].program)
    const differs = outputs.findIndex((r) => hex(r.program) !== first)
    if (differs >= 0) return `v${v}: source ${differs} gives ${hex(outputs[differs].program)}, source 0 gives ${first}`
  }
  return undefined
}

function runDisassemblyCase(c: Case): string | undefined {
  const r = assemble(String(c.source), opts(c.version))
  if (!r.ok || !r.program) return `assembly failed: ${errorsText(r)}`
  const text = disassemble(r.program)
  if (text !== c.source) {
    const want = String(c.source).split('\n')
    const got = text.split('\n')
    const line = got.findIndex((l, i) => l !== want[i])
    return `disassembly differs at line ${line + 1}: got ${JSON.stringify(got[line])}, want ${JSON.stringify(want[line])}`
  }
  return undefined
}

function runAutosaltCase(c: Case): string | undefined {
  const source = String(c.source)
  const r = assemble(source, opts(c.version))
  if (!r.ok || !r.program) return `assembly failed: ${errorsText(r)}`
  // The unsalted program: the same source with salting forced off.
  const unsaltedSource = '#pragma autosalt false\n' + source.replace(/^[ \t]*#pragma autosalt.*$/gm, '')
  const unsalted = assemble(unsaltedSource, opts(c.version))
  if (!unsalted.ok || !unsalted.program) return `unsalted assembly failed: ${errorsText(unsalted)}`
  if (typeof c.hex === 'string' && hex(r.program) !== c.hex) return `bytes ${hex(r.program)}, want ${c.hex}`
  if (typeof c.hex_prefix === 'string' && !hex(r.program).startsWith(c.hex_prefix)) {
    return `bytes ${hex(r.program)} do not start with ${c.hex_prefix}`
  }
  if (typeof c.unsalted_hex === 'string' && hex(unsalted.program) !== c.unsalted_hex) {
    return `unsalted bytes ${hex(unsalted.program)}, want ${c.unsalted_hex}`
  }
  if (typeof c.unsalted_on_curve === 'boolean' && programHashOnCurve(unsalted.program) !== c.unsalted_on_curve) {
    return `unsalted program on curve should be ${c.unsalted_on_curve}`
  }
  const saltAdded = hex(r.program) !== hex(unsalted.program)
  if (typeof c.salt_added === 'boolean' && saltAdded !== c.salt_added) return `salt_added is ${saltAdded}`
  if (saltAdded && programHashOnCurve(r.program)) return 'salted program still hashes on curve'
  if (c.warning_substring === null && r.warnings.length > 0) return `unexpected warnings: ${r.warnings.join(' | ')}`
  if (typeof c.warning_substring === 'string') {
    const w = c.warning_substring
    if (r.warnings.length !== 1 || !r.warnings[0].includes(w)) return `want one warning with ${JSON.stringify(w)}, got ${JSON.stringify(r.warnings)}`
  }
  if (typeof c.disassembly_contains === 'string' && !disassemble(r.program).includes(c.disassembly_contains)) {
    return `disassembly lacks ${JSON.stringify(c.disassembly_contains)}`
  }
  return undefined
}

const RUNNERS: Record<string, (c: Case) => string | undefined> = {
  vectors: runVector,
  error_cases: runErrorCase,
  success_cases: runSuccessCase,
  equivalence_cases: runEquivalenceCase,
  disassembly_cases: runDisassemblyCase,
  autosalt_cases: runAutosaltCase,
}

function safely(kind: string, c: Case, run: (c: Case) => string | undefined): CaseResult {
  try {
    const reason = run(c)
    return reason === undefined ? { id: c.id, kind, ok: true } : { id: c.id, kind, ok: false, reason }
  } catch (err) {
    return { id: c.id, kind, ok: false, reason: `threw: ${(err as Error).message}` }
  }
}

/** Runs every known case kind present in an assembler-vectors.json object; unknown keys are skipped. */
export function runAssemblerVectors(file: unknown): CaseResult[] {
  const results: CaseResult[] = []
  for (const [kind, cases] of Object.entries(file as Record<string, unknown>)) {
    const run = RUNNERS[kind]
    if (!run || !Array.isArray(cases)) continue
    for (const c of cases as Case[]) results.push(safely(kind, c, run))
  }
  return results
}

/**
 * For each eval vector asserted "from" its version: below that version, assembling it (type
 * tracking off) must fail with "was introduced".
 */
export function runWasIntroducedChecks(evalFile: unknown): CaseResult[] {
  const vectors = ((evalFile as { vectors?: Case[] }).vectors ?? []).filter((v) => v.version_range === 'from')
  return vectors.map((v) =>
    safely('was_introduced', v, (c) => {
      for (let version = 1; version < (c.version as number); version++) {
        const r = assemble('#pragma typetrack false\n' + String(c.source), { version })
        if (r.ok) return `v${version}: assembled`
        if (!r.errors.some((e) => e.message.includes('was introduced'))) return `v${version}: ${errorsText(r)}`
      }
      return undefined
    }),
  )
}
