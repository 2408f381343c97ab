#!/usr/bin/env node
// One production build of the web app for every stack. The app reads its stack's ports, deployment
// and analytics service at run time (apps/web/src/lib/runtime.ts, served by the web server), so a
// build depends only on the sources: it is made once into .grove/web (GROVE_WEB_BUILD_DIR moves it)
// and reused while a stamp of its inputs (each file's path, size and time; the build's environment)
// is unchanged. Two processes asking at once (the browser suite's two servers) build it once: the
// second waits on the first's lock. `node scripts/web-build.mjs` builds or reuses it and prints its folder.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const webRoot = path.join(root, 'apps/web')

/** What a build reads: the app, the SDK and contracts it bundles, and the locked dependencies. */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/content',
  'apps/web/deployments',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-plugin-build-id.ts',
  'apps/web/package.json',
  'packages/sdk/src',
  'packages/sdk/package.json',
  'packages/contracts/src',
  'packages/contracts/artifacts',
  'packages/contracts/package.json',
  'package-lock.json',
]

function* files(p) {
  let stat
  try {
    stat = fs.statSync(p)
  } catch {
    return
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(p).sort()) if (!name.startsWith('.') && !/\.test\.tsx?$/.test(name)) yield* files(path.join(p, name))
  } else yield [p, stat]
}

/** The stamp of the sources a build is made from, and of the environment Vite reads. */
export function webBuildStamp() {
  const hash = crypto.createHash('sha256')
  for (const input of INPUTS) for (const [file, stat] of files(path.join(root, input))) hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`)
  for (const [k, v] of Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b))) if (k.startsWith('VITE_') || k === 'GROVE_NETWORK') hash.update(`${k}=${v}\n`)
  return hash.digest('hex').slice(0, 16)
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms))

/**
 * Takes the build lock (a directory holding its holder's pid), waiting while a live process holds it.
 * A holder that died (Ctrl-C during `npm start`'s build, kill -9) leaves the directory behind: its pid
 * no longer runs, so the lock is taken at once; a lock without a readable pid counts as a crashed
 * build's after 10 minutes (a pid reused since is the one case that waits that long).
 */
export async function lock(dir) {
  for (;;) {
    try {
      fs.mkdirSync(dir)
      fs.writeFileSync(path.join(dir, 'pid'), String(process.pid))
      return () => fs.rmSync(dir, { recursive: true, force: true })
    } catch (e) {
      if (e.code !== 'EEXIST') throw e
      const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
      if (age > 600_000 || holderDied(dir, age)) fs.rmSync(dir, { recursive: true, force: true })
      else await sleep(250)
    }
  }
}

/** Whether the lock's holder is gone: its pid runs no more (a lock just made may not hold its pid yet). */
function holderDied(dir, age) {
  let pid
  try {
    pid = Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8'))
  } catch {
    return false
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return age > 5_000
  try {
    process.kill(pid, 0)
    return false
  } catch (e) {
    return e.code === 'ESRCH'
  }
}

/** The build's folder, made now only when its stamp changed; `built` says whether it was. */
export async function ensureWebBuild({ outDir = process.env.GROVE_WEB_BUILD_DIR ?? path.join(root, '.grove', 'web') } = {}) {
  fs.mkdirSync(path.dirname(outDir), { recursive: true })
  const stampFile = path.join(outDir, '.stamp')
  const release = await lock(`${outDir}.lock`)
  try {
    const stamp = webBuildStamp()
    if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp && fs.existsSync(path.join(outDir, 'index.html'))) return { outDir, built: false }
    const vite = await import('vite')
    await vite.build({ root: webRoot, configFile: path.join(webRoot, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } })
    fs.writeFileSync(stampFile, stamp)
    return { outDir, built: true }
  } finally {
    release()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { outDir } = await ensureWebBuild({ outDir: process.argv[2] ? path.resolve(process.argv[2]) : undefined })
  console.log(outDir)
}
