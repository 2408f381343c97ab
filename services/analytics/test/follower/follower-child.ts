// The follower as a process of its own, for the crash test: follows algod into a database until it
// is killed. Arguments come by environment: GROVE_ALGOD (url), GROVE_ALGOD_TOKEN, GROVE_DATABASE
// (a PGlite directory or postgres://…), GROVE_DEPLOYMENT (JSON, ids as strings). It prints
// "following" once it follows, and polls a few rounds at a time. Before each poll's commit (its rows
// written, its SQL transaction open) it prints "writing FROM TO" and waits GROVE_PAUSE_MS, so a kill
// the parent sends on that line lands mid-ingest. With GROVE_UNTIL_CAUGHT_UP=1 it stops at algod's
// tip and exits instead.
import { openDatabase } from '../../src/db/database.ts'
import { migrate } from '../../src/db/migrate.ts'
import { Follower } from '../../src/follower/follower.ts'
import { algodClient } from '../../src/start-analytics.ts'
import type { Deployment } from '../../src/config.ts'

const env = process.env
const deployment = Object.fromEntries(Object.entries(JSON.parse(env.GROVE_DEPLOYMENT!) as Record<string, string>).map(([k, v]) => [k, k === 'network' ? v : BigInt(v)])) as unknown as Deployment
const db = await openDatabase(env.GROVE_DATABASE!)
await migrate(db)
const pauseMs = Number(env.GROVE_PAUSE_MS ?? 0)
const follower = new Follower({
  db,
  algod: algodClient(env.GROVE_ALGOD!, env.GROVE_ALGOD_TOKEN ?? ''),
  deployment,
  maxRoundsPerPoll: 3,
  idleMs: 100,
  log: (m) => console.error(m),
  beforeCommit: async ({ from, to }) => {
    console.log(`writing ${from} ${to}`)
    if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs))
  },
})
await follower.verifyChain()
console.log('following')
if (env.GROVE_UNTIL_CAUGHT_UP) {
  for (;;) {
    const r = await follower.pollOnce()
    if (r.to >= r.tip) break
  }
  await db.close()
} else await follower.start()
