// `npm start` across runs, in its own data directory: the first run deploys and seeds, Ctrl-C stops
// everything, a second run reuses the data (same apps, no new seed), `--reset` starts afresh.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'

const root = path.resolve(import.meta.dirname, '../..')

interface Run {
  child: ChildProcess
  out: string
  webUrl: string
  algodUrl: string
}

/** Runs scripts/start.mjs until it prints its banner. */
async function start(dataDir: string, args: string[] = []): Promise<Run> {
  const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
    cwd: root,
    env: { ...process.env, GROVE_DATA_DIR: dataDir, GROVE_ALGOD_PORT: '0', GROVE_KMD_PORT: '0', GROVE_WEB_PORT: '0', GROVE_ANALYTICS_PORT: '0', GROVE_INDEXER_PORT: '0', GROVE_SEED_TRADES: '4' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('Ctrl-C stops everything')) resolve()
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => reject(new Error(`start.mjs exited with ${code} before it was ready:\n${out}`)))
  })
  return { child, out, webUrl: out.match(/web {4}(\S+)/)![1], algodUrl: out.match(/algod {2}(\S+)/)![1] }
}

/** Ctrl-C: resolves with the exit code once the process is gone. */
function interrupt(run: Run): Promise<number | null> {
  return new Promise((resolve) => {
    run.child.on('exit', (code) => resolve(code))
    run.child.kill('SIGINT')
  })
}

const reachable = (url: string) => fetch(url).then(
  (r) => r.ok,
  () => false,
)

test('a second run reuses the data, Ctrl-C stops everything and --reset starts afresh', async () => {
  test.setTimeout(240_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-restart-'))
  try {
    const first = await start(dataDir)
    expect(first.out).toMatch(/ready in [\d.]+ s; new data/)
    expect(first.out).toContain('Mnemonic  the demo account')
    expect(await reachable(first.webUrl)).toBe(true)
    const recorded = fs.readFileSync(path.join(dataDir, 'grove.json'), 'utf8')
    expect(await interrupt(first)).toBe(0)
    expect(await reachable(first.webUrl)).toBe(false)
    expect(await reachable(`${first.algodUrl}/health`)).toBe(false)

    const second = await start(dataDir)
    expect(second.out).toMatch(/ready in [\d.]+ s; reused data/)
    expect(second.out.match(/Grove {2}.*/)![0]).toBe(first.out.match(/Grove {2}.*/)![0])
    expect(fs.readFileSync(path.join(dataDir, 'grove.json'), 'utf8')).toBe(recorded)
    expect(await interrupt(second)).toBe(0)

    const third = await start(dataDir, ['--reset'])
    expect(third.out).toMatch(/ready in [\d.]+ s; new data/)
    expect(await interrupt(third)).toBe(0)
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
