// grove-localnet as a package: the CLI runs its built JavaScript (dist/, made by
// scripts/build-localnet.mjs, which `npm start` and `npm test` run when dist/ is stale), so it
// compiles no TypeScript at start; and @grove/avm, @grove/ledger and @grove/localnet pack into
// tarballs that install together into an empty folder, with nothing else of the monorepo, offline.
import { afterEach, describe, expect, it } from 'vitest'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createHash } from 'node:crypto'

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

/** SIGINT, as Ctrl-C; resolves with the exit code, or rejects if the child has not exited within 20 s. */
async function stop(proc: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)))
  proc.kill('SIGINT')
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('grove-localnet did not stop within 20 s of SIGINT')), 20_000)))
  try {
    return await Promise.race([exited, late])
  } finally {
    clearTimeout(timer)
  }
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

/** The environment without npm's run-script variables (npm test sets workspace ones), for a child npm. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)))
}

function run(cmd: string, args: string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: cleanEnv() })
  expect(r.status, `${cmd} ${args.join(' ')}: ${r.stdout}${r.stderr}`).toBe(0)
  return r.stdout
}

type LockEntry = { version?: string; resolved?: string; integrity?: string; dependencies?: Record<string, string>; [k: string]: unknown }

/**
 * package.json and package-lock.json of an app depending on the three tarballs, every other
 * package pinned to the version (and integrity) the monorepo's lock installed: `npm ci --offline`
 * then takes them from the npm cache `npm ci` filled, with no registry request.
 */
function appLock(appDir: string, tarballs: Record<string, string>): void {
  const lock = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }).packages
  const packages: Record<string, LockEntry> = {}
  // node's lookup: the nearest node_modules/<name> from the requiring package up to the root
  const visit = (from: string, to: string, deps: Record<string, string>): void => {
    for (const name of Object.keys(deps)) {
      if (name.startsWith('@grove/')) continue
      let f = from
      let t = to
      for (;;) {
        const candidate = `${f ? f + '/' : ''}node_modules/${name}`
        if (lock[candidate]) {
          const dest = `${t ? t + '/' : ''}node_modules/${name}`
          if (!packages[dest]) {
            const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = lock[candidate]
            packages[dest] = entry
            visit(candidate, dest, entry.dependencies ?? {})
          }
          break
        }
        expect(f, `${name} (needed by ${from}) is not in package-lock.json`).not.toBe('')
        const i = f.lastIndexOf('/node_modules/')
        ;[f, t] = i < 0 || f.startsWith('packages/') ? ['', ''] : [f.slice(0, i), t.slice(0, t.lastIndexOf('/node_modules/'))]
      }
    }
  }
  const dependencies: Record<string, string> = {}
  for (const [name, tarball] of Object.entries(tarballs)) {
    const ws = lock[`packages/${name}`]
    const spec = `file:${path.relative(appDir, tarball)}`
    dependencies[`@grove/${name}`] = spec
    const dest = `node_modules/@grove/${name}`
    const integrity = `sha512-${createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`
    packages[dest] = { version: ws.version, resolved: spec, integrity, dependencies: ws.dependencies, bin: ws.bin, engines: ws.engines }
    visit(`packages/${name}`, dest, ws.dependencies ?? {})
  }
  packages[''] = { name: 'app', dependencies }
  fs.writeFileSync(path.join(appDir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module', dependencies }, null, 2))
  fs.writeFileSync(path.join(appDir, 'package-lock.json'), JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages }, null, 2))
}

describe('the localnet packages, packed', () => {
  it('install together from their tarballs into an empty folder, and `npx grove-localnet start` and startLocalnet() work there', { timeout: 300_000 }, async () => {
    buildStale()
    const packs = tempDir('grove-pack-')
    const tarballs: Record<string, string> = {}
    for (const name of ['avm', 'ledger', 'localnet']) {
      const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', packs], path.join(ROOT, 'packages', name))) as { filename: string; files: { path: string }[] }[]
      const files = packed.files.map((f) => f.path)
      // built JavaScript with declarations, and no sources or tests
      expect(files).toContain('dist/index.js')
      expect(files).toContain('dist/index.d.ts')
      expect(files).toContain('README.md')
      expect(files.filter((f) => f.startsWith('src/') || f.startsWith('test/') || f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([])
      tarballs[name] = path.join(packs, packed.filename)
    }
    const app = path.join(packs, 'app')
    fs.mkdirSync(app)
    appLock(app, tarballs)
    run('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], app)
    expect(fs.readdirSync(path.join(app, 'node_modules/@grove')).sort()).toEqual(['avm', 'ledger', 'localnet'])
    expect(fs.existsSync(path.join(app, 'node_modules/tsx'))).toBe(false)

    // the CLI as `npx grove-localnet start` runs it (node_modules/.bin; npx itself would not pass
    // SIGINT on, so npx is asked only for the usage), with its data in the app's .grove/localnet
    const { proc, algod } = await startCli(['--import', noTypeScript(), path.join(app, 'node_modules/.bin/grove-localnet'), 'start', '--algod-port', '0', '--kmd-port', '0', '--indexer-port', '0'], app)
    expect((await fetch(`${algod}/health`)).status).toBe(200)
    expect(await stop(proc)).toBe(0)
    expect(fs.existsSync(path.join(app, '.grove/localnet/ledger/chain.log'))).toBe(true)
    const npx = spawnSync('npx', ['--offline', 'grove-localnet', 'stop'], { cwd: app, encoding: 'utf8', env: cleanEnv() })
    expect(npx.stderr).toMatch(/^usage: grove-localnet start/)

    // in process: startLocalnet() and algosdk against it, in plain Node
    fs.writeFileSync(
      path.join(app, 'try.mjs'),
      [
        "import { startLocalnet } from '@grove/localnet'",
        "import algosdk from 'algosdk'",
        "const net = await startLocalnet({ algodPort: 0, kmdPort: 0, indexerPort: 0, dataDir: 'try-data' })",
        'const algod = new algosdk.Algodv2(net.algod.token, net.algod.url)',
        'const params = await algod.getTransactionParams().do()',
        'const version = await algod.versionsCheck().do()',
        'console.log(JSON.stringify({ genesisId: params.genesisID, network: version.genesisId }))',
        'await net.stop()',
      ].join('\n'),
    )
    const out = JSON.parse(run(process.execPath, ['try.mjs'], app)) as { genesisId: string; network: string }
    expect(out).toEqual({ genesisId: 'dockernet-v1', network: 'dockernet-v1' })

    // the declarations type a consumer's TypeScript (node16 resolution, no skipLibCheck)
    fs.mkdirSync(path.join(app, 'node_modules/@types'))
    fs.symlinkSync(path.join(ROOT, 'node_modules/@types/node'), path.join(app, 'node_modules/@types/node'))
    fs.writeFileSync(
      path.join(app, 'typed.ts'),
      [
        "import { startLocalnet, type Localnet } from '@grove/localnet'",
        "import { assemble } from '@grove/avm'",
        "import { genesisAccounts } from '@grove/ledger'",
        'const net: Localnet = await startLocalnet({ algodPort: 0 })',
        'const wrong: number = net.algod.url',
        'export { assemble, genesisAccounts, wrong }',
      ].join('\n'),
    )
    const tsc = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', '--types', 'node', 'typed.ts'], { cwd: app, encoding: 'utf8' })
    // exactly the one mistake made on purpose: everything else resolves and type-checks
    expect(tsc.stdout.trim()).toBe("typed.ts(5,7): error TS2322: Type 'string' is not assignable to type 'number'.")
  })
})
