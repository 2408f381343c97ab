// The packages' tiers of eslint.config.js (avm < ledger < localnet < contracts < sdk < analytics,
// demo < web), proven on code that never touches the disk: an import upward or sideways is
// reported, an import downward is not, and no package reaches into another by a relative path
// (which the tiers, written for `@grove/*` names, would not see).
import path from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../..')
const RULE = 'no-restricted-imports'
let eslint: ESLint

// loading the config and parser takes seconds on a busy machine: once, before any test's clock
beforeAll(async () => {
  eslint = new ESLint({ cwd: root })
  await eslint.lintText('export {}\n', { filePath: path.join(root, 'packages/contracts/src/warm-up.ts') })
}, 120_000)

/** The tier errors ESLint reports for `code` saved as `file` (a path from the repository's root). */
async function tierErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result!.messages.filter((m) => m.ruleId === RULE || m.fatal).map((m) => m.message)
}

/** The errors ESLint reports for an import of another package by a relative path in `code` saved as `file`. */
async function relativeErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-relative-packages' || m.fatal).map((m) => m.message)
}

describe('package tiers', { timeout: 30_000 }, () => {
  it.each([
    ['the SDK from the contracts', 'packages/contracts/src/x.ts', `import { staking } from '@grove/sdk'\nexport const s = staking`, '@grove/contracts must not import @grove/sdk'],
    ['the contracts from the AVM, type only', 'packages/avm/src/x.ts', `import type { ContractName } from '@grove/contracts/deployment'\nexport type C = ContractName`, '@grove/avm must not import @grove/contracts'],
    ['the localnet from the ledger', 'packages/ledger/test/x.ts', `export { startLocalnet } from '@grove/localnet'`, '@grove/ledger must not import @grove/localnet'],
    ['the analytics service from the SDK', 'packages/sdk/src/x.ts', `import { buildApi } from '@grove/analytics'\nexport const b = buildApi`, '@grove/sdk must not import @grove/analytics'],
    ['the demo from the analytics service (one tier)', 'services/analytics/src/x.ts', `import { seed } from '@grove/demo'\nexport const s = seed`, '@grove/analytics must not import @grove/demo'],
  ])('refuses %s', async (_name, file, code, message) => {
    const errors = await tierErrors(file, code)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(message)
  })

  it.each([
    ['the SDK from the contracts’ tests by a relative path', 'packages/contracts/test/x.ts', `import { stakeOut } from '../../sdk/src/vault/math.ts'\nexport const s = stakeOut`],
    ['the analytics service from the web app by a relative path', 'apps/web/src/lib/x.ts', `import { buildApi } from '../../../../services/analytics/src/index.ts'\nexport const b = buildApi`],
    ['the AVM from the ledger by a relative path (downward, yet by name only)', 'packages/ledger/src/x.ts', `import { assemble } from '../../avm/src/index.ts'\nexport const a = assemble`],
  ])('refuses %s: another package is imported by its name, where the tiers apply', async (_name, file, code) => {
    const errors = await relativeErrors(file, code)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('Relative import from another package is not allowed')
  })

  it.each([
    ['the AVM from the ledger', 'packages/ledger/src/x.ts', `import { assemble } from '@grove/avm'\nexport const a = assemble`],
    ['the deployment list from the SDK', 'packages/sdk/src/x.ts', `import { CONTRACTS } from '@grove/contracts/deployment'\nexport const c = CONTRACTS`],
    ['the SDK and the contracts from the analytics service', 'services/analytics/src/x.ts', `import { decodeEvent } from '@grove/sdk'\nimport { CONTRACTS } from '@grove/contracts/deployment'\nexport const x = [decodeEvent, CONTRACTS]`],
    ['the localnet from the contracts’ tests', 'packages/contracts/test/x.ts', `import { startLocalnet } from '@grove/localnet'\nexport const s = startLocalnet`],
  ])('allows %s', async (_name, file, code) => {
    expect(await tierErrors(file, code)).toEqual([])
  })
})
