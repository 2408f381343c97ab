// A sixth, test-only contract added by its row in CONTRACTS alone: the typecheck of the packages
// above the list must name every layer that lacks the contract's module. The compiler reads the real
// sources; only deployment.ts is read with one more row, so the list's copy lives in this test.
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../../..')
const DEPLOYMENT = join(ROOT, 'packages/contracts/src/deployment.ts')
const ROW = "  { name: 'Sixth', source: 'contracts/sixth.algo.ts', idKey: 'sixthAppId', label: 'sixth' },\n"

/** deployment.ts with the sixth contract's row after the last one. */
function withSixthRow(text: string): string {
  const end = text.indexOf('] as const', text.indexOf('export const CONTRACTS'))
  return text.slice(0, end) + ROW + text.slice(end)
}

/** Each layer keyed by CONTRACTS: the file that holds its record and what the record is. */
const LAYERS = [
  ['packages/contracts/src/deploy.ts', 'deploy steps (DEPLOY_STEPS)'],
  ['packages/contracts/src/index.ts', 'ARC-56 specs and generated clients (CONTRACT_SPECS, CONTRACT_CLIENTS)'],
  ['services/analytics/src/follower/follower.ts', 'follower modules (CONTRACT_MODULES)'],
  ['services/analytics/src/api/app.ts', 'API routes (CONTRACT_ROUTES)'],
  ['services/analytics/src/api/response-schemas.ts', 'activity response schema (activityContractOf)'],
  ['services/analytics/src/api/routes/activity.ts', 'activity sources (ACTIVITY_SOURCES)'],
  ['packages/sdk/src/contract.ts', 'SDK specs (SPECS)'],
  ['packages/sdk/src/errors.ts', 'SDK error table (CONTRACT_ERRORS)'],
  ['packages/sdk/src/modules.ts', 'SDK contract modules (CONTRACT_MODULES)'],
] as const

/** The errors of `pkg`'s sources (src/) compiled with the sixth row, as "file: message". */
function errorsWithSixthRow(pkg: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, pkg, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(String(d.messageText)) } })!
  const host = ts.createCompilerHost(config.options)
  const read = host.readFile
  host.readFile = (file) => (file === DEPLOYMENT ? withSixthRow(readFileSync(file, 'utf8')) : read(file))
  const sources = config.fileNames.filter((f) => f.startsWith(join(ROOT, pkg, 'src') + '/'))
  const program = ts.createProgram(sources, { ...config.options, noEmit: true }, host)
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file)
    .map((d) => `${relative(ROOT, d.file!.fileName)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
}

describe('a sixth contract added by its list row alone', () => {
  it('fails to compile in each layer that lacks its module, naming the contract', { timeout: 300_000 }, () => {
    const errors = ['packages/contracts', 'packages/sdk', 'services/analytics'].flatMap(errorsWithSixthRow)
    const missing = LAYERS.filter(([file]) => !errors.some((e) => e.startsWith(`${file}: `) && e.includes('Sixth')))
    expect(missing.map(([, layer]) => layer), errors.join('\n')).toEqual([])
    // the row itself is valid: the list's own file does not complain
    expect(errors.filter((e) => e.startsWith('packages/contracts/src/deployment.ts'))).toEqual([])
  })

})
