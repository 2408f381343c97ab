// The web build's lock (scripts/web-build.mjs): a second build waits while the first's holder runs,
// and a lock whose holder died (Ctrl-C during `npm start`'s build) is taken at once, not after 10 minutes.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

// the root's script (not a package): loaded by its path
const script = pathToFileURL(path.resolve(import.meta.dirname, '../../../scripts/web-build.mjs')).href
const take = async (dir: string): Promise<() => void> => ((await import(script)) as { lock: (dir: string) => Promise<() => void> }).lock(dir)

describe('the web build lock', () => {
  it('is taken at once from a holder that died, and waits for one that runs', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'web-lock-')), 'web.lock')
    // a process that has exited: its pid no longer runs
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString()
    fs.mkdirSync(dir)
    fs.writeFileSync(path.join(dir, 'pid'), dead)
    const release = await take(dir)
    expect(fs.readFileSync(path.join(dir, 'pid'), 'utf8')).toBe(String(process.pid))

    // this process holds it now: another taker waits until it is released
    let second = false
    const waiting = take(dir).then((r) => {
      second = true
      return r
    })
    await new Promise((ok) => setTimeout(ok, 600))
    expect(second).toBe(false)
    release()
    ;(await waiting)()
    expect(second).toBe(true)
    expect(fs.existsSync(dir)).toBe(false)
  })
})
