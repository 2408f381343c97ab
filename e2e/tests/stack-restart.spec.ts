// `npm start` across runs, in its own data directory: the first run deploys and seeds, Ctrl-C stops
// everything, a second run reuses the data (same apps, no new seed), `--reset` starts afresh.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { interrupt, startRun } from '../support/start-run.ts'

const reachable = (url: string) => fetch(url).then(
  (r) => r.ok,
  () => false,
)

test('a second run reuses the data, Ctrl-C stops everything and --reset starts afresh', async () => {
  test.setTimeout(240_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-restart-'))
  try {
    const first = await startRun(dataDir)
    expect(first.out).toMatch(/ready in [\d.]+ s; new data/)
    expect(first.out).toContain('Mnemonic  the demo account')
    expect(await reachable(first.webUrl)).toBe(true)
    const recorded = fs.readFileSync(path.join(dataDir, 'grove.json'), 'utf8')
    expect(await interrupt(first)).toBe(0)
    expect(await reachable(first.webUrl)).toBe(false)
    expect(await reachable(`${first.algodUrl}/health`)).toBe(false)

    const second = await startRun(dataDir)
    expect(second.out).toMatch(/ready in [\d.]+ s; reused data/)
    expect(second.out.match(/Grove {2}.*/)![0]).toBe(first.out.match(/Grove {2}.*/)![0])
    expect(fs.readFileSync(path.join(dataDir, 'grove.json'), 'utf8')).toBe(recorded)
    expect(await interrupt(second)).toBe(0)

    const third = await startRun(dataDir, ['--reset'])
    expect(third.out).toMatch(/ready in [\d.]+ s; new data/)
    expect(await interrupt(third)).toBe(0)
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
