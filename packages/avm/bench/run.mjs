#!/usr/bin/env node
// `npm run bench -w @grove/avm`: builds bench/bench.ts and the AVM sources it imports into one
// JavaScript file (esbuild, as scripts/build-localnet.mjs builds dist/) and runs it with node, so
// the bench measures the AVM as the localnet runs it. Through tsx's per-module transform the
// evaluator runs about half as fast, while algo-builder (plain JavaScript) does not change.
// Arguments (`-- --record-baseline`) are passed on.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const benchDir = path.dirname(fileURLToPath(import.meta.url))
// Under the package's node_modules: the package root is two folders up, as from src/conformance/.
const outfile = path.join(benchDir, '../node_modules/.cache/bench.mjs')
// esbuild comes with tsx (the monorepo's TypeScript runner)
const esbuild = await import('esbuild')
await esbuild.build({
  entryPoints: [path.join(benchDir, 'bench.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['@grove/source'],
  external: ['@algo-builder/*'],
  logLevel: 'warning',
})
const r = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, GROVE_AVM_BENCH_DIR: benchDir },
})
process.exit(r.status ?? 1)
