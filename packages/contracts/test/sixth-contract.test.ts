// A sixth, test-only contract added by its row in CONTRACTS alone: the typecheck of the packages
// above the list (the contracts, the SDK, the analytics service and the web app) must name every record
// keyed by the list (`Record<ContractName, …>`, found in their sources, not listed by hand), each by an
// error of its own, and those errors are every edit the contract needs outside its own folders: at most
// MAX_EDITS (the index of @grove/contracts is written by its build, scripts/index-source.ts). The
// compiler reads the real sources; only deployment.ts is read with one more row, so the list's copy
// lives in this test.
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { indexSource } from '../scripts/index-source.ts'

const ROOT = join(import.meta.dirname, '../../..')
const DEPLOYMENT = join(ROOT, 'packages/contracts/src/deployment.ts')
const ROW = "  { name: 'Sixth', source: 'programs/sixth.algo.ts', idKey: 'sixthAppId', label: 'sixth' },\n"

/** deployment.ts with the sixth contract's row after the last one. */
function withSixthRow(text: string): string {
  const end = text.indexOf('] as const', text.indexOf('export const CONTRACTS'))
  return text.slice(0, end) + ROW + text.slice(end)
}

/** The most hand edits outside its own folders a new contract may cost (issue 35: 12 before, 10 of them named by the compiler). */
const MAX_EDITS = 7

/** The packages above the list, each compiled from its tsconfig's sources (src/ and, for the web app, its server and scripts too). */
const PACKAGES = ['packages/contracts', 'packages/sdk', 'services/analytics', 'apps/web'] as const

/** A declaration whose type is keyed by the contract list: `Record<ContractName, …>` or `{ [K in ContractName]: … }`, annotated or `satisfies`. */
const KEYED = /\bRecord<\s*(?:\w+\.)?ContractName\b|\bin\s+(?:\w+\.)?ContractName\s*\]/

/** One record keyed by CONTRACTS: its file, its name, and where its statement starts and ends. */
interface KeyedRecord { file: string; name: string; start: number; end: number }

/** One error of the compile: its file, its position, its message, and the top-level declaration it is in (the edit it asks for). */
interface CompileError { file: string; start: number; message: string; edit: string }

/** `file: name` of the top-level statement of `sourceFile` holding position `at` (its declared name, else its first line). */
function editAt(sourceFile: ts.SourceFile, at: number): string {
  const statement = sourceFile.statements.find((s) => s.getStart(sourceFile) <= at && at < s.end)
  const declared = statement && ts.isVariableStatement(statement) ? statement.declarationList.declarations[0]!.name.getText(sourceFile) : statement && (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) ? statement.name?.text : undefined
  return `${relative(ROOT, sourceFile.fileName)}: ${declared ?? statement?.getText(sourceFile).split('\n')[0] ?? at}`
}

/** The records keyed by ContractName that `sourceFile` declares (top-level `const`s; the type read from the annotation or the `satisfies`). */
function keyedRecords(sourceFile: ts.SourceFile): KeyedRecord[] {
  return sourceFile.statements.flatMap((statement) => {
    if (!ts.isVariableStatement(statement)) return []
    return statement.declarationList.declarations.flatMap((d) => {
      const types = [d.type, d.initializer && ts.isSatisfiesExpression(d.initializer) ? d.initializer.type : undefined]
      if (!ts.isIdentifier(d.name) || !types.some((t) => t && KEYED.test(t.getText(sourceFile)))) return []
      return [{ file: relative(ROOT, sourceFile.fileName), name: d.name.text, start: statement.getStart(sourceFile), end: statement.end }]
    })
  })
}

/** A package's parsed tsconfig. */
const configOf = (pkg: string) => ts.getParsedCommandLineOfConfigFile(join(ROOT, pkg, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(String(d.messageText)) } })!

/**
 * The four packages compiled with the sixth row as one program (each package's own sources and test
 * helpers: a fixture that builds a record needs the new id too; test files are left out, as a test may
 * list the contracts by hand). One program checks the SDK and the contracts' clients once rather than
 * in each package above them; the web app's options are the others' plus the DOM and JSX, so every
 * file compiles under them. Returns its errors and, per package, the records keyed by ContractName.
 */
function compileWithSixthRow(): { errors: CompileError[]; records: KeyedRecord[] } {
  const own = PACKAGES.flatMap((pkg) => configOf(pkg).fileNames.filter((f) => !/\/(test|e2e)\/|\.test\.tsx?$/.test(relative(join(ROOT, pkg), f))))
  const options = { ...configOf('apps/web').options, noEmit: true }
  const host = ts.createCompilerHost(options)
  const read = host.readFile
  host.readFile = (file) => (file === DEPLOYMENT ? withSixthRow(readFileSync(file, 'utf8')) : read(file))
  const roots = [...new Set(own)]
  const program = ts.createProgram(roots, options, host)
  // only these packages' own files are checked (an edit is one of theirs): the AVM, ledger and localnet
  // sources their helpers import are read for types, not checked again
  const errors = roots
    .flatMap((f) => {
      const sourceFile = program.getSourceFile(f)!
      return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)]
    })
    .filter((d) => d.file)
    .map((d) => ({ file: relative(ROOT, d.file!.fileName), start: d.start ?? 0, message: ts.flattenDiagnosticMessageText(d.messageText, '\n'), edit: editAt(d.file!, d.start ?? 0) }))
  const records = own.flatMap((f) => keyedRecords(program.getSourceFile(f)!))
  return { errors, records }
}

describe('a sixth contract added by its list row alone', () => {
  it('fails to compile in each record keyed by the contract list, naming the contract', { timeout: 300_000 }, () => {
    const compiled = compileWithSixthRow()
    const errors = compiled.errors
    // a record is found once, though two packages' sources may both list its file
    const records = [...new Map(compiled.records.map((r) => [`${r.file}: ${r.name}`, r])).values()]
    // the search finds at least the records each layer has today
    expect(records.map((r) => `${r.file}: ${r.name}`)).toEqual(expect.arrayContaining([
      'packages/contracts/src/deploy.ts: DEPLOY_STEPS',
      'services/analytics/src/follower/follower.ts: CONTRACT_MODULES',
      'services/analytics/src/api/app.ts: CONTRACT_ROUTES',
      'services/analytics/src/api/response-schemas.ts: activityContractOf',
      'services/analytics/src/api/routes/activity.ts: ACTIVITY_SOURCES',
      'packages/sdk/src/errors.ts: CONTRACT_ERRORS',
      'packages/sdk/src/modules.ts: CONTRACT_MODULES',
    ]))
    // each record, not just each file, has an error of its own that names the sixth contract
    const silent = records.filter((r) => !errors.some((e) => e.file === r.file && e.start >= r.start && e.start < r.end && e.message.includes('Sixth')))
    const listing = errors.map((e) => `${e.file}@${e.start}: ${e.message}`).join('\n')
    expect(silent.map((r) => `${r.file}: ${r.name}`), listing).toEqual([])
    // the row itself is valid: the list's own file does not complain
    expect(errors.filter((e) => e.file === 'packages/contracts/src/deployment.ts')).toEqual([])
    // an edit is a declaration the compiler finds missing the new contract (other errors follow from
    // those, e.g. indexing a record that lacks it): each is one of those records, at most MAX_EDITS
    const edits = [...new Set(errors.filter((e) => /'(Sixth|sixthAppId)' is missing/.test(e.message)).map((e) => e.edit))].sort()
    expect(edits, listing).toEqual(records.map((r) => `${r.file}: ${r.name}`).sort())
    expect(edits.length, edits.join('\n')).toBeLessThanOrEqual(MAX_EDITS)
  })

  it('needs no edit of the contracts index: the build writes its exports from the list', () => {
    const index = indexSource([{ name: 'Dex', structs: ['PoolState'] }, { name: 'Sixth', structs: ['SixthState'] }])
    expect(index).toContain("export { SixthClient, SixthFactory, type SixthComposer, type SixthState, type SixthArgs, type SixthReturns } from '../clients/SixthClient.ts'")
    expect(index).toContain('export const sixthSpec = sixthSpecJson as unknown as Arc56Contract')
  })
})
