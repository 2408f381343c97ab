// The data directory's lock names its holder by pid and start time: a restart right after kill -9
// takes the directory over (before the dead process is even reaped), a pid reused by another
// program blocks nothing, and a live node still keeps a second one out.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openNode } from '@grove/ledger'

const CHILD = path.resolve(import.meta.dirname, 'lock-child.ts')
const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

async function dataDir(): Promise<string> {
  const d = await mkdtemp(path.join(tmpdir(), 'grove-lock-'))
  dirs.push(d)
  return d
}

/** Opens a node over `dir` in a child process; resolves with it once it holds the lock. */
function startChild(dir: string): Promise<ReturnType<typeof spawn>> {
  const proc = spawn(process.execPath, ['--import', 'tsx', '--conditions=@grove/source', CHILD], { env: { ...process.env, GROVE_DATA_DIR: dir }, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      if (out.includes('ready\n')) resolve(proc)
    })
    proc.on('exit', (code) => reject(new Error(`child exited ${code}: ${err}`)))
  })
}

const startTime = (pid: number): string => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19]!

describe('the data directory lock', () => {
  it('lets a node start right after kill -9 of the last, 20 times in a row', async () => {
    const dir = await dataDir()
    const timings: number[] = []
    for (let i = 0; i < 20; i++) {
      const child = await startChild(dir)
      const exited = new Promise((resolve) => child.on('exit', resolve))
      child.kill('SIGKILL')
      // at once: the killed process is not reaped yet (this event loop has not run), maybe not even dead
      const t0 = performance.now()
      const node = openNode({ dataDir: dir })
      timings.push(performance.now() - t0)
      await node.close()
      await exited
    }
    // a dying holder is waited for, never refused; each takeover is quick
    expect(Math.max(...timings)).toBeLessThan(2_000)
  }, 120_000)

  it('takes over a lock whose pid another program now has (a reused pid)', async () => {
    const dir = await dataDir()
    await (openNode({ dataDir: dir })).close()
    // a live process, but not the one that wrote the lock: its start time differs
    const other = spawn('sleep', ['30'])
    try {
      fs.writeFileSync(path.join(dir, 'ledger', 'LOCK'), `${other.pid} ${Number(startTime(other.pid!)) + 1}`)
      const node = openNode({ dataDir: dir })
      expect(node.lastRound()).toBe(0n)
      await node.close()
    } finally {
      other.kill()
    }
  })

  it('takes over a lock left by a process that has exited', async () => {
    const dir = await dataDir()
    await (openNode({ dataDir: dir })).close()
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString()
    fs.writeFileSync(path.join(dir, 'ledger', 'LOCK'), `${dead} 1`)
    const node = openNode({ dataDir: dir })
    await node.close()
  })

  it('refuses a directory a live node holds, naming its pid', async () => {
    const dir = await dataDir()
    const child = await startChild(dir)
    try {
      expect(() => openNode({ dataDir: dir })).toThrow(`data directory ${dir} is in use by process ${child.pid}`)
    } finally {
      child.kill('SIGKILL')
    }
  }, 30_000)
})
