// startLocalnet: opens the ledger node in a data directory and serves algod (and kmd) over HTTP.
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ChainLogError, installStateFile, openNode, prepareForkBase, readStateFile, type Consensus, type ForkBase, type ForkOptions, type Node } from '@grove/ledger'
import { AlgodError } from './algod/errors.ts'
import { createAlgodListener } from './algod/server.ts'
import { listen, type RunningServer } from './server.ts'
import { startKmd } from './kmd/index.ts'
import { createIndexerListener } from './indexer/server.ts'
import { AllowedOrigins } from './cors.ts'

/** AlgoKit LocalNet's API token, used by both daemons. */
export const LOCALNET_TOKEN = 'a'.repeat(64)
/** AlgoKit LocalNet's ports. */
export const DEFAULT_ALGOD_PORT = 4001
/** kmd's port on AlgoKit LocalNet. */
export const DEFAULT_KMD_PORT = 4002
/** The indexer's port on AlgoKit LocalNet. */
export const DEFAULT_INDEXER_PORT = 8980

/** The ledger's node opener, for tests that drive a node without HTTP. */
export { openNode }

/** Options for `startLocalnet`; port 0 picks a free port. */
export interface StartLocalnetOptions {
  algodPort?: number
  kmdPort?: number
  /** The indexer's port: 8980 by default, or a free one when algod's is free-picked (algodPort 0, as tests ask). */
  indexerPort?: number
  /** Where the chain (ledger/chain.log) and kmd's wallets persist; omitted = a temporary directory removed by stop(). */
  dataDir?: string
  /** Wipe the data directory first, starting again from genesis. */
  reset?: boolean
  /**
   * The consensus protocol: `current` (go-algorand's current version, as AlgoKit LocalNet) or
   * `future` (vFuture: the next AVM version too). Default: a data directory's own, else `current`.
   */
  consensus?: Consensus
  /**
   * Fork a live network (docs/localnet.md): its state is read from this algod on first touch and
   * pinned in the data directory; the fork has its own genesis (the remote's id with `-fork`).
   * A data directory that holds a fork keeps forking the remote it began with.
   */
  fork?: ForkOptions
  /** Allow POST /grove/v1/impersonate without a fork (a fork always allows it). Unsafe: development only. */
  impersonation?: boolean
  /**
   * Origins (`http://127.0.0.1:5173`) whose web pages may call algod, kmd and the indexer; none by
   * default, so no page of another site can reach the node (kmd holds keys). /grove/v1 is never
   * served to a page.
   */
  allowOrigins?: readonly string[]
  /**
   * A state file (POST /grove/v1/state/dump, `dumpState`) to start from: it replaces the data
   * directory's chain (Anvil's --load-state). Not with `fork`.
   */
  loadState?: string
  /** Where stop() writes the chain's state file (Anvil's --dump-state). */
  dumpState?: string
  /**
   * Keep only the latest `keepRounds` rounds (--keep-rounds; go's non-archival node): older blocks
   * and their transactions are dropped from memory and from the data directory, and algod and the
   * indexer answer them as rounds they do not have. Default: every round is kept.
   */
  keepRounds?: number
  /** Blocks the ledger keeps in memory as bytes (the rest are read from the data directory when asked for); default 1,024. */
  blockCache?: number
}

/** An API endpoint and its token. */
export interface Endpoint {
  url: string
  token: string
}

/** A running localnet. */
export interface Localnet {
  algod: Endpoint
  kmd: Endpoint
  /** The indexer v2 API (AlgoKit LocalNet's token; the indexer checks none). */
  indexer: Endpoint
  dataDir: string
  /** The consensus this chain runs. */
  consensus: Consensus
  /** What a fork continues from (undefined: not a fork). */
  fork?: ForkBase
  /** Origins whose pages may call the APIs now. */
  allowedOrigins(): string[]
  /** Lets pages of `origin` call algod, kmd and the indexer from now on (a web server's port known only once it listens). */
  allowOrigin(origin: string): void
  /** How many blocks the ledger holds in memory as bytes now: at most `blockCache` besides any not yet on disk. */
  blocksInMemory(): number
  /** Closes the servers, then flushes and closes the ledger. */
  stop(): Promise<void>
}

/**
 * Starts algod (and kmd) over one ledger node restored from `dataDir`; resolves once both listen.
 * Rejects (having released the data directory) when the chain log is corrupt or a port is taken.
 */
export async function startLocalnet(options: StartLocalnetOptions = {}): Promise<Localnet> {
  // checked before anything opens: a bad origin is the caller's mistake
  const allowOrigins = new AllowedOrigins(options.allowOrigins ?? [])
  const temporary = options.dataDir === undefined
  // absolute, so every path printed or reported names the directory whatever the caller's cwd
  const dataDir = resolve(options.dataDir ?? (await mkdtemp(join(tmpdir(), 'grove-localnet-'))))
  if (options.reset && !temporary) await rm(dataDir, { recursive: true, force: true })
  if (options.loadState !== undefined) {
    if (options.fork !== undefined) throw new Error('a fork cannot start from a state file (its accounts come from the remote): drop --load-state or --fork')
    const bytes = await readFile(options.loadState)
    try {
      installStateFile(dataDir, bytes)
    } catch (e) {
      throw new Error(`${options.loadState}: ${(e as Error).message}`, { cause: e })
    }
  }
  const fork = options.fork === undefined ? undefined : { ...options.fork, base: await prepareForkBase(options.fork, dataDir) }
  const history = { keepRounds: options.keepRounds, blockCache: options.blockCache }
  let node: Node = openNode({ dataDir, consensus: options.consensus, fork, impersonation: options.impersonation, ...history })
  const open = (): Node => openNode({ dataDir, consensus: node.consensus, impersonation: options.impersonation, ...history })
  /** POST /grove/v1/state/load: checks the file, closes the chain, installs the file and reopens; a file that does not replay puts the old chain back. */
  const loadState = async (bytes: Uint8Array): Promise<void> => {
    if (fork !== undefined) throw new AlgodError(409, 'a fork cannot load a state (its accounts come from the remote)')
    let file: ReturnType<typeof readStateFile>
    try {
      file = readStateFile(bytes)
    } catch (e) {
      throw new AlgodError(400, (e as Error).message)
    }
    if (!Buffer.from(file.genesisHash).equals(Buffer.from(node.genesisHash))) {
      throw new AlgodError(400, `the state file is of another chain (genesis ${Buffer.from(file.genesisHash).toString('base64')}, this one ${Buffer.from(node.genesisHash).toString('base64')}); start with --load-state to run it`)
    }
    const log = join(dataDir, 'ledger', 'chain.log')
    // the snapshot too: a log --keep-rounds rewrote cannot be replayed without it
    const snap = join(dataDir, 'ledger', 'snapshot.bin')
    await node.close()
    await rename(log, `${log}.before-load`)
    const hadSnapshot = await rename(snap, `${snap}.before-load`).then(() => true, () => false)
    let next: Node
    try {
      installStateFile(dataDir, bytes)
      next = open()
    } catch (e) {
      await rename(`${log}.before-load`, log)
      if (hadSnapshot) await rename(`${snap}.before-load`, snap)
      node = open()
      algodFront.serve(node)
      indexerFront!.follow(node)
      throw e instanceof ChainLogError ? new AlgodError(400, `the state file does not replay: ${e.message}`) : e
    }
    await rm(`${log}.before-load`, { force: true })
    await rm(`${snap}.before-load`, { force: true })
    node = next
    algodFront.serve(node)
    indexerFront!.follow(node)
  }
  const algodFront = createAlgodListener({ node, token: LOCALNET_TOKEN, allowOrigins, loadState })
  let algod: RunningServer | undefined
  let kmd: Awaited<ReturnType<typeof startKmd>> | undefined
  let indexer: RunningServer | undefined
  let indexerFront: ReturnType<typeof createIndexerListener> | undefined
  try {
    // built from the stored blocks before algod takes a submit, then follows every commit
    indexerFront = createIndexerListener(node, allowOrigins)
    // kmd first: a tool that sees algod healthy may call kmd at once (algokit-utils' dispenser lookup)
    const kmdPort = options.kmdPort ?? DEFAULT_KMD_PORT
    kmd = await named('kmd', kmdPort, startKmd({ dataDir, port: kmdPort, token: LOCALNET_TOKEN, allowOrigins }))
    const indexerPort = options.indexerPort ?? (options.algodPort === 0 ? 0 : DEFAULT_INDEXER_PORT)
    indexer = await named('indexer', indexerPort, listen(indexerFront.listener, indexerPort))
    const algodPort = options.algodPort ?? DEFAULT_ALGOD_PORT
    algod = await named('algod', algodPort, listen(algodFront.listener, algodPort))
  } catch (e) {
    algodFront.shutdown()
    indexerFront?.close()
    await indexer?.close()
    await kmd?.stop()
    await node.close()
    throw e
  }
  let stopped: Promise<void> | undefined
  return {
    algod: { url: algod.url, token: LOCALNET_TOKEN },
    kmd: { url: kmd.url, token: LOCALNET_TOKEN },
    indexer: { url: indexer.url, token: LOCALNET_TOKEN },
    dataDir,
    consensus: node.consensus,
    ...(fork === undefined ? {} : { fork: fork.base }),
    allowedOrigins: () => allowOrigins.list(),
    allowOrigin: (origin) => allowOrigins.add(origin),
    blocksInMemory: () => node.cachedBlocks(),
    stop: () =>
      (stopped ??= (async () => {
        algodFront.shutdown()
        await Promise.all([algod!.close(), kmd!.stop(), indexer!.close()])
        indexerFront!.close()
        // the state file is written once every block is flushed, before the node lets the directory go
        const state = options.dumpState === undefined ? undefined : await node.dumpState()
        await node.close()
        if (state !== undefined) await writeFile(options.dumpState!, state)
        if (temporary) await rm(dataDir, { recursive: true, force: true })
      })()),
  }
}

/** A port already taken becomes a sentence naming the API (the caller says how to choose another). */
async function named<T>(api: string, port: number, binding: Promise<T>): Promise<T> {
  try {
    return await binding
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new Error(`the ${api} port ${port} is already in use (another localnet or \`npm start\` running?)`, { cause: e })
    throw e
  }
}
