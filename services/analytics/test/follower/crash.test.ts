// Crash safety with real kills (issue #15): the follower runs as a child process against a localnet
// while Grove is being used, and is killed with SIGKILL mid-ingest several times, then restarted;
// once it has caught up, every table must equal a fresh full re-index of the same chain.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { BACKENDS } from '../backends.ts'
import { runActivity, startFullGrove, type FullGrove } from '../activity.ts'
import { openDatabase, type Database } from '../../src/db/database.ts'
import { Follower, readWatermark } from '../../src/follower/follower.ts'

const CHILD = new URL('./follower-child.ts', import.meta.url).pathname
// CI kills it 3 times (each run is a process start); 5 elsewhere, CRASH_KILLS for more
const KILLS = Number(process.env.CRASH_KILLS ?? (process.env.CI ? 3 : 5))
let g: FullGrove
let pass = 0

beforeAll(async () => {
  g = await startFullGrove()
  await runActivity(g, pass++)
}, 300_000)

afterAll(async () => {
  await g?.stop()
})

/**
 * Starts the follower process on `database`; resolves once it follows (or exits, when caughtUp).
 * `writing(n)` resolves when the child has printed its n-th "writing" line: it is then inside that
 * poll's SQL transaction, pausing before the commit.
 */
function child(database: string, caughtUp = false): Promise<{ proc: ChildProcess; exited: Promise<number | null>; writing(n: number): Promise<void> }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: {
      ...process.env,
      GROVE_ALGOD: g.net.algod.url,
      GROVE_ALGOD_TOKEN: g.net.algod.token,
      GROVE_DATABASE: database,
      GROVE_DEPLOYMENT: JSON.stringify(g.deployment, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
      ...(caughtUp ? { GROVE_UNTIL_CAUGHT_UP: '1' } : { GROVE_PAUSE_MS: '400' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  proc.stderr!.on('data', (d) => (stderr += String(d)))
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)))
  let out = ''
  let writes = 0
  const waiting: { n: number; resolve(): void }[] = []
  const writing = (n: number) => new Promise<void>((resolve) => (writes >= n ? resolve() : waiting.push({ n, resolve })))
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (d) => {
      out += String(d)
      writes = out.split('\n').filter((l) => l.startsWith('writing ')).length
      for (const w of waiting.filter((w) => writes >= w.n)) w.resolve()
      if (out.includes('following')) resolve({ proc, exited, writing })
    })
    void exited.then((code) => (code === 0 ? resolve({ proc, exited, writing }) : reject(new Error(`the follower exited with ${code}: ${stderr}`))))
  })
}

/** Every table's and view's rows, sorted: what "the same index" means. */
async function snapshot(db: Database): Promise<Record<string, string[]>> {
  const tables = await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name")
  const out: Record<string, string[]> = {}
  for (const { table_name } of tables) out[table_name] = (await db.query(`SELECT * FROM ${table_name}`)).map((r) => JSON.stringify(r)).sort()
  return out
}

describe.each(BACKENDS)('the follower killed with SIGKILL mid-ingest on $name', (backend) => {
  let target: string
  let dir: string | undefined

  beforeAll(async () => {
    if (backend.name === 'pglite') target = dir = mkdtempSync(join(tmpdir(), 'grove-crash-'))
    else {
      const url = inject('postgresUrl')
      const name = `crash_${randomBytes(6).toString('hex')}`
      const admin = await openDatabase(url)
      await admin.exec(`CREATE DATABASE ${name}`)
      await admin.close()
      target = url.replace(/\/postgres$/, `/${name}`)
    }
  })
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('resumes after each kill and ends with the tables of a fresh full re-index', async () => {
    // Grove keeps being used while the follower is killed and restarted
    const activity = runActivity(g, pass++)
    const watermarks: number[] = []
    for (let i = 0; i < KILLS; i++) {
      // killed inside its (i + 1)-th poll's transaction: i polls committed in this run, one lost
      const { proc, exited, writing } = await child(target)
      await writing(i + 1)
      proc.kill('SIGKILL')
      expect(await exited).toBeNull()
      // PGlite's directory has one user at a time: read the watermark between runs
      const db = await openDatabase(target)
      watermarks.push(Number((await readWatermark(db))?.round ?? 0))
      await db.close()
    }
    await activity
    const tip = Number((await g.algod.status().do()).lastRound)
    // the kills landed while it was still behind (at most 3 rounds a poll, KILLS·(KILLS−1)/2 polls committed
    // in all), and it moved between them
    expect(tip).toBeGreaterThan(30)
    expect(watermarks.every((w) => w < tip)).toBe(true)
    expect(new Set(watermarks).size).toBe(KILLS)
    const last = await child(target, true)
    expect(await last.exited).toBe(0)

    const followed = await openDatabase(target)
    const fresh = await backend.open()
    try {
      const f = new Follower({ db: fresh, algod: g.algod, deployment: g.deployment })
      await f.verifyChain()
      for (;;) {
        const r = await f.pollOnce()
        if (r.to >= r.tip) break
      }
      const [a, b] = [await snapshot(followed), await snapshot(fresh)]
      expect(Object.keys(a)).toContain('staking_events')
      expect(a.swaps!.length).toBeGreaterThan(0)
      expect(a).toEqual(b)
    } finally {
      await followed.close()
      await fresh.close()
    }
  }, 600_000)
})
