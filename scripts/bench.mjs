#!/usr/bin/env node
// Runs each workspace's `bench` script (each prints one JSON object) and prints them as one
// JSON object keyed by package name.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
const results = {}
let failed = false
for (const dir of pkg.workspaces) {
  const ws = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'))
  // `bench` measures the package; `bench:load` (where present) is its bounded loopback load test;
  // `bench:routing` (@grove/demo) prints the router's rows under `routing` (BENCH_ONLY=routing: that alone)
  for (const [script, key] of [['bench', ws.name], ['bench:load', `${ws.name} load`], ['bench:routing', 'routing']]) {
    if (!ws.scripts?.[script]) continue
    if (process.env.BENCH_ONLY === 'routing' && script !== 'bench:routing') continue
    const r = spawnSync('npm', ['run', script, '--silent'], { cwd: path.join(root, dir), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 })
    const text = r.stdout.trim()
    const start = text.indexOf('{')
    try {
      if (r.status !== 0 || start < 0) throw new Error(`exit ${r.status}`)
      const parsed = JSON.parse(text.slice(start))
      results[key] = script === 'bench:routing' ? parsed.routing : parsed
    } catch (e) {
      failed = true
      results[key] = { error: `bench failed: ${e.message}`, output: text.slice(-2000) }
    }
  }
}
// npm start's fresh and reused starts to the printed URL (bench-start.mjs)
if (!process.env.BENCH_ONLY) {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/bench-start.mjs')], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  try {
    if (r.status !== 0) throw new Error(`exit ${r.status}`)
    results.start = JSON.parse(r.stdout.trim().split('\n').pop())
  } catch (e) {
    failed = true
    results.start = { error: `bench failed: ${e.message}`, output: r.stdout.slice(-2000) }
  }
}
console.log(JSON.stringify(results, null, 2))
process.exit(failed ? 1 : 0)
