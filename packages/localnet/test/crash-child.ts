// The node as a process of its own for the crash test: algod over a ledger in GROVE_DATA_DIR on a
// free port; prints "algod <url>" once it listens. GROVE_PAUSE_AT="<n> <stage>" stops the process
// inside the n-th commit it serves, as that commit's <stage> ends (a CommitStage: 'apply', 'encode',
// 'deltas', 'log' — halfway through the log write — or 'flush', counted by flushes since a flush
// completes after later commits may have been logged): it prints "paused <n> <stage>" and blocks
// there until it is killed, so the parent's SIGKILL lands at a chosen point of a commit.
import fs from 'node:fs'
import { openNode, type CommitStage } from '@grove/ledger'
import { createAlgodListener, listen, LOCALNET_TOKEN } from '../src/index.ts'

const [at, stage] = (process.env.GROVE_PAUSE_AT ?? '').split(' ') as [string, CommitStage | undefined]
let serving = false
let commits = 0
const node = openNode({
  dataDir: process.env.GROVE_DATA_DIR!,
  fault: (s) => {
    // replaying the log at start runs the same stages: only the commits served count
    if (!serving) return
    if (s === (stage === 'flush' ? 'flush' : 'apply')) commits++
    if (commits === Number(at) && s === stage) {
      fs.writeSync(1, `paused ${commits} ${s}\n`)
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)
    }
  },
})
const algod = createAlgodListener({ node, token: LOCALNET_TOKEN })
const server = await listen(algod.listener, 0)
serving = true
fs.writeSync(1, `algod ${server.url}\n`)
