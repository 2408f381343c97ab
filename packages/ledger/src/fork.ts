// A fork's remote state source (issue 27). The local chain starts empty but for its own genesis;
// accounts, assets, apps (with global state) and boxes are read from the remote algod the first
// time anything touches them, pinned (written into the state as a base value and appended to
// `<dataDir>/fork.jsonl`), and never read again: every local write lands over the pinned value.
//
// The AVM and transaction application read the state synchronously, so remote reads happen
// before them: `ensureGroup` walks a group's references (senders, receivers, foreign accounts,
// apps, assets, box refs: what Algorand's reference rules let a program touch) and pins them all,
// then the group is evaluated against the local maps alone. Reads over the API pin what they read.
//
// Consistency: algod serves only the current state, so each object is pinned as the remote held it
// at that object's first touch, not at one common round. Two objects first read a minute apart may
// come from different remote rounds (an app's global state and one of its boxes, a pool's app and
// its asset holdings). Touch everything that must agree together (one group, or one prefetch),
// early; the fork never refreshes a pinned object.

import fs from 'node:fs'
import path from 'node:path'
import algosdk from 'algosdk'
import type { AssetHolding } from '@grove/avm'
import { decodeHeader, mapValue, splitBlock } from './block-bytes.ts'
import { decodeSignedGroup } from './convert.ts'
import { LedgerError } from './errors.ts'
import { sha512_256 } from './hash.ts'
import { hex, idKey, u64, type KeyValue, type LedgerState } from './state.ts'
import { accountRecord, appRecord, assetRecord, bytes, int, jsonText, keyValues, list, obj, parseJson } from './fork-json.ts'

/** Where a fork reads its remote state. */
export interface ForkOptions {
  /** The remote algod's URL (`https://mainnet-api.4160.nodely.dev`, `http://127.0.0.1:4001`). */
  url: string
  /** Its API token (sent as X-Algo-API-Token), if it needs one. */
  token?: string
  /** Extra request headers (`X-API-Key` and the like). */
  headers?: Record<string, string>
}

/** What a fork continues from, read from the remote once at its first start and kept in `<dataDir>/fork.json`. */
export interface ForkBase {
  /** The remote algod's URL the fork was made from. */
  url: string
  /** The fork's genesis id: the remote's with `-fork` appended. */
  genesisId: string
  /** The remote's genesis hash (base64): the fork's own genesis hash is derived from it. */
  remoteGenesisHash: string
  /** The remote's latest round at the fork's start. */
  round: number
  /** That round's timestamp (seconds): the fork's genesis is stamped with it, so block times continue. */
  timestamp: number
  /** That round's txn counter: ids the fork creates start above it. */
  txnCounter: number
  /**
   * That round's header, canonically encoded (base64): the fork's first block chains from it (its
   * branch is this header's hash), so the fork's blocks continue the remote's history. Absent in a
   * fork made before it was kept: that fork's first block chains from its own genesis.
   */
  header?: string
}

/** NodeOptions.fork: where to read, and what the fork continues from. */
export interface NodeForkOptions extends ForkOptions {
  base: ForkBase
}

/** The fork base's file name in the data directory. */
export const FORK_BASE_FILE = 'fork.json'

/** The fork's own genesis hash: nothing signed on the fork verifies on the remote (nor on a plain localnet). */
export function forkGenesisHash(base: ForkBase, localGenesisHash: Uint8Array): Uint8Array {
  return sha512_256(new TextEncoder().encode(`grove-fork:${base.genesisId}:${base.remoteGenesisHash}:${base.round}`), localGenesisHash)
}

/** The remote's request headers: the extra ones and its token. */
function remoteHeaders(options: ForkOptions): Record<string, string> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token !== undefined) headers['X-Algo-API-Token'] = options.token
  return headers
}

/** The remote algod's answer other than 2xx: its status and its message (algod's JSON `message`, else the text). */
class RemoteRefusal extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`${status}: ${detail}`)
  }
}

/**
 * GET `pathAndQuery` on the remote algod: the body as it was sent (algod's JSON, or msgpack when
 * `accept` asks for it). Throws RemoteRefusal when the remote answers other than 2xx, and fetch's
 * error when it does not answer.
 */
async function remoteGet(options: ForkOptions, pathAndQuery: string, accept: 'application/json' | 'application/msgpack' = 'application/json'): Promise<Uint8Array> {
  const res = await fetch(`${options.url.replace(/\/$/, '')}${pathAndQuery}`, { headers: { Accept: accept, ...remoteHeaders(options) } })
  if (!res.ok) {
    const text = await res.text().catch(() => '')
    let detail = text
    try {
      detail = (JSON.parse(text) as { message?: string }).message ?? text
    } catch {
      // not JSON: its text as it is
    }
    throw new RemoteRefusal(res.status, detail)
  }
  return new Uint8Array(await res.arrayBuffer())
}

/**
 * The fork base of `dataDir`: the one kept there (a restarted fork continues as it began), else read
 * from the remote now (its latest round's header) and kept. Throws naming the remote when it does not answer.
 */
export async function prepareForkBase(options: ForkOptions, dataDir: string): Promise<ForkBase> {
  const file = path.join(dataDir, FORK_BASE_FILE)
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as ForkBase
  let base: ForkBase
  try {
    const round = int(parseJson(jsonText(await remoteGet(options, '/v2/status')))['last-round'])
    // algod's block response is {block, cert}; header only, its block is the header's own encoding
    const response = await remoteGet(options, `/v2/blocks/${round}?format=msgpack&header-only=true`, 'application/msgpack')
    const block = mapValue(response, 'block')
    if (block === undefined) throw new Error(`its block ${round} answer holds no block`)
    const headerBytes = splitBlock(block)
    const header = decodeHeader(headerBytes)
    base = {
      url: options.url,
      genesisId: `${header.genesisID}-fork`,
      remoteGenesisHash: Buffer.from(header.genesisHash).toString('base64'),
      round: Number(round),
      timestamp: Number(header.timestamp),
      txnCounter: Number(header.txnCounter),
      header: Buffer.from(headerBytes).toString('base64'),
    }
  } catch (e) {
    throw new Error(`cannot fork ${options.url}: the remote algod did not answer (${(e as Error).message})`, { cause: e })
  }
  fs.mkdirSync(dataDir, { recursive: true })
  fs.writeFileSync(file, `${JSON.stringify(base, null, 2)}\n`)
  return base
}

/** The pins file's name in the data directory. */
export const FORK_PINS_FILE = 'fork.jsonl'

/** One line of the pins file: an object as the remote answered at first touch (json null: it did not exist). */
type Pin =
  | { kind: 'account'; key: string; json: string | null }
  | { kind: 'asset'; key: string; json: string | null }
  | { kind: 'app'; key: string; json: string | null }
  | { kind: 'box'; key: string; json: string | null }
  // an app's box list was read (key: the app id) and each of its boxes pinned (their own lines); json: the names' count
  | { kind: 'boxes'; key: string; json: string | null }

/** The folder in the data directory where the remote's blocks up to the fork round are pinned. */
export const FORK_BLOCKS_DIR = 'fork-blocks'

/** How many boxes ensureBoxList reads from the remote at once. */
const BOX_LIST_CONCURRENCY = 16

/** The remote state source of a forked chain: lazy remote reads, pinned at first touch. */
export class RemoteState {
  /** Every object pinned (present or absent), by `kind:key`: never read from the remote again. */
  private readonly known = new Set<string>()
  private readonly inflight = new Map<string, Promise<void>>()
  private readonly file: string | undefined
  /** Where the remote's blocks are pinned (undefined: kept nowhere, read again each time). */
  private readonly blocksDir: string | undefined
  private readonly blockReads = new Map<string, Promise<Uint8Array>>()
  /**
   * The remote's header at the fork round (ForkBase.header), decoded and as encoded: the fork's first
   * block chains from it (its branch is this header's hash), so the chain GET /v2/blocks serves, the
   * remote's blocks up to the fork round then the fork's own, is one chain. Undefined for a fork made
   * before the header was kept: its first block follows its own genesis.
   */
  readonly baseHeader: { header: algosdk.BlockHeader; bytes: Uint8Array } | undefined

  constructor(
    readonly options: NodeForkOptions,
    private readonly state: LedgerState,
    dataDir: string | undefined,
    /** Addresses of the fork's own genesis: local, never read from the remote. */
    local: Iterable<Uint8Array>,
  ) {
    for (const a of local) this.known.add(`account:${hex(a)}`)
    this.file = dataDir === undefined ? undefined : path.join(dataDir, FORK_PINS_FILE)
    this.blocksDir = dataDir === undefined ? undefined : path.join(dataDir, FORK_BLOCKS_DIR)
    const header = options.base.header === undefined ? undefined : new Uint8Array(Buffer.from(options.base.header, 'base64'))
    this.baseHeader = header === undefined ? undefined : { header: decodeHeader(header), bytes: header }
  }

  /** Re-applies the pins a previous run kept (before the chain log replays, so local blocks land over them). */
  loadPins(): void {
    if (this.file === undefined || !fs.existsSync(this.file)) return
    for (const line of fs.readFileSync(this.file, 'utf8').split('\n')) {
      if (line.trim() === '') continue
      let pin: Pin
      try {
        pin = JSON.parse(line) as Pin
      } catch {
        continue // a line torn by a crash: that object is read again on its next touch
      }
      this.apply(pin)
    }
  }

  /** Pins the account at `addr` (32 bytes) with its holdings, local states and created assets and apps. */
  ensureAccount(addr: Uint8Array): Promise<void> {
    const address = algosdk.encodeAddress(addr)
    return this.once({ kind: 'account', key: hex(addr) }, `account ${address}`, async () => jsonText(await remoteGet(this.options, `/v2/accounts/${address}`)))
  }

  /** Pins asset `id`'s params. */
  ensureAsset(id: bigint): Promise<void> {
    if (id === 0n) return Promise.resolve()
    return this.once({ kind: 'asset', key: idKey(u64(id)) }, `asset ${id}`, async () => jsonText(await remoteGet(this.options, `/v2/assets/${id}`)))
  }

  /** Pins app `id`'s params and global state, and its account. */
  async ensureApp(id: bigint): Promise<void> {
    if (id === 0n) return
    await Promise.all([
      this.once({ kind: 'app', key: idKey(u64(id)) }, `application ${id}`, async () => jsonText(await remoteGet(this.options, `/v2/applications/${id}`))),
      this.ensureAccount(algosdk.getApplicationAddress(id).publicKey),
    ])
  }

  /** Pins box `name` of app `app`. */
  ensureBox(app: bigint, name: Uint8Array): Promise<void> {
    if (app === 0n) return Promise.resolve()
    return this.once({ kind: 'box', key: `${app}:${hex(name)}` }, `box 0x${hex(name)} of application ${app}`, async () =>
      jsonText(await remoteGet(this.options, `/v2/applications/${app}/box?name=${encodeURIComponent(`b64:${Buffer.from(name).toString('base64')}`)}`)),
    )
  }

  /**
   * Pins every box app `app` has on the remote (GET /v2/applications/{id}/boxes on the fork lists
   * them): the remote's list of names, then each box not pinned yet, BOX_LIST_CONCURRENCY at a time.
   * Read once: boxes the remote makes later are not listed (a box read by name is still pinned).
   */
  ensureBoxList(app: bigint): Promise<void> {
    if (app === 0n) return Promise.resolve()
    return this.once({ kind: 'boxes', key: String(app) }, `the boxes of application ${app}`, async () => {
      const boxes = list(parseJson(jsonText(await remoteGet(this.options, `/v2/applications/${app}/boxes`))).boxes).map((b) => bytes(b.name) ?? new Uint8Array())
      for (let i = 0; i < boxes.length; i += BOX_LIST_CONCURRENCY) await Promise.all(boxes.slice(i, i + BOX_LIST_CONCURRENCY).map((name) => this.ensureBox(app, name)))
      return String(boxes.length)
    })
  }

  /** Pins everything a group's transactions reference (see the file comment). */
  async ensureTxns(txns: algosdk.Transaction[]): Promise<void> {
    const accounts = new Map<string, Uint8Array>()
    const apps = new Set<bigint>()
    const assets = new Set<bigint>()
    const boxes: [bigint, Uint8Array][] = []
    const account = (a: algosdk.Address | undefined): void => {
      if (a !== undefined) accounts.set(hex(a.publicKey), a.publicKey)
    }
    for (const t of txns) {
      account(t.sender)
      account(t.rekeyTo)
      account(t.payment?.receiver)
      account(t.payment?.closeRemainderTo)
      if (t.assetTransfer !== undefined) {
        assets.add(t.assetTransfer.assetIndex)
        account(t.assetTransfer.receiver)
        account(t.assetTransfer.assetSender)
        account(t.assetTransfer.closeRemainderTo)
      }
      if (t.assetConfig !== undefined) assets.add(t.assetConfig.assetIndex)
      if (t.assetFreeze !== undefined) {
        assets.add(t.assetFreeze.assetIndex)
        account(t.assetFreeze.freezeAccount)
      }
      const call = t.applicationCall
      if (call !== undefined) {
        const self = call.appIndex
        apps.add(self)
        for (const a of call.accounts) account(a)
        for (const id of call.foreignApps) apps.add(id)
        for (const id of call.foreignAssets) assets.add(id)
        for (const b of call.boxes) boxes.push([b.appIndex === 0n ? self : b.appIndex, b.name])
        // the access list (tx.Access) names the same kinds of resources, and holdings and locals as pairs
        for (const r of call.access) {
          account(r.address)
          if (r.appIndex !== undefined) apps.add(r.appIndex)
          if (r.assetIndex !== undefined) assets.add(r.assetIndex)
          if (r.holding !== undefined) {
            account(r.holding.address)
            assets.add(r.holding.assetIndex)
          }
          if (r.locals !== undefined) {
            account(r.locals.address)
            apps.add(r.locals.appIndex === 0n ? self : r.locals.appIndex)
          }
          if (r.box !== undefined) boxes.push([r.box.appIndex === 0n ? self : r.box.appIndex, r.box.name])
        }
      }
    }
    await Promise.all([...[...accounts.values()].map((a) => this.ensureAccount(a)), ...[...apps].map((id) => this.ensureApp(id)), ...[...assets].map((id) => this.ensureAsset(id))])
    await Promise.all(boxes.map(([app, name]) => this.ensureBox(app, name)))
  }

  /** Pins what a concatenation of msgpack SignedTransactions references (POST /v2/transactions). */
  ensureSignedGroupBytes(bytes: Uint8Array): Promise<void> {
    let txns: algosdk.Transaction[]
    try {
      txns = decodeSignedGroup(bytes).map((s) => s.txn)
    } catch {
      return Promise.resolve() // malformed: the submit itself answers algod's error
    }
    return this.ensureTxns(txns)
  }

  /**
   * Whether GET /v2/blocks/{round} answers the remote's block: its history up to and including the
   * fork round (the fork's own genesis, kept at that round, holds none of the remote's transactions).
   */
  servesBlock(round: bigint): boolean {
    return round >= 0n && round <= BigInt(this.options.base.round)
  }

  /**
   * The remote's block `round` (≤ the fork round) as algod's msgpack response, byte for byte: read
   * from the remote once and pinned in `<dataDir>/fork-blocks` (history does not change, so the pin
   * is exact). Throws naming the remote when it does not answer or does not have the block.
   */
  blockMsgpack(round: bigint, headerOnly = false): Promise<Uint8Array> {
    const name = `${round}${headerOnly ? '.header' : ''}.msgpack`
    const file = this.blocksDir === undefined ? undefined : path.join(this.blocksDir, name)
    if (file !== undefined && fs.existsSync(file)) return Promise.resolve(new Uint8Array(fs.readFileSync(file)))
    let p = this.blockReads.get(name)
    if (p === undefined) {
      p = (async () => {
        const what = `block ${round}${headerOnly ? ' (header)' : ''}`
        let bytes: Uint8Array
        try {
          bytes = await remoteGet(this.options, `/v2/blocks/${round}?format=msgpack${headerOnly ? '&header-only=true' : ''}`, 'application/msgpack')
        } catch (e) {
          if (e instanceof RemoteRefusal) throw new LedgerError(`fork: the remote algod ${this.options.url} answered ${e.status} for ${what}: ${e.detail}`, e.status === 404 ? 404 : 502)
          throw new LedgerError(`fork: the remote algod ${this.options.url} did not answer for ${what} (${(e as Error).message}); the fork serves the remote's blocks up to round ${this.options.base.round} from it`, 502)
        }
        if (file !== undefined) {
          fs.mkdirSync(this.blocksDir!, { recursive: true })
          const tmp = `${file}.${process.pid}.tmp`
          fs.writeFileSync(tmp, bytes)
          fs.renameSync(tmp, file)
        }
        return bytes
      })().finally(() => this.blockReads.delete(name))
      this.blockReads.set(name, p)
    }
    return p
  }

  /** Reads an object once: concurrent first touches share one remote read. */
  private once(pin: { kind: Pin['kind']; key: string }, what: string, read: () => Promise<string>): Promise<void> {
    const id = `${pin.kind}:${pin.key}`
    if (this.known.has(id)) return Promise.resolve()
    let p = this.inflight.get(id)
    if (p === undefined) {
      p = (async () => {
        let json: string | null
        try {
          json = await read()
        } catch (e) {
          if (!(e instanceof RemoteRefusal)) throw new LedgerError(`fork: the remote algod ${this.options.url} did not answer for ${what} (${(e as Error).message}); it was never read, so the fork cannot tell its state`, 502)
          if (e.status !== 404) throw new LedgerError(`fork: the remote algod ${this.options.url} answered ${e.status} for ${what}: ${e.detail}; it was never read, so the fork cannot tell its state`, 502)
          json = null
        }
        // another path may have pinned it meanwhile (an app's account read through the account route)
        if (this.known.has(id)) return
        const full = { ...pin, json } as Pin
        this.apply(full)
        if (this.file !== undefined) fs.appendFileSync(this.file, `${JSON.stringify(full)}\n`)
      })().finally(() => this.inflight.delete(id))
      this.inflight.set(id, p)
    }
    return p
  }

  /** Writes a pin into the state as its base value (skipping parts already pinned or written locally). */
  private apply(pin: Pin): void {
    const id = `${pin.kind}:${pin.key}`
    if (this.known.has(id)) return
    this.known.add(id)
    if (pin.json === null) return
    const s = this.state
    switch (pin.kind) {
      case 'account': {
        const a = parseJson(pin.json)
        const holdings = new Map<string, AssetHolding>()
        for (const h of list(a.assets)) holdings.set(idKey(u64(int(h['asset-id']))), { amount: u64(int(h.amount)), frozen: h['is-frozen'] === true })
        const locals = new Map<string, Map<string, KeyValue>>()
        for (const l of list(a['apps-local-state'])) locals.set(idKey(u64(int(l.id))), keyValues(l['key-value']))
        s.pinAccount(pin.key, accountRecord(a), holdings, locals)
        // created assets and apps come with the account: pin them too, unless already known
        for (const asset of list(a['created-assets'])) this.apply({ kind: 'asset', key: idKey(u64(int(asset.index))), json: algosdk.stringifyJSON(asset) })
        for (const app of list(a['created-apps'])) this.apply({ kind: 'app', key: idKey(u64(int(app.id))), json: algosdk.stringifyJSON(app) })
        return
      }
      case 'asset': {
        const a = parseJson(pin.json)
        if (a.params !== undefined) s.pinAsset(pin.key, assetRecord(obj(a.params)))
        return
      }
      case 'app': {
        const a = parseJson(pin.json)
        if (a.params !== undefined) s.pinApp(pin.key, appRecord(obj(a.params)), keyValues(obj(a.params)['global-state']))
        return
      }
      case 'box': {
        s.pinBox(pin.key, bytes(parseJson(pin.json).value) ?? new Uint8Array())
        return
      }
      case 'boxes':
        return // the boxes themselves have their own pins
    }
  }
}
