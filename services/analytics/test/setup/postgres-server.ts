// vitest globalSetup: a throwaway PostgreSQL server for the suite's "postgres" half, started from
// Debian's postgresql binaries as the postgres user on a free loopback port in a temporary
// directory, stopped and removed afterwards. If it cannot start, the run fails saying why: the
// server half is never skipped silently.
import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of the suite's server (its `postgres` database). */
    postgresUrl: string
  }
}

const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin', '/usr/local/bin', '/usr/bin']

function findBin(name: string): string {
  const dir = BIN_DIRS.find((d) => existsSync(join(d, name)))
  if (!dir) throw new Error(`The PostgreSQL tests need ${name} (Debian's postgresql package: apt-get install postgresql); looked in ${BIN_DIRS.join(', ')}.`)
  return join(dir, name)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })
}

/** Runs a postgres binary as the postgres user (runuser when we are root). */
function asPostgres(bin: string, args: string[]): void {
  const root = process.getuid?.() === 0
  try {
    if (root) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' })
    else execFileSync(bin, args, { stdio: 'pipe' })
  } catch (e) {
    const err = e as { stderr?: Buffer; stdout?: Buffer; message: string }
    throw new Error(`${bin} ${args.join(' ')} failed: ${err.stderr?.toString() || err.stdout?.toString() || err.message}`)
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const initdb = findBin('initdb')
  const pgCtl = findBin('pg_ctl')
  const dir = mkdtempSync(join(tmpdir(), 'grove-analytics-pg-'))
  const data = join(dir, 'data')
  const log = join(dir, 'server.log')
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(dir, uid, gid)
  }
  const port = await freePort()
  try {
    asPostgres(initdb, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'])
    asPostgres(pgCtl, ['-D', data, '-l', log, '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`, 'start'])
  } catch (e) {
    const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : ''
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`Could not start the PostgreSQL server the analytics tests need: ${(e as Error).message}\n${serverLog}`)
  }
  project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}/postgres`)
  return () => {
    try {
      asPostgres(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
