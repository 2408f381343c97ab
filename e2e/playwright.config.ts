// Browser suite in Debian's Chromium, two projects:
// - "chromium": the production build of the web app alone, served by `vite preview` (built into
//   this run's temporary directory). No algod is needed: pages show readable states when a node
//   is unreachable.
// - "stack": `tests/{swap,shares,stack}*.spec.ts` against the whole stack as `npm start` runs it
//   (scripts/start.mjs: localnet + deploy + demo seed + web build), on free ports with a temporary
//   data directory; helpers for those specs are in support/stack.ts.
// - "stack-global": the stack specs that change what every other test sees (they move Grove's clock
//   by hours, pause swaps, change a fee). They run after "stack", one at a time: a farm's pending
//   figure or a program's status must not jump because another worker moved the clock. "chromium"
//   waits for "stack" too when the stack runs, so its specs (which never touch the localnet) keep the
//   other worker busy beside them rather than leaving it idle for minutes.
// The stack (and its project) exists only when a run may include its specs: not for
// `--project chromium`, nor when only other spec files are named, nor with GROVE_E2E_STACK=0.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'

const jsonOutput = process.env.PLAYWRIGHT_JSON_OUTPUT_FILE
const STACK_SPECS = /(^|[\\/])(swap|shares|stack)[^\\/]*\.spec\.ts$/
const GLOBAL_SPECS = /(^|[\\/])stack-(admin|projects|stake|staking|orders)\.spec\.ts$/

/** Whether this run may select a stack spec, judged from the runner's command line. */
function runsStack(argv: string[]): boolean {
  if (process.env.GROVE_E2E_STACK === '0') return false
  const projects = argv.flatMap((a, i) => (a.startsWith('--project=') ? [a.slice(10)] : a === '--project' || a === '-p' ? [argv[i + 1]] : []))
  if (projects.length > 0 && !projects.some((p) => p.startsWith('stack'))) return false
  const files = argv.slice(argv.indexOf('test') + 1).filter((a, i, all) => !a.startsWith('-') && !/^--?(project|p|grep|g|workers|j|reporter|config|c|timeout|repeat-each|retries|shard|output)$/.test(all[i - 1] ?? ''))
  return files.length === 0 || files.some((f) => /swap|shares|stack/.test(f))
}

// The runner evaluates this file first and its workers inherit its environment, so free ports and
// the run's directory (the stack's data, the web build) are chosen once, here, and every process
// reads them back. Nothing is shared with another run on the same machine or checkout.
if (!process.env.GROVE_E2E_DATA_DIR) {
  const ports = execFileSync(process.execPath, [
    '-e',
    `const net = require('node:net');
     Promise.all([0, 1, 2, 3, 4, 5].map(() => new Promise((ok) => { const s = net.createServer(); s.listen(0, '127.0.0.1', () => ok(s)) })))
       .then((ss) => { console.log(ss.map((s) => s.address().port).join(' ')); ss.forEach((s) => s.close()) })`,
  ])
    .toString()
    .trim()
    .split(' ')
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-e2e-'))
  const withStack = runsStack(process.argv) ? '1' : '0'
  Object.assign(process.env, {
    GROVE_E2E_PORT: process.env.GROVE_E2E_PORT ?? ports[3],
    GROVE_E2E_DATA_DIR: path.join(runDir, 'stack'),
    GROVE_E2E_ALGOD_PORT: ports[0],
    GROVE_E2E_KMD_PORT: ports[1],
    GROVE_E2E_WEB_PORT: ports[2],
    GROVE_E2E_ANALYTICS_PORT: ports[4],
    GROVE_E2E_INDEXER_PORT: ports[5],
    GROVE_E2E_WITH_STACK: withStack,
  })
  process.on('exit', () => fs.rmSync(runDir, { recursive: true, force: true }))
}
const PORT = Number(process.env.GROVE_E2E_PORT)
// the one build of the web app both servers serve (scripts/web-build.mjs: made once, reused while its sources are unchanged)
const webDir = process.env.GROVE_WEB_BUILD_DIR ?? path.resolve(import.meta.dirname, '..', '.grove', 'web')
const withStack = process.env.GROVE_E2E_WITH_STACK === '1'
const stack = {
  dataDir: process.env.GROVE_E2E_DATA_DIR!,
  algodPort: process.env.GROVE_E2E_ALGOD_PORT!,
  kmdPort: process.env.GROVE_E2E_KMD_PORT!,
  webPort: process.env.GROVE_E2E_WEB_PORT!,
  analyticsPort: process.env.GROVE_E2E_ANALYTICS_PORT!,
  indexerPort: process.env.GROVE_E2E_INDEXER_PORT!,
}
const chromium = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  },
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  // scripts/test.mjs reads the JSON report from PLAYWRIGHT_JSON_OUTPUT_FILE.
  reporter: jsonOutput ? [['list'], ['json', { outputFile: jsonOutput }]] : [['list']],
  use: { trace: 'retain-on-failure' },
  projects: [
    // transactions take a while on a busy localnet, hence the longer timeout
    ...(withStack
      ? [
          { name: 'stack', testMatch: STACK_SPECS, testIgnore: GLOBAL_SPECS, timeout: 90_000, use: { ...chromium, baseURL: `http://127.0.0.1:${stack.webPort}` } },
          { name: 'stack-global', testMatch: GLOBAL_SPECS, dependencies: ['stack'], fullyParallel: false, workers: 1, timeout: 90_000, use: { ...chromium, baseURL: `http://127.0.0.1:${stack.webPort}` } },
        ]
      : []),
    // with the stack, after "stack" and listed after "stack-global" (the runner takes a phase's tests in
    // project order): "stack-global" takes one worker, one test at a time, and these fill the other
    { name: 'chromium', testIgnore: STACK_SPECS, dependencies: withStack ? ['stack'] : [], use: { ...chromium, baseURL: `http://127.0.0.1:${PORT}` } },
  ],
  webServer: [
    {
      command: `node ../../scripts/web-build.mjs ${webDir} && npx tsx server/serve.ts --dir ${webDir} --port ${PORT} --api http://127.0.0.1:4001 --api http://127.0.0.1:4002`,
      cwd: '../apps/web',
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    ...(withStack
      ? [
          {
            // no background keeper: its fills would move pools under specs that compare figures; the
            // orders spec runs a keeper pass of its own (stack-global, alone)
            command: 'node scripts/start.mjs --no-keeper',
            cwd: '..',
            env: { GROVE_DATA_DIR: stack.dataDir, GROVE_ALGOD_PORT: stack.algodPort, GROVE_KMD_PORT: stack.kmdPort, GROVE_WEB_PORT: stack.webPort, GROVE_ANALYTICS_PORT: stack.analyticsPort, GROVE_INDEXER_PORT: stack.indexerPort },
            url: `http://127.0.0.1:${stack.webPort}/`,
            reuseExistingServer: false,
            timeout: 600_000,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
        ]
      : []),
  ],
})
