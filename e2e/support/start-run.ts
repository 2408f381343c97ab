// `npm start` (scripts/start.mjs) as a child process in a data directory of a test's own, on free
// ports, for the specs that test the start itself (restart, fork). The banner's lines give its URLs.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

export interface StartRun {
  child: ChildProcess
  /** Everything it printed so far (stdout and stderr). */
  out: string
  webUrl: string
  algodUrl: string
}

/**
 * Runs scripts/start.mjs with `args` in `dataDir` until its output matches `ready` (by default the
 * banner's last line; the analytics line follows it) and rejects with the output if it exits first.
 */
export async function startRun(dataDir: string, args: string[] = [], ready: RegExp = /Ctrl-C stops everything/): Promise<StartRun> {
  const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
    cwd: root,
    env: { ...process.env, GROVE_DATA_DIR: dataDir, GROVE_ALGOD_PORT: '0', GROVE_KMD_PORT: '0', GROVE_WEB_PORT: '0', GROVE_ANALYTICS_PORT: '0', GROVE_INDEXER_PORT: '0', GROVE_SEED_TRADES: '4' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      if (ready.test(out)) resolve()
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('exit', (code) => reject(new Error(`start.mjs exited with ${code} before it was ready:\n${out}`)))
  })
  return {
    child,
    get out() {
      return out
    },
    webUrl: out.match(/web {4}(\S+)/)![1]!,
    algodUrl: out.match(/algod {2}(\S+)/)![1]!,
  }
}

/** Ctrl-C: resolves with the exit code once the process is gone (at once when it is, or was never started). */
export function interrupt(run: StartRun | undefined): Promise<number | null> {
  if (!run) return Promise.resolve(null)
  if (run.child.exitCode !== null || run.child.signalCode !== null) return Promise.resolve(run.child.exitCode)
  return new Promise((resolve) => {
    run.child.on('exit', (code) => resolve(code))
    run.child.kill('SIGINT')
  })
}
