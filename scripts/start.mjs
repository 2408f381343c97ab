#!/usr/bin/env node
// `npm start`: the embedded localnet (algod :4001, kmd :4002, state in .grove/localnet or
// $GROVE_DATA_DIR) and the web app's production build on :5173. Ctrl-C stops both; if either
// exits, the other is stopped too. `npm start -- --reset` starts the localnet afresh.
import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const dataDir = process.env.GROVE_DATA_DIR ?? path.join(root, '.grove', 'localnet')
const reset = process.argv.includes('--reset') ? ['--reset'] : []

const children = [
  spawn(process.execPath, ['packages/localnet/bin/grove-localnet.mjs', 'start', '--data', dataDir, ...reset], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'start', '--silent', '-w', '@grove/web'], { cwd: root, stdio: 'inherit' }),
]

let stopping = false
function stop(code) {
  if (stopping) return
  stopping = true
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  process.exitCode = code
}
for (const c of children) c.on('exit', (code) => stop(code ?? 0))
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

console.log(`Grove: web app at http://127.0.0.1:5173 once built; localnet state in ${dataDir}.
Connect with the KMD wallet (wallet "unencrypted-default-wallet", empty password) on LocalNet.`)
