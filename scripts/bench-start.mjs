#!/usr/bin/env node
// `npm start`'s own figures (issue 35): seconds from spawning scripts/start.mjs to its printed web
// URL, on fresh data (deploy and demo seed) and again on the data that run left (no deploy, no
// seed). Free ports, a temporary data directory; the web build is made first, as a second start
// finds it. Prints one JSON object; scripts/bench.mjs adds it under "start".
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureWebBuild } from './web-build.mjs'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')

/** Seconds until start.mjs prints "Ctrl-C stops everything", then stops it. */
function timeStart(dataDir) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    const env = { ...process.env, GROVE_DATA_DIR: dataDir, GROVE_ALGOD_PORT: '0', GROVE_KMD_PORT: '0', GROVE_INDEXER_PORT: '0', GROVE_WEB_PORT: '0', GROVE_ANALYTICS_PORT: '0' }
    const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    const timer = setTimeout(() => child.kill('SIGKILL'), 600_000)
    child.stdout.on('data', (d) => {
      out += d
      if (out.includes('Ctrl-C stops everything')) {
        const seconds = (performance.now() - t0) / 1000
        const printed = /ready in ([\d.]+) s/.exec(out)?.[1]
        child.once('exit', () => resolve({ seconds: Number(seconds.toFixed(2)), printed: printed === undefined ? null : Number(printed) }))
        child.kill('SIGTERM')
      }
    })
    child.stderr.on('data', (d) => (out += d))
    child.once('exit', (code) => {
      clearTimeout(timer)
      if (!out.includes('Ctrl-C stops everything')) reject(new Error(`start.mjs exited ${code}: ${out.slice(-500)}`))
    })
  })
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-bench-start-'))
try {
  await ensureWebBuild()
  const fresh = await timeStart(dataDir)
  const existing = await timeStart(dataDir)
  console.log(JSON.stringify({ freshSeconds: fresh.seconds, freshPrinted: fresh.printed, existingSeconds: existing.seconds, existingPrinted: existing.printed, goals: { freshSeconds: 10, existingSeconds: 2 } }))
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true })
}
