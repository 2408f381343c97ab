// A node holding a data directory for the lock test: opens the ledger in GROVE_DATA_DIR, prints
// "ready" and runs until it is killed.
import fs from 'node:fs'
import { openNode } from '@grove/ledger'

openNode({ dataDir: process.env.GROVE_DATA_DIR! })
fs.writeSync(1, 'ready\n')
setInterval(() => {}, 60_000)
