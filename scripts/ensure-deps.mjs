#!/usr/bin/env node
// Makes `npm start` and `npm test` the only set-up a fresh machine needs: installs the workspace
// dependencies when node_modules is missing or older than package-lock.json, builds the localnet's
// packages (avm, ledger, localnet: what grove-localnet and `npm start` run) when their dist/ is
// older than their sources (scripts/build-localnet.mjs), and (with --browser)
// Debian's Chromium for the browser suite when it is missing and we may install it.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const lock = path.join(root, 'package-lock.json')
const installed = path.join(root, 'node_modules', '.package-lock.json')

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs
  } catch {
    return -1
  }
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

if (mtime(installed) < mtime(lock)) {
  console.log('Installing dependencies (npm ci)…')
  run('npm', ['ci', '--no-audit', '--no-fund'])
}

const { buildPackages } = await import('./build-localnet.mjs')
if (!(await buildPackages())) process.exit(1)

if (process.argv.includes('--browser') && !fs.existsSync('/usr/bin/chromium')) {
  if (process.getuid?.() === 0) {
    console.log("Installing Debian's Chromium for the browser suite…")
    run('apt-get', ['update'])
    const r = spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    if (r.status !== 0) process.exit(r.status ?? 1)
  } else {
    console.error('The browser suite needs Chromium at /usr/bin/chromium: run `sudo apt-get install -y chromium`.')
    process.exit(1)
  }
}
