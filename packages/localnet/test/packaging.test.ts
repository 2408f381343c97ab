// grove-localnet as a package: the CLI runs its built JavaScript (dist/, made by
// scripts/build-localnet.mjs, which `npm start` and `npm test` run when dist/ is stale), so it
// compiles no TypeScript at start.
import { afterEach, describe, expect, it } from 'vitest'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const BIN = path.resolve(import.meta.dirname, '../bin/grove-localnet.mjs')
const children = new Set<ChildProcess>()
const dirs: string[] = []

afterEach(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  children.clear()
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

function tempDir(prefix: string): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  dirs.push(d)
  return d
}

/** A module for `node --import` whose loader hook fails the process as soon as it resolves a TypeScript file. */
function noTypeScript(): string {
  const dir = tempDir('grove-hook-')
  fs.writeFileSync(
    path.join(dir, 'hook.mjs'),
    'export async function resolve(specifier, context, next) {\n' +
      '  const r = await next(specifier, context)\n' +
      "  if (/\\.[cm]?ts$/.test(r.url)) throw new Error('TypeScript loaded: ' + r.url)\n" +
      '  return r\n}\n',
  )
  fs.writeFileSync(path.join(dir, 'register.mjs'), "import { register } from 'node:module'\nregister('./hook.mjs', import.meta.url)\n")
  return pathToFileURL(path.join(dir, 'register.mjs')).href
}

/** Builds the stale packages, as `npm start` does before it runs anything. */
function buildStale(): void {
  const r = spawnSync(process.execPath, ['scripts/build-localnet.mjs'], { cwd: ROOT, encoding: 'utf8' })
  expect(r.status, r.stdout + r.stderr).toBe(0)
}

/** Spawns `node <args>`; resolves with the banner's algod URL, or rejects with the child's stderr. */
function startCli(args: string[], cwd: string): Promise<{ proc: ChildProcess; algod: string }> {
  const proc = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(proc)
  let stdout = ''
  let stderr = ''
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString()
      const m = /algod\s+(http:\/\/\S+)/.exec(stdout)
      if (m) resolve({ proc, algod: m[1] })
    })
    proc.on('exit', (code, signal) => reject(new Error(`grove-localnet exited (${code ?? signal}) before it was ready: ${stderr}`)))
  })
}

async function stop(proc: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)))
  proc.kill('SIGINT')
  return exited
}

describe('grove-localnet, built', () => {
  it('starts from dist/ without loading a TypeScript file, and answers /health on a fresh data directory', async () => {
    buildStale()
    const data = tempDir('grove-built-')
    // an edit to a source between the build and this spawn would make the bin fall back to tsx
    const { proc, algod } = await startCli(['--import', noTypeScript(), BIN, 'start', '--algod-port', '0', '--kmd-port', '0', '--indexer-port', '0', '--data', data], ROOT)
    const health = await fetch(`${algod}/health`)
    expect(health.status).toBe(200)
    const status = await fetch(`${algod}/v2/status`, { headers: { 'X-Algo-API-Token': 'a'.repeat(64) } })
    expect(((await status.json()) as { 'last-round': number })['last-round']).toBeGreaterThanOrEqual(0)
    expect(await stop(proc)).toBe(0)
  })

  it('runs the TypeScript sources through tsx in the source checkout while dist/ is stale', async () => {
    buildStale()
    const data = tempDir('grove-stale-')
    // the same hook that passes on a fresh build refuses the tsx fallback, so the choice is observable
    const stamp = path.join(ROOT, 'packages/localnet/dist/.built')
    const built = fs.statSync(stamp)
    fs.utimesSync(stamp, built.atime, new Date(0))
    try {
      await expect(startCli(['--import', noTypeScript(), BIN, 'start', '--algod-port', '0', '--kmd-port', '0', '--indexer-port', '0', '--data', data], ROOT)).rejects.toThrow(/TypeScript loaded: .*\/packages\/localnet\/src\/cli\.ts/)
      const { proc, algod } = await startCli([BIN, 'start', '--algod-port', '0', '--kmd-port', '0', '--indexer-port', '0', '--data', data], ROOT)
      expect((await fetch(`${algod}/health`)).status).toBe(200)
      expect(await stop(proc)).toBe(0)
    } finally {
      fs.utimesSync(stamp, built.atime, built.mtime)
    }
  })
})
