// `npm run bench -w @grove/localnet`: the embedded localnet measured as a user meets it, printed
// as one JSON object. The grove-localnet CLI runs in its own process (as `npm start` runs it); this
// process is the client, submitting over HTTP with algosdk from several concurrent submitters.
//   readyMs                  the CLI's own figure: from start to both APIs listening
//   processReadyMs           from spawning the CLI (node + the built bundle) to its banner
//   spawnToHealthMs          from spawning the CLI on a fresh data directory to algod's GET /health
//                            answering 200 (polled every 2 ms), best of SPAWN_RUNS; goal < 1,000
//   paymentsPerSec           pre-signed ed25519 payments, one per POST, committed as blocks
//   paymentsPerServerCpuSec  the same payments per second of the CLI's own CPU time (its capacity on a free core)
//   appCallsPerSec           pre-signed calls of a small app that bumps a global counter
//   memory                   accounts: how many new accounts were funded (a million; BENCH_ACCOUNTS, a bounded
//                            amount in CI) and bytesPerAccount: the CLI's resident memory grown per account
//   throughput               paymentsPerSecond: those accounts' payments committed per second, sent as
//                            16-payment groups by 8 concurrent submitters over HTTP; goal ≥ 2,000
// BENCH_ONLY=scale runs only memory and throughput; BENCH_CPU_PROF=DIR has the CLI write a CPU profile there.
//   freshReadyMs             readyMs on a fresh data directory (the run above), goal < 1,000
//   restartReadyMsAt100kBlocks  readyMs of a restart on a data directory of 100,000 blocks, stopped
//                            cleanly (from its state snapshot), goal < 2,000
//   replayReadyMsAt100kBlocks   the same without the snapshot: the whole log replayed (a reference)
//   indexer                  on that restarted directory (100,000 one-payment blocks): the indexer's
//                            catch-up on the stored blocks (catchUpMs), then two queries over HTTP,
//                            one at a time, INDEXER_QUERIES each: an account's transactions
//                            (/v2/accounts/{addr}/transactions?limit=100, newest first) and a search
//                            by note prefix (/v2/transactions?note-prefix=…&limit=100, a random
//                            prefix); queries per second and p50/p95 latency in ms, goal p95 ≤ 20
//   fork                     a fork (startLocalnet({ fork })) of a local remote, in this process: latency of
//                            GET /v2/accounts/{a} and GET /v2/applications/{id}/box?name= on first touch
//                            (read from the remote and pinned) and cached (read again), p50/p95 in ms
// BENCH_ONLY=fork runs only the fork figures; BENCH_ONLY=start only spawnToHealthMs.
// BENCH_ONLY=restart runs only the restart and indexer figures (BENCH_BLOCKS shrinks them for a quick look).
// Funding uses an escrow logicsig (`int 1`) in groups of 16, so the client signs nothing and the
// figure is the chain's memory, not signing time.
import { spawn, type ChildProcess } from 'node:child_process'
import { Agent, request } from 'node:http'
import { createServer } from 'node:net'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createPrivateKey, randomBytes, sign as cryptoSign } from 'node:crypto'
import algosdk from 'algosdk'
import { genesisAccounts, openNode } from '@grove/ledger'

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 2000)
const APP_CALLS = Number(process.env.BENCH_APP_CALLS ?? 1000)
// accounts funded for the memory and throughput figures: a million, a bounded amount in CI (BENCH_ACCOUNTS sets another)
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? (process.env.CI ? 16_384 : 1_000_000))
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 100_000)
const INDEXER_QUERIES = Number(process.env.BENCH_INDEXER_QUERIES ?? 500)
const SPAWN_RUNS = Number(process.env.BENCH_SPAWN_RUNS ?? 3)
const SUBMITTERS = 8
const GROUP = 16

const root = resolve(import.meta.dirname, '..')

/** Progress on stderr, so stdout stays one JSON object. */
function progress(message: string): void {
  process.stderr.write(`bench: ${message}\n`)
}

interface Cli {
  child: ChildProcess
  algodUrl: string
  indexerUrl: string
  token: string
  readyMs: number
  processReadyMs: number
}

/** Starts the CLI on free ports in a data directory (fresh unless `keep`) and waits for its banner. */
async function startCli(dataDir: string, keep = false): Promise<Cli> {
  const t0 = performance.now()
  // BENCH_CPU_PROF=DIR: the CLI writes a V8 CPU profile there when it stops (node --cpu-prof)
  const prof = process.env.BENCH_CPU_PROF === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF]
  const child = spawn(process.execPath, [...prof, join(root, 'bin/grove-localnet.mjs'), 'start', '--algod-port', '0', '--kmd-port', '0', '--data', dataDir, ...(keep ? [] : ['--reset'])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  return new Promise((resolvePromise, reject) => {
    child.once('exit', (code) => reject(new Error(`grove-localnet exited with ${code}: ${out}`)))
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const ready = /ready in (\d+) ms/.exec(out)
      const algod = /algod\s+(\S+)\s+token\s+(\S+)/.exec(out)
      const indexer = /indexer\s+(\S+)/.exec(out)
      if (ready && algod && indexer) {
        // once: the shutdown's own output must not drop the exit listener stopCli waits on
        child.stdout!.off('data', onData)
        child.stdout!.resume()
        child.removeAllListeners('exit')
        child.once('exit', (code, signal) => progress(`grove-localnet exited (${code ?? signal})`))
        resolvePromise({ child, algodUrl: algod[1]!, indexerUrl: indexer[1]!, token: algod[2]!, readyMs: Number(ready[1]), processReadyMs: Math.round(performance.now() - t0) })
      }
    }
    child.stdout!.on('data', onData)
  })
}

/** A loopback port free right now (the CLI is given it, so /health can be polled before any banner). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolvePort(port))
    })
  })
}

/** GET /health's status, or 0 while nothing listens. */
function healthStatus(port: number): Promise<number> {
  return new Promise((resolveStatus) => {
    const req = request({ host: '127.0.0.1', port, path: '/health', agent: false }, (res) => {
      res.resume()
      resolveStatus(res.statusCode ?? 0)
    })
    req.on('error', () => resolveStatus(0))
    req.end()
  })
}

/**
 * What a user's tool sees: the CLI spawned on a fresh data directory, algod's /health polled from
 * the same moment until it answers 200. Best (and every) run of SPAWN_RUNS, each in a new directory.
 */
async function spawnToHealthFigures(): Promise<{ spawnToHealthMs: number; spawnToHealthRunsMs: number[] }> {
  const runs: number[] = []
  for (let i = 0; i < SPAWN_RUNS; i++) {
    const dataDir = await mkdtemp(join(tmpdir(), 'grove-localnet-spawn-'))
    const [algodPort, kmdPort] = [await freePort(), await freePort()]
    const t0 = performance.now()
    // BENCH_CPU_PROF=DIR: the CLI writes a V8 CPU profile there when it stops (node --cpu-prof)
  const prof = process.env.BENCH_CPU_PROF === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF]
  const child = spawn(process.execPath, [...prof, join(root, 'bin/grove-localnet.mjs'), 'start', '--algod-port', String(algodPort), '--kmd-port', String(kmdPort), '--indexer-port', '0', '--data', dataDir], { stdio: 'ignore' })
    try {
      while ((await healthStatus(algodPort)) !== 200) {
        if (child.exitCode !== null) throw new Error(`grove-localnet exited with ${child.exitCode}`)
        await new Promise((r) => setTimeout(r, 2))
      }
      runs.push(Math.round(performance.now() - t0))
    } finally {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
      await rm(dataDir, { recursive: true, force: true })
    }
  }
  progress(`spawn to /health: ${runs.join(', ')} ms`)
  return { spawnToHealthMs: Math.min(...runs), spawnToHealthRunsMs: runs }
}

/**
 * algosdk's HTTP transport on node:http with keep-alive sockets, one per submitter. algosdk's
 * default (fetch) costs the client more CPU per request than the localnet spends committing a
 * payment, and on a small machine the client's share of the cores would be what is measured.
 */
class NodeHttpClient implements algosdk.BaseHTTPClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: SUBMITTERS })

  constructor(
    private readonly base: URL,
    private readonly token: string,
  ) {}

  private send(method: string, path: string, query: Record<string, unknown> | undefined, body: Uint8Array | undefined, headers: Record<string, string> = {}): Promise<algosdk.BaseHTTPClientResponse> {
    const url = new URL(path, this.base)
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
    return new Promise((resolvePromise, reject) => {
      const req = request(url, { method, agent: this.agent, headers: { ...headers, 'X-Algo-API-Token': this.token } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const response = { status: res.statusCode ?? 0, body: new Uint8Array(Buffer.concat(chunks)), headers: res.headers as Record<string, string> }
          if (response.status >= 300) reject(Object.assign(new Error(`HTTP ${response.status}: ${Buffer.from(response.body).toString()}`), { response }))
          else resolvePromise(response)
        })
      })
      req.on('error', reject)
      req.end(body === undefined ? undefined : Buffer.from(body))
    })
  }

  get(path: string, query?: Record<string, unknown>, headers?: Record<string, string>): Promise<algosdk.BaseHTTPClientResponse> {
    return this.send('GET', path, query, undefined, headers)
  }

  post(path: string, data: Uint8Array, query?: Record<string, unknown>, headers?: Record<string, string>): Promise<algosdk.BaseHTTPClientResponse> {
    return this.send('POST', path, query, data, headers)
  }

  delete(path: string, data?: Uint8Array, query?: Record<string, unknown>, headers?: Record<string, string>): Promise<algosdk.BaseHTTPClientResponse> {
    return this.send('DELETE', path, query, data, headers)
  }

  close(): void {
    this.agent.destroy()
  }
}

/** Resident memory of a process in bytes (Linux /proc). */
async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) * 1024
}

/** Resident memory of a process in MB (Linux /proc). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN)
  return Math.round(kb / 1024)
}

/** CPU seconds a process has used (Linux /proc: utime + stime, in clock ticks of 1/100 s). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** Posts every body with `SUBMITTERS` concurrent workers; returns per-second throughput of `weight` units per body. */
async function submitAll(algod: algosdk.Algodv2, bodies: Uint8Array[][], unitsPerBody = 1): Promise<number> {
  let next = 0
  const t0 = performance.now()
  const worker = async (): Promise<void> => {
    while (next < bodies.length) {
      const body = bodies[next++]!
      await algod.sendRawTransaction(body).do()
    }
  }
  await Promise.all(Array.from({ length: SUBMITTERS }, worker))
  const seconds = (performance.now() - t0) / 1000
  return Math.round((bodies.length * unitsPerBody) / seconds)
}

/**
 * Validity windows for `n` transactions submitted in order, one block each: transaction i is
 * valid from about the round it lands in minus 900 to plus 100 (the window is at most 1000).
 */
function windowFor(sp: algosdk.SuggestedParams, i: number, perRound = 1): algosdk.SuggestedParams {
  const at = BigInt(sp.firstValid) + BigInt(Math.floor(i / perRound))
  const first = at > 900n ? at - 900n : 1n
  return { ...sp, firstValid: first, lastValid: first + 1000n, fee: 1000n, flatFee: true }
}

/** Stops a CLI with SIGINT (a clean stop: it flushes and snapshots), SIGKILL after 10 s. */
async function stopCli(cli: Cli): Promise<void> {
  if (cli.child.exitCode !== null || cli.child.signalCode !== null) return
  const exited = new Promise((r) => cli.child.once('exit', r))
  cli.child.kill('SIGINT')
  const timer = setTimeout(() => cli.child.kill('SIGKILL'), 60_000)
  await exited
  clearTimeout(timer)
}

/** One GET over a keep-alive agent; resolves with the status once the body is read. */
function get(agent: Agent, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = request(url, { agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }))
    })
    req.on('error', reject)
    req.end()
  })
}

interface QueryFigures {
  queriesPerSec: number
  p50Ms: number
  p95Ms: number
  /** Transactions in the last answer (a query that found nothing measures nothing). */
  lastCount: number
}

/** Runs `count` queries one after another; each URL comes from `url(i)`. */
async function queryFigures(agent: Agent, count: number, url: (i: number) => string): Promise<QueryFigures> {
  const times: number[] = []
  let lastCount = 0
  const t0 = performance.now()
  for (let i = 0; i < count; i++) {
    const t = performance.now()
    const res = await get(agent, url(i))
    times.push(performance.now() - t)
    if (res.status !== 200) throw new Error(`indexer answered ${res.status}: ${res.body}`)
    lastCount = (JSON.parse(res.body) as { transactions: unknown[] }).transactions.length
  }
  const seconds = (performance.now() - t0) / 1000
  times.sort((a, b) => a - b)
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10
  return { queriesPerSec: Math.round(count / seconds), p50Ms: at(0.5), p95Ms: at(0.95), lastCount }
}

/** The indexer's figures on a running CLI: its catch-up, then the two queries. */
async function indexerFigures(cli: Cli, blocks: number): Promise<Record<string, unknown>> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  try {
    const t0 = performance.now()
    // /health answers once the stored blocks are indexed
    const health = JSON.parse((await get(agent, `${cli.indexerUrl}/health`)).body) as { round: number }
    const catchUpMs = Math.round(performance.now() - t0)
    progress(`indexer caught up to round ${health.round} in ${catchUpMs} ms`)
    const [, g1] = genesisAccounts()
    const accountTransactions = await queryFigures(agent, INDEXER_QUERIES, () => `${cli.indexerUrl}/v2/accounts/${g1!.address}/transactions?limit=100`)
    progress(`account transactions: ${JSON.stringify(accountTransactions)}`)
    const notePrefix = await queryFigures(agent, INDEXER_QUERIES, (i) => {
      const prefix = Buffer.from(`r${(i * 7919) % blocks}`).toString('base64')
      return `${cli.indexerUrl}/v2/transactions?note-prefix=${encodeURIComponent(prefix)}&limit=100`
    })
    progress(`note prefix search: ${JSON.stringify(notePrefix)}`)
    return { transactions: blocks, catchUpMs, accountTransactions, notePrefix }
  } finally {
    agent.destroy()
  }
}

/**
 * Restart figures: a data directory of BLOCKS one-payment blocks, made in this process through the
 * ledger (signed with node's ed25519, far faster than over HTTP), stopped cleanly; then the CLI's
 * ready time on it, with its snapshot and with the snapshot removed (a full replay).
 */
async function restartFigures(): Promise<{ restartReadyMsAt100kBlocks: number; replayReadyMsAt100kBlocks: number; blocks: number; indexer: Record<string, unknown> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'grove-localnet-restart-'))
  try {
    const node = openNode({ dataDir })
    const [g0, g1] = genesisAccounts()
    const key = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), g0!.secretKey.subarray(0, 32)]), format: 'der', type: 'pkcs8' })
    const sp = node.suggestedParams()
    progress(`making ${BLOCKS} blocks`)
    for (let i = 0; i < BLOCKS; i++) {
      const first = BigInt(i) - (BigInt(i) % 500n)
      const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: g0!.address,
        receiver: g1!.address,
        amount: 1,
        note: new TextEncoder().encode(`r${i}`),
        suggestedParams: { fee: 1000n, minFee: 1000n, flatFee: true, firstValid: first, lastValid: first + 1000n, genesisID: sp.genesisId, genesisHash: sp.genesisHash },
      })
      const sig = cryptoSign(null, txn.bytesToSign(), key)
      const durable = node.submit(algosdk.encodeMsgpack(new algosdk.SignedTransaction({ txn, sig: new Uint8Array(sig) }))).durable
      // let flushes land now and then, so the undo journal of unflushed blocks stays short
      if (i % 1000 === 999) await durable
    }
    await node.close()
    const withSnapshot = await startCli(dataDir, true)
    const indexer = await indexerFigures(withSnapshot, BLOCKS)
    await stopCli(withSnapshot)
    await rm(join(dataDir, 'ledger', 'snapshot.bin'), { force: true })
    const replay = await startCli(dataDir, true)
    // stopped with SIGKILL: a clean stop would write the snapshot the next run must not have
    replay.child.kill('SIGKILL')
    return { restartReadyMsAt100kBlocks: withSnapshot.readyMs, replayReadyMsAt100kBlocks: replay.readyMs, blocks: BLOCKS, indexer }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

const FORK_READS = Number(process.env.BENCH_FORK_READS ?? 64)

/** p50 and p95 of latencies in ms, rounded to 0.01. */
function percentiles(ms: number[]): { p50: number; p95: number } {
  const sorted = [...ms].sort((a, b) => a - b)
  const at = (q: number): number => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 100) / 100
  return { p50: at(0.5), p95: at(0.95) }
}

/** First-touch and cached read latency of accounts and boxes on a fork of a local remote (see the header). */
async function forkFigures(): Promise<Record<string, unknown>> {
  const { startLocalnet } = await import('../src/index.ts')
  progress('fork: preparing the remote')
  const remote = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const forkDir = await mkdtemp(join(tmpdir(), 'grove-bench-fork-'))
  let fork: Awaited<ReturnType<typeof startLocalnet>> | undefined
  try {
    const client = (url: string, token: string): algosdk.Algodv2 => {
      const u = new URL(url)
      return new algosdk.Algodv2(token, `${u.protocol}//${u.hostname}`, u.port)
    }
    const algod = client(remote.algod.url, remote.algod.token)
    const g = genesisAccounts()[0]!
    const funder = { addr: algosdk.Address.fromString(g.address), sk: g.secretKey }
    const sp = { ...(await algod.getTransactionParams().do()), fee: 1000n, flatFee: true }
    const send = async (...signed: Uint8Array[]): Promise<algosdk.modelsv2.PendingTransactionResponse> =>
      algosdk.waitForConfirmation(algod, (await algod.sendRawTransaction(signed).do()).txid, 4)
    const accounts = Array.from({ length: FORK_READS }, () => algosdk.generateAccount().addr)
    for (let i = 0; i < accounts.length; i += GROUP) {
      const txns = accounts.slice(i, i + GROUP).map((receiver) => algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.addr, receiver, amount: 1_000_000, suggestedParams: sp }))
      algosdk.assignGroupID(txns)
      await send(...txns.map((t) => t.signTxn(funder.sk)))
    }
    const compile = async (src: string): Promise<Uint8Array> => new Uint8Array(Buffer.from((await algod.compile(src).do()).result, 'base64'))
    // arg 0 names a box, written with 32 bytes
    const approval = await compile('#pragma version 10\ntxn ApplicationID\nbz ok\ntxna ApplicationArgs 0\npushbytes 0x' + '00'.repeat(32) + '\nbox_put\nok:\npushint 1')
    const create = algosdk.makeApplicationCreateTxnFromObject({ sender: funder.addr, approvalProgram: approval, clearProgram: await compile('#pragma version 10\npushint 1'), numGlobalInts: 0, numGlobalByteSlices: 0, numLocalInts: 0, numLocalByteSlices: 0, onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: sp })
    const appId = (await send(create.signTxn(funder.sk))).applicationIndex!
    await send(algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.addr, receiver: algosdk.getApplicationAddress(appId), amount: 100_000_000, suggestedParams: sp }).signTxn(funder.sk))
    const names = Array.from({ length: FORK_READS }, (_, i) => new TextEncoder().encode(`box${i}`))
    for (const [i, name] of names.entries()) {
      const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: funder.addr, appIndex: appId, appArgs: [name], boxes: [{ appIndex: 0, name }], note: new TextEncoder().encode(`b${i}`), suggestedParams: sp })
      await send(call.signTxn(funder.sk))
    }
    fork = await startLocalnet({ algodPort: 0, kmdPort: 0, dataDir: forkDir, fork: { url: remote.algod.url, token: remote.algod.token } })
    const base = fork.algod.url
    const headers = { 'X-Algo-API-Token': fork.algod.token }
    const timed = async (path: string): Promise<number> => {
      const t0 = performance.now()
      const res = await fetch(`${base}${path}`, { headers })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
      return performance.now() - t0
    }
    const accountPath = (a: algosdk.Address): string => `/v2/accounts/${a}`
    const boxPath = (n: Uint8Array): string => `/v2/applications/${appId}/box?name=b64:${encodeURIComponent(Buffer.from(n).toString('base64'))}`
    const series = async (paths: string[]): Promise<number[]> => {
      const out: number[] = []
      for (const p of paths) out.push(await timed(p))
      return out
    }
    await timed(accountPath(funder.addr)) // warm the HTTP path (a local genesis account: never remote)
    const accountFirst = await series(accounts.map(accountPath))
    const accountCached = await series(accounts.map(accountPath))
    const boxFirst = await series(names.map(boxPath))
    const boxCached = await series(names.map(boxPath))
    const figures = { reads: FORK_READS, accountFirstTouchMs: percentiles(accountFirst), accountCachedMs: percentiles(accountCached), boxFirstTouchMs: percentiles(boxFirst), boxCachedMs: percentiles(boxCached) }
    progress(`fork: ${JSON.stringify(figures)}`)
    return figures
  } finally {
    await fork?.stop()
    await remote.stop()
    await rm(forkDir, { recursive: true, force: true })
  }
}

/**
 * The scale figures: ACCOUNTS new accounts funded from an escrow logicsig in 16-payment groups by
 * SUBMITTERS concurrent submitters over HTTP (signed before the clock starts). memory.bytesPerAccount
 * is the CLI's resident memory grown per account (read from /proc);
 * throughput.paymentsPerSecond the payments committed per second.
 */
async function scaleFigures(cli: Cli, algod: algosdk.Algodv2, funder: { addr: algosdk.Address; sk: Uint8Array }, compile: (src: string) => Promise<Uint8Array>) {
  progress(`funding ${ACCOUNTS} accounts`)
  const escrow = new algosdk.LogicSigAccount(await compile('#pragma version 10\npushint 1'))
  let sp = await algod.getTransactionParams().do()
  const seed = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.addr, receiver: escrow.address(), amount: BigInt(ACCOUNTS) * 100_000n + 10_000_000_000n, suggestedParams: { ...sp, fee: 1000n, flatFee: true } })
  await algosdk.waitForConfirmation(algod, (await algod.sendRawTransaction(seed.signTxn(funder.sk)).do()).txid, 4)
  const rssBefore = await rssBytes(cli.child.pid!)
  let funded = 0
  let seconds = 0
  // signed a slice at a time, so the client's memory stays bounded at a million accounts
  const SLICE = 4096
  while (funded < ACCOUNTS) {
    sp = await algod.getTransactionParams().do()
    const groups: Uint8Array[][] = []
    for (let g = 0; g < SLICE && funded + (g + 1) * GROUP <= ACCOUNTS; g++) {
      const gsp = windowFor(sp, g)
      const txns = Array.from({ length: GROUP }, () =>
        algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: escrow.address(), receiver: new algosdk.Address(randomBytes(32)), amount: 100_000, suggestedParams: gsp }),
      )
      algosdk.assignGroupID(txns)
      groups.push(txns.map((t) => algosdk.signLogicSigTransactionObject(t, escrow).blob))
    }
    if (groups.length === 0) break
    const t0 = performance.now()
    await submitAll(algod, groups, GROUP)
    seconds += (performance.now() - t0) / 1000
    funded += groups.length * GROUP
    progress(`${funded} accounts, ${Math.round(funded / seconds)} payments/s, rss ${Math.round((await rssBytes(cli.child.pid!)) / 2 ** 20)} MB`)
  }
  const rss = await rssBytes(cli.child.pid!)
  return {
    memory: { accounts: funded, bytesPerAccount: Math.round((rss - rssBefore) / funded), rssBytes: rss, rssBytesBefore: rssBefore },
    throughput: { submitters: SUBMITTERS, groupSize: GROUP, paymentsPerSecond: Math.round(funded / seconds) },
  }
}

async function main(): Promise<void> {
  if (process.env.BENCH_ONLY === 'scale') {
    const dataDir = await mkdtemp(join(tmpdir(), 'grove-localnet-scale-'))
    const cli = await startCli(dataDir)
    try {
      const http = new NodeHttpClient(new URL(cli.algodUrl), cli.token)
      const algod = new algosdk.Algodv2(http, cli.algodUrl)
      const [g0] = genesisAccounts()
      const compile = async (src: string): Promise<Uint8Array> => new Uint8Array(Buffer.from((await algod.compile(src).do()).result, 'base64'))
      console.log(JSON.stringify(await scaleFigures(cli, algod, { addr: algosdk.Address.fromString(g0!.address), sk: g0!.secretKey }, compile)))
      http.close()
    } finally {
      await stopCli(cli)
      await rm(dataDir, { recursive: true, force: true })
    }
    return
  }
  if (process.env.BENCH_ONLY === 'start') {
    console.log(JSON.stringify(await spawnToHealthFigures()))
    return
  }
  if (process.env.BENCH_ONLY === 'fork') {
    console.log(JSON.stringify({ fork: await forkFigures() }))
    return
  }
  if (process.env.BENCH_ONLY === 'restart') {
    const fresh = await startCli(await mkdtemp(join(tmpdir(), 'grove-localnet-fresh-')))
    await stopCli(fresh)
    console.log(JSON.stringify({ freshReadyMs: fresh.readyMs, freshProcessReadyMs: fresh.processReadyMs, ...(await restartFigures()) }))
    return
  }
  const start = await spawnToHealthFigures()
  const dataDir = await mkdtemp(join(tmpdir(), 'grove-localnet-bench-'))
  const cli = await startCli(dataDir)
  progress(`ready in ${cli.readyMs} ms`)
  try {
    const http = new NodeHttpClient(new URL(cli.algodUrl), cli.token)
    // with a client of its own, algosdk ignores the server argument
    const algod = new algosdk.Algodv2(http, cli.algodUrl)
    const [g0, g1] = genesisAccounts()
    const funder = { addr: algosdk.Address.fromString(g0!.address), sk: g0!.secretKey }
    const rssAtStart = await rssMb(cli.child.pid!)

    // payments: signed before the clock starts, unique by note
    let sp = await algod.getTransactionParams().do()
    const payments = Array.from({ length: PAYMENTS }, (_, i) =>
      [algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: funder.addr, receiver: g1!.address, amount: 1, note: new TextEncoder().encode(`p${i}`), suggestedParams: windowFor(sp, i) }).signTxn(funder.sk)],
    )
    const cpuBefore = await cpuSeconds(cli.child.pid!)
    const paymentsPerSec = await submitAll(algod, payments)
    // what the server itself spends, independent of the client and of other load on the machine
    const paymentsPerServerCpuSec = Math.round(PAYMENTS / ((await cpuSeconds(cli.child.pid!)) - cpuBefore))
    progress(`payments: ${paymentsPerSec}/s`)

    // app calls of a counter app
    const compile = async (src: string): Promise<Uint8Array> => new Uint8Array(Buffer.from((await algod.compile(src).do()).result, 'base64'))
    sp = await algod.getTransactionParams().do()
    const create = algosdk.makeApplicationCreateTxnFromObject({
      sender: funder.addr,
      approvalProgram: await compile('#pragma version 10\npushbytes "n"\ndup\napp_global_get\npushint 1\n+\napp_global_put\npushint 1'),
      clearProgram: await compile('#pragma version 10\npushint 1'),
      numGlobalInts: 1,
      numGlobalByteSlices: 0,
      numLocalInts: 0,
      numLocalByteSlices: 0,
      onComplete: algosdk.OnApplicationComplete.NoOpOC,
      suggestedParams: { ...sp, fee: 1000n, flatFee: true },
    })
    const { txid } = await algod.sendRawTransaction(create.signTxn(funder.sk)).do()
    const appId = (await algosdk.waitForConfirmation(algod, txid, 4)).applicationIndex!
    progress(`app ${appId} created`)
    sp = await algod.getTransactionParams().do()
    const calls = Array.from({ length: APP_CALLS }, (_, i) =>
      [algosdk.makeApplicationNoOpTxnFromObject({ sender: funder.addr, appIndex: appId, note: new TextEncoder().encode(`c${i}`), suggestedParams: windowFor(sp, i) }).signTxn(funder.sk)],
    )
    const appCallsPerSec = await submitAll(algod, calls)
    progress(`app calls: ${appCallsPerSec}/s`)
    const counter = (await algod.getApplicationByID(appId).do()).params?.globalState?.[0]?.value?.uint
    // the create call ran the program too
    if (counter !== BigInt(APP_CALLS + 1)) throw new Error(`counter is ${counter}, expected ${APP_CALLS + 1}`)

    const { memory, throughput } = await scaleFigures(cli, algod, funder, compile)
    await stopCli(cli)
    const restart = await restartFigures()

    console.log(
      JSON.stringify({
        readyMs: cli.readyMs,
        processReadyMs: cli.processReadyMs,
        ...start,
        paymentsPerSec,
        paymentsPerServerCpuSec,
        appCallsPerSec,
        memoryMbAtStart: rssAtStart,
        submitters: SUBMITTERS,
        payments: PAYMENTS,
        appCalls: APP_CALLS,
        accounts: ACCOUNTS,
        freshReadyMs: cli.readyMs,
        ...restart,
        memory,
        throughput,
        fork: await forkFigures(),
      }),
    )
    http.close()
  } finally {
    await stopCli(cli)
    await rm(dataDir, { recursive: true, force: true })
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e)
    process.exit(1)
  },
)
