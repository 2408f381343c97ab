#!/usr/bin/env node
// Runs every check in order (typecheck, lint, unit tests per workspace, browser suite) and
// ends with one summary line `N passed, N failed` that CI reads.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'

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
/** Each failed test's file, name and first line of its error: printed last, so a log's tail names them. */
const failedTests = []
const firstLine = (text) => stripVTControlCharacters(String(text ?? '')).split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? ''
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

/** Runs `jobs` a core each, each one's output printed whole when it ends; resolves to each job's seconds and outcome. */
async function runConcurrently(jobs, width) {
  const results = []
  let next = 0
  async function worker() {
    while (next < jobs.length) {
      const job = jobs[next++]
      const started = performance.now()
      const child = spawn(job.cmd, job.args, { cwd: job.cwd ?? root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] })
      const chunks = []
      child.stdout.on('data', (c) => chunks.push(c))
      child.stderr.on('data', (c) => chunks.push(c))
      const code = await new Promise((ok) => child.on('close', ok))
      const seconds = (performance.now() - started) / 1000
      console.log(`\n▶ ${job.label} (${seconds.toFixed(1)} s, ${code === 0 ? 'ok' : 'FAILED'})`)
      process.stdout.write(Buffer.concat(chunks))
      results.push({ label: job.label, seconds, ok: code === 0 })
    }
  }
  await Promise.all(Array.from({ length: width }, worker))
  return results
}

// The static checks share the cores: each workspace's typecheck, lint and the import circles, longest first.
// (They re-read one another's sources, so one tsc after another would leave a core idle for ~2 minutes.)
{
  const typechecks = workspaces.filter((ws) => ws.scripts?.typecheck).map((ws) => {
    const [bin, ...args] = ws.scripts.typecheck.split(' ')
    return { label: `typecheck ${ws.name}`, cmd: path.join(root, 'node_modules', '.bin', bin), args, cwd: path.join(root, ws.dir) }
  })
  const longestFirst = ['@grove/web', '@grove/e2e', '@grove/contracts', '@grove/demo', '@grove/analytics']
  typechecks.sort((x, y) => rank(x.label) - rank(y.label))
  function rank(label) {
    const i = longestFirst.findIndex((n) => label.endsWith(n))
    return i < 0 ? longestFirst.length : i
  }
  const jobs = [
    ...typechecks.slice(0, 1),
    { label: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
    ...typechecks.slice(1),
    // no file imports itself round a circle, the AVM evaluator's dispatch aside (scripts/import-cycles.mjs)
    { label: 'import circles', cmd: 'node', args: ['scripts/import-cycles.mjs'] },
  ]
  console.log(`\n▶ typecheck, lint and import circles (${jobs.length} jobs, ${os.availableParallelism()} at a time)`)
  const started = performance.now()
  const results = await runConcurrently(jobs, os.availableParallelism())
  const ok = results.every((r) => r.ok)
  for (const r of results.filter((x) => !x.ok)) failures.push(r.label)
  const typecheckOk = results.filter((r) => r.label.startsWith('typecheck')).every((r) => r.ok)
  for (const label of ['typecheck', 'lint', 'import circles']) {
    if (label === 'typecheck' ? typecheckOk : results.find((r) => r.label === label)?.ok) passed++
    else failed++
  }
  stages.push({ label: 'typecheck, lint, import circles', seconds: (performance.now() - started) / 1000, ok })
  console.log(results.map((r) => `  ${r.label.padEnd(28)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.ok ? 'ok' : 'FAILED'}`).join('\n'))
}

for (const ws of workspaces) {
  if (!ws.scripts?.test || ws.name === '@grove/e2e') continue
  const out = path.join(resultsDir, `${ws.name.replace(/\W+/g, '_')}.json`)
  // every core: Vitest's default leaves one idle (cores − 1), and most suites wait on a localnet in their own worker
  const ok = run(`unit tests ${ws.name}`, 'npx', ['vitest', 'run', `--maxWorkers=${os.availableParallelism()}`, '--reporter=default', '--reporter=json', `--outputFile=${out}`], path.join(root, ws.dir))
  const report = readJson(out)
  if (report) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    for (const file of report.testResults ?? []) {
      const where = path.relative(root, file.name)
      if (file.status === 'failed' && !file.assertionResults?.some((t) => t.status === 'failed')) failedTests.push(`${where}: ${firstLine(file.message)}`)
      for (const t of file.assertionResults ?? []) if (t.status === 'failed') failedTests.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
    }
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
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? [])
          if (t.status === 'unexpected') failedTests.push(`e2e/tests/${spec.file ?? file} › ${spec.title}: ${firstLine(t.results?.at(-1)?.error?.message)}`)
      for (const child of suite.suites ?? []) walk(child, suite.file ?? file)
    }
    for (const suite of report.suites ?? []) walk(suite, suite.file)
    if (!ok && report.stats.unexpected === 0) failed++
  } else if (!ok) failed++
}

printStages()
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`)
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failures.length || failed ? 1 : 0)
