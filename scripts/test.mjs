#!/usr/bin/env node
// Runs every check in order (typecheck, lint, unit tests per workspace, browser suite) and
// ends with one summary line `N passed, N failed` that CI reads.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const resultsDir = path.join(root, '.test-results')
const unitOnly = process.argv.includes('--unit')
fs.rmSync(resultsDir, { recursive: true, force: true })
fs.mkdirSync(resultsDir, { recursive: true })

const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
const workspaces = pkg.workspaces.map((dir) => ({ dir, ...JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')) }))

let passed = 0
let failed = 0
const failures = []
/** Each step's label, seconds and outcome: the table CI's log ends with. */
const stages = []

function run(label, cmd, args, cwd = root, env = {}) {
  console.log(`\n▶ ${label}`)
  const started = performance.now()
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = r.status === 0
  stages.push({ label, seconds: (performance.now() - started) / 1000, ok })
  if (!ok) failures.push(label)
  return ok
}

/** The stage table: where the run's time went, longest first marked by its share. */
function printStages() {
  const total = stages.reduce((s, x) => s + x.seconds, 0)
  const width = Math.max(...stages.map((x) => x.label.length), 5)
  console.log(`\n${'stage'.padEnd(width)}  seconds  share  result`)
  for (const x of stages) console.log(`${x.label.padEnd(width)}  ${x.seconds.toFixed(1).padStart(7)}  ${((100 * x.seconds) / total).toFixed(0).padStart(4)}%  ${x.ok ? 'ok' : 'FAILED'}`)
  console.log(`${'total'.padEnd(width)}  ${total.toFixed(1).padStart(7)}`)
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

if (run('typecheck', 'npm', ['run', 'typecheck', '--silent'])) passed++
else failed++
if (run('lint', 'npx', ['eslint', '.', '--max-warnings=0'])) passed++
else failed++
// no file imports itself round a circle, the AVM evaluator's dispatch aside (scripts/import-cycles.mjs)
if (run('import circles', 'node', ['scripts/import-cycles.mjs'])) passed++
else failed++

for (const ws of workspaces) {
  if (!ws.scripts?.test || ws.name === '@grove/e2e') continue
  const out = path.join(resultsDir, `${ws.name.replace(/\W+/g, '_')}.json`)
  // every core: Vitest's default leaves one idle (cores − 1), and most suites wait on a localnet in their own worker
  const ok = run(`unit tests ${ws.name}`, 'npx', ['vitest', 'run', `--maxWorkers=${os.availableParallelism()}`, '--reporter=default', '--reporter=json', `--outputFile=${out}`], path.join(root, ws.dir))
  const report = readJson(out)
  if (report) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    if (!ok && report.numFailedTests === 0) failed++ // suite-level error (e.g. a file failed to load)
  } else if (!ok) failed++
}

if (!unitOnly) {
  const out = path.join(resultsDir, 'e2e.json')
  const ok = run('browser suite @grove/e2e', 'npx', ['playwright', 'test'], path.join(root, 'e2e'), { PLAYWRIGHT_JSON_OUTPUT_FILE: out })
  const report = readJson(out)
  if (report?.stats) {
    passed += report.stats.expected + report.stats.flaky
    failed += report.stats.unexpected
    if (!ok && report.stats.unexpected === 0) failed++
  } else if (!ok) failed++
}

printStages()
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failures.length || failed ? 1 : 0)
