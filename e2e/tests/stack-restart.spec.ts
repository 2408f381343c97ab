// `npm start` across runs, in its own data directory: the first run deploys and seeds, Ctrl-C stops
// everything, a second run reuses the data (same apps, no new seed) and dumps its state to one file,
// a run on another directory loads that file (Grove found again), `--reset` starts afresh.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { interrupt, startRun } from '../support/start-run.ts'

const reachable = (url: string) => fetch(url).then(
  (r) => r.ok,
  () => false,
)

test('a second run reuses the data, Ctrl-C stops everything, --dump-state and --load-state carry the stack in one file, and --reset starts afresh', async () => {
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

    // --dump-state: the chain as one file at stop, Grove's record beside it
    const stateFile = path.join(dataDir, 'checked-in.state')
    const second = await startRun(dataDir, ['--dump-state', stateFile])
    expect(second.out).toMatch(/ready in [\d.]+ s; reused data/)
    expect(second.out.match(/Grove {2}.*/)![0]).toBe(first.out.match(/Grove {2}.*/)![0])
    expect(fs.readFileSync(path.join(dataDir, 'grove.json'), 'utf8')).toBe(recorded)
    expect(await interrupt(second)).toBe(0)
    expect(fs.statSync(stateFile).size).toBeGreaterThan(0)
    expect(fs.readFileSync(`${stateFile}.grove.json`, 'utf8')).toBe(recorded)

    // --load-state into an empty directory: the same chain, and Grove found on it (no deploy, no seed)
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-loaded-'))
    try {
      const loaded = await startRun(elsewhere, ['--load-state', stateFile])
      expect(loaded.out).toMatch(/ready in [\d.]+ s; reused data/)
      expect(loaded.out.match(/Grove {2}.*/)![0]).toBe(first.out.match(/Grove {2}.*/)![0])
      expect(await interrupt(loaded)).toBe(0)
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true })
    }

    const third = await startRun(dataDir, ['--reset'])
    expect(third.out).toMatch(/ready in [\d.]+ s; new data/)
    expect(await interrupt(third)).toBe(0)
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
