// The crash test: the node runs in a child process (test/crash-child.ts) while the parent streams
// payments, asset transfers and app calls at it over HTTP; the child stops inside a chosen commit
// at a chosen stage (before the log write, halfway through it, after its flush) and is killed there
// with SIGKILL, then the CLI restarts on the same data directory: the chain must hold every
// acknowledged transaction and exactly the blocks logged in full, balances must equal what the
// committed transactions predict, and new transactions must go in. Where each kill lands is fixed,
// so every run kills at the same points.
import { afterEach, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { createPrivateKey, sign } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import algosdk from 'algosdk'
import { genesisAccounts, type CommitStage } from '@grove/ledger'

const BIN = path.resolve(import.meta.dirname, '../bin/grove-localnet.mjs')
const CHILD = path.resolve(import.meta.dirname, 'crash-child.ts')
const TOKEN = 'a'.repeat(64)
const FEE = 1000n
/** Where each kill lands: inside the n-th commit the child serves, as that stage of it ends. */
const KILLS: { commit: number; stage: CommitStage }[] = [
  { commit: 25, stage: 'log' },
  { commit: 40, stage: 'apply' },
  { commit: 33, stage: 'flush' },
  { commit: 50, stage: 'deltas' },
  { commit: 29, stage: 'encode' },
]
const [alice, bob] = genesisAccounts()
const children = new Set<ChildProcess>()
const dirs: string[] = []

afterEach(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  children.clear()
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'grove-crash-'))
  dirs.push(d)
  return d
}

/** A running CLI child and its algod URL. */
interface Child {
  proc: ChildProcess
  url: string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>
}

/** Spawns `grove-localnet start` on random ports; resolves with its algod URL once it prints the banner. */
function startCli(dataDir: string, extra: string[] = []): Promise<Child> {
  const proc = spawn(process.execPath, [BIN, 'start', '--algod-port', '0', '--kmd-port', '0', '--data', dataDir, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(proc)
  let stdout = ''
  let stderr = ''
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal, stderr })))
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString()
      const m = /algod\s+(http:\/\/\S+)/.exec(stdout)
      if (m) resolve({ proc, url: m[1], exited })
    })
    void exited.then(({ code, signal }) => reject(new Error(`grove-localnet exited (${code ?? signal}) before it was ready: ${stderr}`)))
  })
}

/**
 * Spawns the crash child on `dataDir`, set to stop inside its `kill.commit`-th commit as
 * `kill.stage` ends; resolves with its algod URL and a promise of the moment it has stopped there.
 */
async function startPausing(dataDir: string, kill: { commit: number; stage: CommitStage }): Promise<Child & { paused: Promise<void> }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', '--conditions=@grove/source', CHILD], {
    env: { ...process.env, GROVE_DATA_DIR: dataDir, GROVE_PAUSE_AT: `${kill.commit} ${kill.stage}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(proc)
  let stdout = ''
  let stderr = ''
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal, stderr })))
  let paused: () => void = () => {}
  const pausedAt = new Promise<void>((resolve) => (paused = resolve))
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString()
      const m = /algod (http:\/\/\S+)/.exec(stdout)
      if (m) resolve({ proc, url: m[1], exited, paused: pausedAt })
      if (stdout.includes(`paused ${kill.commit} ${kill.stage}\n`)) paused()
    })
    void exited.then(({ code, signal }) => reject(new Error(`the crash child exited (${code ?? signal}) before it was ready: ${stderr}`)))
  })
}

async function killHard(child: Child): Promise<void> {
  child.proc.kill('SIGKILL')
  expect((await child.exited).signal).toBe('SIGKILL')
}

async function get<T>(url: string, p: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url + p, { headers: { 'X-Algo-API-Token': TOKEN } })
  return { status: res.status, body: (await res.json()) as T }
}

/** POSTs a signed transaction; 'gone' when the connection failed (the child died under it). */
async function post(url: string, body: Uint8Array): Promise<{ status: number; message?: string } | 'gone'> {
  try {
    const res = await fetch(url + '/v2/transactions', { method: 'POST', headers: { 'X-Algo-API-Token': TOKEN, 'Content-Type': 'application/x-binary' }, body })
    const json = (await res.json()) as { message?: string }
    return { status: res.status, message: json.message }
  } catch {
    return 'gone'
  }
}

// node's ed25519 signs far faster than algosdk's tweetnacl, so the stream is limited by the node, not the test
const keys = new Map([alice, bob].map((a) => [a.address, createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(a.secretKey.subarray(0, 32))]), format: 'der', type: 'pkcs8' })]))

function signed(txn: algosdk.Transaction): Uint8Array {
  const sig = sign(null, txn.bytesToSign(), keys.get(txn.sender.toString())!)
  return algosdk.encodeMsgpack(new algosdk.SignedTransaction({ txn, sig }))
}

interface Params {
  firstValid: bigint
  genesisHash: Uint8Array
}

async function params(url: string): Promise<Params> {
  const { body } = await get<{ 'last-round': number; 'genesis-hash': string }>(url, '/v2/transactions/params')
  return { firstValid: BigInt(body['last-round']), genesisHash: new Uint8Array(Buffer.from(body['genesis-hash'], 'base64')) }
}

function sp(p: Params): algosdk.SuggestedParams {
  return { fee: FEE, minFee: FEE, flatFee: true, firstValid: p.firstValid, lastValid: p.firstValid + 1000n, genesisHash: p.genesisHash, genesisID: 'dockernet-v1' }
}

async function commit(url: string, txn: algosdk.Transaction): Promise<void> {
  const r = await post(url, signed(txn))
  expect(r).toMatchObject({ status: 200 })
}

/** One streamed transaction and its effect on the model, applied only if it is committed. */
interface Sent {
  txId: string
  kind: 'pay' | 'axfer' | 'appl'
  receiver: number
  amount: bigint
}

/** What the chain must hold: balances after setup plus every committed streamed transaction. */
interface Model {
  alice: bigint
  receivers: bigint[]
  bobAsset: bigint
  counter: bigint
}

function applyToModel(m: Model, s: Sent): void {
  m.alice -= FEE
  if (s.kind === 'pay') {
    m.alice -= s.amount
    m.receivers[s.receiver] += s.amount
  } else if (s.kind === 'axfer') m.bobAsset += s.amount
  else m.counter += 1n
}

describe('crash safety', () => {
  it(`loses nothing acknowledged and corrupts nothing when killed with SIGKILL ${KILLS.length} times inside a commit, at each of its stages`, async () => {
    const dir = tempDir()
    let child = await startCli(dir)
    let p = await params(child.url)

    // setup: an asset bob holds, a counter app, four funded receivers
    const receivers = Array.from({ length: 4 }, () => algosdk.generateAccount().addr.toString())
    const acfg = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: alice.address, total: 10n ** 15n, decimals: 0, defaultFrozen: false, unitName: 'CRS', assetName: 'Crash', suggestedParams: sp(p) })
    await commit(child.url, acfg)
    const assetId = BigInt((await get<{ 'asset-index': number }>(child.url, `/v2/transactions/pending/${acfg.txID()}`)).body['asset-index'])
    await commit(child.url, algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: bob.address, receiver: bob.address, amount: 0, assetIndex: assetId, suggestedParams: sp(p) }))
    const counterApp = algosdk.makeApplicationCreateTxnFromObject({
      sender: alice.address,
      approvalProgram: new Uint8Array(Buffer.from((await compile(child.url, '#pragma version 10\ntxn ApplicationID\nbz create\nbyte "n"\nbyte "n"\napp_global_get\nint 1\n+\napp_global_put\ncreate:\nint 1')), 'base64')),
      clearProgram: new Uint8Array(Buffer.from(await compile(child.url, '#pragma version 10\nint 1'), 'base64')),
      numGlobalInts: 1, numGlobalByteSlices: 0, numLocalInts: 0, numLocalByteSlices: 0, onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: sp(p),
    })
    await commit(child.url, counterApp)
    const appId = BigInt((await get<{ 'application-index': number }>(child.url, `/v2/transactions/pending/${counterApp.txID()}`)).body['application-index'])
    for (const r of receivers) await commit(child.url, algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: r, amount: 1_000_000, suggestedParams: sp(p) }))
    const model: Model = { alice: await balance(child.url, alice.address), receivers: receivers.map(() => 1_000_000n), bobAsset: 0n, counter: 0n }

    let next = 0
    let acknowledgedTotal = 0
    // every block seen after a restart must read back byte for byte after the next one
    const history = new Map<number, string>()
    for (const kill of KILLS) {
      // the CLI stops cleanly; the crash child takes over the same data, set to stop inside a commit
      child.proc.kill('SIGINT')
      expect((await child.exited).code).toBe(0)
      const pausing = await startPausing(dir, kill)
      child = pausing
      const startRound = BigInt((await get<{ 'last-round': number }>(child.url, '/v2/status')).body['last-round'])
      p = await params(child.url)
      const sent: Sent[] = []
      const acknowledged = new Set<string>()
      const refused: string[] = []
      let streaming = true
      const worker = async (): Promise<void> => {
        // under 1000 a kill: the transactions' validity window and algod's pending lookback are 1000 rounds
        while (streaming && sent.length < 900) {
          const i = next++
          const note = new TextEncoder().encode(`crash ${i}`)
          const kind = (['pay', 'pay', 'axfer', 'appl'] as const)[i % 4]
          const amount = BigInt(1 + (i % 97))
          const txn =
            kind === 'pay'
              ? algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: receivers[i % receivers.length], amount, note, suggestedParams: sp(p) })
              : kind === 'axfer'
                ? algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount, assetIndex: assetId, note, suggestedParams: sp(p) })
                : algosdk.makeApplicationNoOpTxnFromObject({ sender: alice.address, appIndex: appId, note, suggestedParams: sp(p) })
          sent.push({ txId: txn.txID(), kind, receiver: i % receivers.length, amount })
          const r = await post(child.url, signed(txn))
          if (r === 'gone') return
          if (r.status === 200) acknowledged.add(txn.txID())
          else refused.push(`${r.status} ${r.message}`)
        }
      }
      const stream = Promise.all(Array.from({ length: 4 }, worker))
      // kill where the child stopped: inside its kill.commit-th commit, as kill.stage ended
      await Promise.race([pausing.paused, stream.then(() => Promise.reject(new Error(`the stream ended before the child stopped in commit ${kill.commit}`)))])
      await killHard(child)
      streaming = false
      await stream
      expect(refused).toEqual([])

      child = await startCli(dir)
      // stopped before or halfway through its log write, the commit's block is gone (a torn write is
      // cut off) and every earlier one is there; stopped after its flush, it is there, and so is any
      // later block logged before that flush was reported (SIGKILL keeps what was written)
      const lastRound = BigInt((await get<{ 'last-round': number }>(child.url, '/v2/status')).body['last-round'])
      if (kill.stage === 'flush') expect(lastRound - startRound).toBeGreaterThanOrEqual(BigInt(kill.commit))
      else expect(lastRound - startRound).toBe(BigInt(kill.commit - 1))
      for (const s of sent) {
        const { status, body } = await get<{ 'confirmed-round'?: number }>(child.url, `/v2/transactions/pending/${s.txId}`)
        // acknowledged ⇒ committed; a write in flight at the kill may have gone either way
        if (acknowledged.has(s.txId)) expect({ txId: s.txId, status, round: body['confirmed-round'] }).toMatchObject({ status: 200, round: expect.any(Number) })
        if (status === 200) applyToModel(model, s)
        else expect(status).toBe(404)
      }
      acknowledgedTotal += acknowledged.size
      expect(await balance(child.url, alice.address)).toBe(model.alice)
      for (const [k, r] of receivers.entries()) expect(await balance(child.url, r)).toBe(model.receivers[k])
      expect(await assetBalance(child.url, bob.address, assetId)).toBe(model.bobAsset)
      expect(await counter(child.url, appId)).toBe(model.counter)
      const last = (await get<{ 'last-round': number }>(child.url, '/v2/status')).body['last-round']
      for (let r = 0; r <= last; r++) {
        const bytes = Buffer.from(await (await fetch(`${child.url}/v2/blocks/${r}?format=msgpack`, { headers: { 'X-Algo-API-Token': TOKEN } })).arrayBuffer()).toString('hex')
        if (history.has(r)) expect(bytes, `block ${r}`).toBe(history.get(r))
        history.set(r, bytes)
      }
    }
    expect(acknowledgedTotal).toBeGreaterThan(0)

    // the restored node takes new writes and shuts down cleanly
    p = await params(child.url)
    await commit(child.url, algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: bob.address, receiver: receivers[0], amount: 5, suggestedParams: sp(p) }))
    expect(await balance(child.url, receivers[0])).toBe(model.receivers[0] + 5n)
    child.proc.kill('SIGINT')
    expect((await child.exited).code).toBe(0)
  }, 180_000)

  it('starts past a torn tail on the log, and refuses a log corrupted in the middle with a one-line reason', async () => {
    const dir = tempDir()
    let child = await startCli(dir)
    const p = await params(child.url)
    for (let i = 0; i < 3; i++) await commit(child.url, algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: alice.address, receiver: bob.address, amount: i + 1, suggestedParams: sp(p) }))
    await killHard(child)
    const log = path.join(dir, 'ledger', 'chain.log')
    fs.appendFileSync(log, Buffer.from('GREC\x10\x00\x00\x00torn'))

    child = await startCli(dir)
    expect((await get<{ 'last-round': number }>(child.url, '/v2/status')).body['last-round']).toBe(3)
    await killHard(child)

    const buf = fs.readFileSync(log)
    const second = buf.indexOf('GREC', buf.indexOf('GREC') + 1)
    buf[second + 40] ^= 0x01
    fs.writeFileSync(log, buf)
    const refused = startCli(dir)
    await expect(refused).rejects.toThrow(/exited \(1\) before it was ready: grove-localnet: .*chain\.log is corrupt at byte \d+: the record after round 0 fails its checksum but intact records follow it/)
   }, 120_000)
})

async function compile(url: string, source: string): Promise<string> {
  const res = await fetch(url + '/v2/teal/compile', { method: 'POST', headers: { 'X-Algo-API-Token': TOKEN }, body: source })
  return ((await res.json()) as { result: string }).result
}

async function balance(url: string, address: string): Promise<bigint> {
  const { body } = await get<{ amount: number }>(url, `/v2/accounts/${address}?exclude=all`)
  return BigInt(body.amount)
}

async function assetBalance(url: string, address: string, assetId: bigint): Promise<bigint> {
  const { body } = await get<{ 'asset-holding': { amount: number } }>(url, `/v2/accounts/${address}/assets/${assetId}`)
  return BigInt(body['asset-holding'].amount)
}

async function counter(url: string, appId: bigint): Promise<bigint> {
  const { body } = await get<{ params: { 'global-state'?: { value: { uint: number } }[] } }>(url, `/v2/applications/${appId}`)
  return BigInt(body.params['global-state']?.[0]?.value.uint ?? 0)
}
