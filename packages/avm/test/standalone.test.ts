// The project stands alone: a fresh clone with nothing beside it runs the AVM's conformance
// suite, and no tracked file points outside the repository. The clone lives in a temporary
// directory whose parent holds nothing else, so a `../shared` lookup would fail there.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const isGitCheckout = fs.existsSync(path.join(repoRoot, '.git'))
let parent = ''
let clone = ''

describe.skipIf(!isGitCheckout)('a fresh clone with nothing beside it', () => {
  beforeAll(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-clone-'))
    clone = path.join(parent, 'grove')
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone])
    // Dependencies are not part of a clone; reuse the installed ones (npm ci would fetch the same).
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(clone, 'node_modules'), 'dir')
  })
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }))

  it('has nothing beside it', () => {
    expect(fs.readdirSync(parent)).toEqual(['grove'])
  })

  it('tracks no file that points at ../shared', () => {
    let hits = ''
    try {
      hits = execFileSync('git', ['grep', '-n', '-e', '../shared', '--', ':!packages/avm/test/standalone.test.ts'], { cwd: clone, encoding: 'utf8' })
    } catch (e) {
      // git grep exits 1 when nothing matches.
      if ((e as { status?: number }).status !== 1) throw e
    }
    expect(hits).toBe('')
  })

  it('runs the conformance vectors and the spec check from its own fixtures', () => {
    const env = { ...process.env }
    delete env.GROVE_CONFORMANCE_DIR
    const out = execFileSync(
      'npx',
      ['vitest', 'run', 'test/conformance.test.ts', 'test/spec.test.ts', 'test/state-programs.test.ts', '--reporter=json'],
      { cwd: path.join(clone, 'packages/avm'), encoding: 'utf8', env, maxBuffer: 256 * 1024 * 1024 },
    )
    const report = JSON.parse(out.slice(out.indexOf('{'))) as { numPassedTests: number; numFailedTests: number; numPendingTests: number }
    expect(report.numFailedTests).toBe(0)
    expect(report.numPendingTests).toBe(0)
    // Every eval and assembler vector is its own case: thousands, not a skipped handful.
    expect(report.numPassedTests).toBeGreaterThan(2000)
  })
})
