// grove-localnet CLI: `start [--algod-port 4001] [--kmd-port 4002] [--indexer-port 8980] [--data DIR] [--consensus current|future] [--reset]
// [--impersonation] [--allow-origin ORIGIN]... [--load-state FILE] [--dump-state FILE] [--keep-rounds N] [--fork <algod URL> [--fork-token T] [--fork-header K:V]...]`.
// Without a flag, GROVE_ALGOD_PORT, GROVE_KMD_PORT, GROVE_INDEXER_PORT, GROVE_DATA_DIR and
// GROVE_CONSENSUS give the value (the port and data names are the ones `npm start` reads), then the defaults.
import { readFile, writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { resolve } from 'node:path'
import { DEFAULT_ALGOD_PORT, DEFAULT_INDEXER_PORT, DEFAULT_KMD_PORT, LOCALNET_TOKEN, startLocalnet } from './start-localnet.ts'
import { dumpState, loadState, mine, revert, setBalance, setHolding, setProgram, snapshot } from './cheats.ts'
import type { Localnet } from './start-localnet.ts'
import type { Consensus, ForkOptions } from '@grove/ledger'
import { parseOrigin } from './cors.ts'

/** The data directory `start` uses without --data (DESIGN.md). */
export const DEFAULT_DATA_DIR = '.grove/localnet'

const USAGE = `usage: grove-localnet start [--algod-port ${DEFAULT_ALGOD_PORT}] [--kmd-port ${DEFAULT_KMD_PORT}] [--indexer-port ${DEFAULT_INDEXER_PORT}] [--data DIR] [--consensus current|future] [--reset] [--impersonation] [--allow-origin ORIGIN]... [--load-state FILE] [--dump-state FILE] [--keep-rounds N] [--fork <algod URL> [--fork-token T] [--fork-header K:V]...]`

/** Parsed `start` options. */
export interface StartArgs {
  algodPort: number
  kmdPort: number
  /** Undefined: 8980, or a free port when --algod-port is 0 (startLocalnet's default). */
  indexerPort: number | undefined
  dataDir: string
  /** Undefined: the data directory's own, else current. */
  consensus?: Consensus
  reset: boolean
  /** --fork: the remote algod to fork, with its token and extra headers. */
  fork?: ForkOptions
  /** --impersonation: allow POST /grove/v1/impersonate on a plain localnet (unsafe). */
  impersonation?: boolean
  /** --allow-origin (repeatable): origins whose web pages may call the APIs. */
  allowOrigins?: string[]
  /** --load-state FILE: start from a state file (it replaces the data directory's chain). */
  loadState?: string
  /** --dump-state FILE: write the chain's state file there on stop. */
  dumpState?: string
  /** --keep-rounds N: keep only the latest N rounds' blocks and transactions. */
  keepRounds?: number
}

/** --keep-rounds' value (here and in `npm start`): a whole number of rounds, at least 1, or an error saying so. */
export function keepRoundsFlag(text: string): number {
  if (!(/^\d+$/.test(text) && Number(text) >= 1 && Number.isSafeInteger(Number(text)))) throw new Error(`--keep-rounds must be a whole number of rounds, at least 1, got ${JSON.stringify(text)}`)
  return Number(text)
}

/** A port from `value` (named `source` in the error), undefined when absent. */
function port(value: string | undefined, source: string): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!/^\d+$/.test(value) || n > 65535) throw new Error(`${source} must be a port number (0-65535), got ${JSON.stringify(value)}`)
  return n
}

/** An --allow-origin value as an origin; throws naming the flag. */
function allowedOrigin(value: string): string {
  try {
    return parseOrigin(value)
  } catch (e) {
    throw new Error(`--allow-origin: ${(e as Error).message}`)
  }
}

/** Parses the command line (without node and script) and the environment; throws with a usage message when it is wrong. */
export function parseCli(argv: string[], env: Record<string, string | undefined> = {}): StartArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'algod-port': { type: 'string' },
      'kmd-port': { type: 'string' },
      'indexer-port': { type: 'string' },
      data: { type: 'string' },
      consensus: { type: 'string' },
      reset: { type: 'boolean', default: false },
      impersonation: { type: 'boolean', default: false },
      'load-state': { type: 'string' },
      'dump-state': { type: 'string' },
      'keep-rounds': { type: 'string' },
      fork: { type: 'string' },
      'fork-token': { type: 'string' },
      'fork-header': { type: 'string', multiple: true },
      'allow-origin': { type: 'string', multiple: true },
    },
  })
  if (positionals.length !== 1 || positionals[0] !== 'start') throw new Error(USAGE)
  const consensus = values.consensus ?? env.GROVE_CONSENSUS
  if (consensus !== undefined && consensus !== 'current' && consensus !== 'future') {
    throw new Error(`${values.consensus === undefined ? 'GROVE_CONSENSUS' : '--consensus'} must be current or future, got ${JSON.stringify(consensus)}`)
  }
  // the flag, else the environment variable
  const chosen = (flag: 'algod-port' | 'kmd-port' | 'indexer-port', name: string): number | undefined =>
    values[flag] !== undefined ? port(values[flag], `--${flag}`) : port(env[name], name)
  let fork: ForkOptions | undefined
  if (values.fork !== undefined) {
    if (!URL.canParse(values.fork)) throw new Error(`--fork must be an algod URL (http://host:port), got ${JSON.stringify(values.fork)}`)
    const headers: Record<string, string> = {}
    for (const h of values['fork-header'] ?? []) {
      const at = h.indexOf(':')
      if (at <= 0) throw new Error(`--fork-header must be K:V, got ${JSON.stringify(h)}`)
      headers[h.slice(0, at).trim()] = h.slice(at + 1).trim()
    }
    fork = { url: values.fork, ...(values['fork-token'] === undefined ? {} : { token: values['fork-token'] }), headers }
  } else if (values['fork-token'] !== undefined || values['fork-header'] !== undefined) throw new Error('--fork-token and --fork-header need --fork <algod URL>')
  const keep = values['keep-rounds']
  return {
    ...(fork === undefined ? {} : { fork }),
    algodPort: chosen('algod-port', 'GROVE_ALGOD_PORT') ?? DEFAULT_ALGOD_PORT,
    kmdPort: chosen('kmd-port', 'GROVE_KMD_PORT') ?? DEFAULT_KMD_PORT,
    indexerPort: chosen('indexer-port', 'GROVE_INDEXER_PORT'),
    dataDir: resolve(values.data ?? env.GROVE_DATA_DIR ?? DEFAULT_DATA_DIR),
    ...(consensus === undefined ? {} : { consensus }),
    reset: values.reset ?? false,
    ...(values.impersonation === true ? { impersonation: true } : {}),
    ...(values['allow-origin'] === undefined ? {} : { allowOrigins: values['allow-origin'].map(allowedOrigin) }),
    ...(values['load-state'] === undefined ? {} : { loadState: resolve(values['load-state']) }),
    ...(values['dump-state'] === undefined ? {} : { dumpState: resolve(values['dump-state']) }),
    ...(keep === undefined ? {} : { keepRounds: keepRoundsFlag(keep) }),
  }
}

/** The banner printed once both APIs listen. */
export function banner(net: Localnet, startedMs: number): string {
  return [
    `grove-localnet ready in ${startedMs} ms (data: ${net.dataDir}; consensus: ${net.consensus})`,
    ...(net.fork === undefined ? [] : [`fork of ${net.fork.url} at its round ${net.fork.round} (genesis ${net.fork.genesisId}); remote state is read on first touch`]),
    `algod  ${net.algod.url}  token ${net.algod.token}`,
    `kmd    ${net.kmd.url}  token ${net.kmd.token}`,
    `indexer ${net.indexer.url}`,
    net.allowedOrigins().length === 0 ? 'web pages: none may call these APIs (--allow-origin ORIGIN allows one)' : `web pages: ${net.allowedOrigins().join(', ')} may call these APIs`,
    'Ctrl-C to stop',
  ].join('\n')
}

/** What `start --impersonation` prints beside the banner on a plain localnet (a fork always impersonates, said in its banner line). */
export const IMPERSONATION_WARNING =
  'WARNING: --impersonation is on: POST /grove/v1/impersonate/{address} makes this node accept that address\'s transactions without its signature. Development only; never expose this node.'

/** The warning `start` prints for these arguments, if any. */
export function startWarning(args: StartArgs): string | undefined {
  return args.impersonation === true && args.fork === undefined ? IMPERSONATION_WARNING : undefined
}

/** A cheat command: which one, its arguments, and the algod it goes to. */
export interface CheatArgs {
  command: keyof typeof CHEATS
  args: string[]
  algod: { url: string; token: string }
}

/** Each cheat command and how many arguments it takes. */
const CHEATS = {
  mine: { args: [1], usage: 'mine <blocks>' },
  'set-balance': { args: [2], usage: 'set-balance <address> <microAlgos>' },
  'set-holding': { args: [3], usage: 'set-holding <address> <asset-id> <amount>' },
  'set-program': { args: [2, 3], usage: 'set-program <app-id> <approval.teal|.bin> [<clear.teal|.bin>]' },
  snapshot: { args: [0], usage: 'snapshot' },
  revert: { args: [1], usage: 'revert <snapshot-id>' },
  'dump-state': { args: [1], usage: 'dump-state <file>' },
  'load-state': { args: [1], usage: 'load-state <file>' },
} as const

const cheatUsage = (command: keyof typeof CHEATS): string =>
  `usage: grove-localnet ${CHEATS[command].usage} [--algod URL] [--token T]   (algod: http://127.0.0.1:$GROVE_ALGOD_PORT or :4001, token a×64)`

/** Parses a cheat command (`mine 5 --algod http://127.0.0.1:4001`); undefined when argv is no cheat. */
export function parseCheat(argv: string[], env: Record<string, string | undefined> = {}): CheatArgs | undefined {
  const command = argv[0]
  if (command === undefined || !Object.hasOwn(CHEATS, command)) return undefined
  const { values, positionals } = parseArgs({ args: argv.slice(1), allowPositionals: true, options: { algod: { type: 'string' }, token: { type: 'string' } } })
  const name = command as keyof typeof CHEATS
  if (!(CHEATS[name].args as readonly number[]).includes(positionals.length)) throw new Error(cheatUsage(name))
  const url = values.algod ?? `http://127.0.0.1:${port(env.GROVE_ALGOD_PORT, 'GROVE_ALGOD_PORT') ?? DEFAULT_ALGOD_PORT}`
  if (!URL.canParse(url)) throw new Error(`--algod must be an algod URL (http://host:port), got ${JSON.stringify(url)}`)
  return { command: name, args: positionals, algod: { url, token: values.token ?? LOCALNET_TOKEN } }
}

/** A program file's bytes: TEAL source (it starts with `#pragma version`) compiled by the node, or compiled bytes as they are. */
async function programFile(algod: { url: string; token: string }, path: string): Promise<Uint8Array> {
  const bytes = new Uint8Array(await readFile(path))
  if (!new TextDecoder().decode(bytes.subarray(0, 16)).startsWith('#pragma')) return bytes
  const res = await fetch(`${algod.url.replace(/\/+$/, '')}/v2/teal/compile`, { method: 'POST', headers: { 'X-Algo-API-Token': algod.token }, body: bytes })
  const json = (await res.json()) as { result?: string; message?: string }
  if (!res.ok || json.result === undefined) throw new Error(`${path} does not compile: ${json.message ?? `algod answered ${res.status}`}`)
  return new Uint8Array(Buffer.from(json.result, 'base64'))
}

/** Runs a cheat command: prints its answer as JSON, or the localnet's refusal (exit code 1). */
async function runCheat(cheat: CheatArgs): Promise<void> {
  try {
    const [a, b, c] = cheat.args as [string, string, string]
    const whole = (v: string): bigint => {
      if (!/^\d+$/.test(v)) throw new Error(`${cheat.command} takes whole numbers, got ${JSON.stringify(v)}`)
      return BigInt(v)
    }
    const answer =
      cheat.command === 'mine'
        ? await mine(cheat.algod, Number(a))
        : cheat.command === 'set-balance'
          ? await setBalance(cheat.algod, a, whole(b))
          : cheat.command === 'set-holding'
            ? await setHolding(cheat.algod, a, whole(b), whole(c))
            : cheat.command === 'set-program'
              ? await setProgram(cheat.algod, whole(a), await programFile(cheat.algod, b), c === undefined ? undefined : await programFile(cheat.algod, c))
              : cheat.command === 'snapshot'
                ? await snapshot(cheat.algod)
                : cheat.command === 'revert'
                  ? await revert(cheat.algod, Number(whole(a)))
                  : cheat.command === 'dump-state'
                    ? await writeFile(a, await dumpState(cheat.algod)).then(() => ({ file: a }))
                    : await loadState(cheat.algod, new Uint8Array(await readFile(a)))
    console.log(JSON.stringify(answer))
  } catch (e) {
    console.error(`grove-localnet: ${e instanceof Error ? e.message : String(e)}`)
    process.exitCode = 1
  }
}

/** Runs the CLI until SIGINT/SIGTERM, then shuts down cleanly. */
export async function main(argv: string[]): Promise<void> {
  let cheat: CheatArgs | undefined
  try {
    cheat = parseCheat(argv, process.env)
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e))
    process.exitCode = 2
    return
  }
  if (cheat) return runCheat(cheat)
  let args: StartArgs
  try {
    args = parseCli(argv, process.env)
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e))
    process.exitCode = 2
    return
  }
  const t0 = performance.now()
  let net: Localnet
  try {
    net = await startLocalnet({ algodPort: args.algodPort, kmdPort: args.kmdPort, indexerPort: args.indexerPort, dataDir: args.dataDir, consensus: args.consensus, reset: args.reset, fork: args.fork, impersonation: args.impersonation, allowOrigins: args.allowOrigins, loadState: args.loadState, dumpState: args.dumpState, keepRounds: args.keepRounds })
  } catch (e) {
    // a corrupt or busy data directory, or a taken port: say which, without a stack trace
    console.error(`grove-localnet: ${e instanceof Error ? e.message : String(e)}`)
    process.exitCode = 1
    return
  }
  console.log(banner(net, Math.round(performance.now() - t0)))
  const warning = startWarning(args)
  if (warning !== undefined) console.warn(warning)
  const stop = (): void => {
    process.off('SIGINT', stop)
    process.off('SIGTERM', stop)
    net.stop().then(
      () => console.log('grove-localnet stopped'),
      (e: unknown) => {
        console.error(e)
        process.exitCode = 1
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
