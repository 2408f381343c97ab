#!/usr/bin/env node
// Builds @grove/avm, @grove/ledger and @grove/localnet to JavaScript with declarations (each
// package's dist/, `tsc -p tsconfig.build.json`), and the grove-localnet CLI into one file
// (packages/localnet/dist/cli.bundle.js, everything it imports inlined: Node loads one module
// instead of some 400, which halves its start). The CLI and packed tarballs run dist/; the
// monorepo's typecheck, tests and tsx scripts read the TypeScript sources through the
// `@grove/source` export condition.
//   node scripts/build-localnet.mjs            builds the packages whose dist/ is stale
//   node scripts/build-localnet.mjs avm ...    builds the named packages (each package's `npm run build`)
// `npm start` and `npm test` build the stale ones first (scripts/ensure-deps.mjs).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** In build order: each reads the declarations of the ones before it. */
export const BUILT_PACKAGES = ['avm', 'ledger', 'localnet']
/** Written last by a successful build; dist/ is stale when a source is newer. */
const STAMP = path.join('dist', '.built')

function newest(dir) {
  let latest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) latest = Math.max(latest, newest(file))
    else if (!entry.name.endsWith('.test.ts')) latest = Math.max(latest, fs.statSync(file).mtimeMs)
  }
  return latest
}

/** When packages/<name>/dist was last built (0: never). */
function builtAt(name) {
  try {
    return fs.statSync(path.join(root, 'packages', name, STAMP)).mtimeMs
  } catch {
    return 0
  }
}

/**
 * Whether packages/<name>/dist is missing or older than its sources, package.json or build config, or
 * than the dist of a package before it: a build reads their declarations, and localnet's CLI bundle
 * holds the ledger's and the AVM's code, so a ledger-only change must rebuild it too.
 */
export function isStale(name) {
  const dir = path.join(root, 'packages', name)
  const built = builtAt(name)
  if (built === 0) return true
  const inputs = ['package.json', 'tsconfig.build.json'].map((f) => fs.statSync(path.join(dir, f)).mtimeMs)
  const before = BUILT_PACKAGES.slice(0, BUILT_PACKAGES.indexOf(name)).map(builtAt)
  return Math.max(newest(path.join(dir, 'src')), ...inputs, ...before) > built
}

/** The packages whose dist/ is stale, in build order: a stale one makes every one after it stale. */
export function stalePackages() {
  const first = BUILT_PACKAGES.findIndex(isStale)
  return first === -1 ? [] : BUILT_PACKAGES.slice(first)
}

/** Builds one package afresh; false when tsc reports an error (nothing is emitted then, so it stays stale). */
export async function buildPackage(name, { log = console.log } = {}) {
  const dir = path.join(root, 'packages', name)
  log(`Building @grove/${name} (dist/)…`)
  fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true })
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc')
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: dir, stdio: 'inherit' })
  if (r.status !== 0) return false
  if (name === 'localnet') {
    // esbuild comes with tsx (the monorepo's TypeScript runner)
    const esbuild = await import('esbuild')
    await esbuild.build({
      entryPoints: [path.join(dir, 'dist', 'cli.js')],
      outfile: path.join(dir, 'dist', 'cli.bundle.js'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      legalComments: 'none',
      // the CommonJS dependencies (tweetnacl, json-bigint…) require Node's built-ins
      banner: { js: "import { createRequire as __groveRequire } from 'node:module'; const require = __groveRequire(import.meta.url);" },
    })
  }
  fs.writeFileSync(path.join(dir, STAMP), new Date().toISOString() + '\n')
  return true
}

/** Builds the stale packages (or the named ones), in build order; false when one fails. */
export async function buildPackages({ names, log = console.log } = {}) {
  const stale = names ?? stalePackages()
  for (const name of BUILT_PACKAGES) {
    if (!stale.includes(name)) continue
    if (!(await buildPackage(name, { log }))) return false
  }
  return true
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2)
  const unknown = names.filter((n) => !BUILT_PACKAGES.includes(n))
  if (unknown.length) {
    console.error(`usage: build-localnet.mjs [${BUILT_PACKAGES.join(' ')}] (unknown: ${unknown.join(', ')})`)
    process.exit(2)
  }
  if (!(await buildPackages({ names: names.length ? names : undefined }))) process.exit(1)
}
