// The indexer's tables, kept in memory over the ledger's blocks: one row per transaction (inner
// ones too, numbered in preorder after their root, as the indexer's txn table), and the indexes
// its queries use. Built from the stored blocks when it starts, then block by block: each commit
// queues its block inside the ledger's journaled commit (Node.onCommit) and the next read indexes
// it; a reverted commit runs the undo, so no round the chain lost stays indexed.
import { createHash } from 'node:crypto'
import algosdk from 'algosdk'
import { addressString, isZeroAddress } from './address.ts'
import { digestText, paysetLeaves } from '@grove/ledger'
import type { Node } from '@grove/ledger'
import { sigType } from './convert.ts'

/**
 * A root transaction: its block entry and id. Its signed transaction is decoded from the ledger's
 * block when read (a few recent blocks stay decoded), not kept: a decoded payment costs ~1.2 KB of
 * heap, the rest of a row a fraction. One with inner transactions keeps it (its inner rows point into it).
 */
export class Root {
  /** Its JSON, made when first asked for (rows never change). */
  json?: Record<string, unknown>
  /** That JSON as text, made when first written. */
  text?: string

  constructor(
    private readonly store: IndexerStore,
    readonly txid: string,
    readonly round: bigint,
    readonly intra: number,
    /** Its place in the block's payset. */
    private readonly index: number,
    /** Inner transactions under it, at every depth (the next token skips them). */
    readonly innerCount: number,
    /** The created app or asset id of the root (the txn table's asset column). */
    readonly createdId: bigint,
    /** Its row number. */
    readonly row: number,
    /** The genesis fields the block stripped from it (its hgi and hgh flags). */
    readonly genesisId: string,
    readonly genesisHash: Uint8Array | undefined,
    private readonly kept: algosdk.SignedTxnWithAD | undefined,
  ) {}

  get stxn(): algosdk.SignedTxnWithAD {
    return this.kept ?? this.store.decodedBlock(this.round).payset[this.index]!.signedTxn
  }
}

/** One row of the txn table. */
export class Row {
  constructor(
    readonly round: bigint,
    readonly intra: number,
    readonly root: Root,
    /** An inner row's own transaction (a root row's is its root's). */
    private readonly own: algosdk.SignedTxnWithAD | undefined,
    readonly inner: boolean,
    /** The asset column: the app or asset the transaction is about (created ids included). */
    readonly creatable: bigint,
    /** The txn_participation rows: a root's cover its inner transactions' too. */
    readonly participants: string[],
  ) {}

  /** The row's own transaction (the root's, or an inner one). */
  get stxn(): algosdk.SignedTxnWithAD {
    return this.own ?? this.root.stxn
  }
}

/** An app or asset as the indexer's tables know it. */
export interface Creatable {
  id: bigint
  creator: string
  createdAt: bigint
  /** Round it was deleted (destroyed), if it was. */
  deletedAt?: bigint
  /** An asset's default-frozen (the frozen flag of each new holding). */
  defaultFrozen?: boolean
}

/**
 * An account_asset or account_app row (an account row without the created round): the round it
 * first appeared (a later opt-in keeps it, as the indexer's upsert does), the round it was last
 * removed (kept after a new opt-in) and whether it is removed now.
 */
export interface ResourceRow {
  createdAt: bigint
  closedAt?: bigint
  deleted: boolean
  /** A holding's frozen flag, which its row keeps when closed (amount 0). */
  frozen: boolean
}

/** How a round wrote an account. */
type AccountTouch = 'open' | 'closed' | 'touched'

/** account_asset or account_app: rows by account, then by asset or app id. */
type ResourceTable = Map<string, Map<bigint, ResourceRow>>

/** A holding or local state as a round leaves it: present (opted in) or removed, and its frozen flag. */
interface ResourceTouch {
  table: ResourceTable
  addr: string
  id: bigint
  present: boolean
  frozen: boolean
}

/** What an account row records beside its created round: its last close. */
export interface ClosedRow {
  closedAt?: bigint
  deleted: boolean
}

/** Every round's block time and header (decoded from the ledger's block when read). */
class RoundInfo {
  constructor(
    private readonly store: IndexerStore,
    readonly round: bigint,
    readonly timestamp: bigint,
    /** Index of the round's first row. */
    readonly firstRow: number,
  ) {}

  get header(): algosdk.BlockHeader {
    return this.store.decodedBlock(this.round).header
  }
}

/** Blocks kept decoded for rows and rounds read now (a page of results reads a few). */
const DECODED_BLOCKS = 64

const push = <K, V>(map: Map<K, V[]>, key: K, value: V): void => {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

/** Pops `value` from the end of `map[key]` (the undo of push, newest first). */
const pop = <K, V>(map: Map<K, V[]>, key: K): void => {
  const list = map.get(key)
  if (!list) return
  list.pop()
  if (list.length === 0) map.delete(key)
}

function participantsOf(stxn: algosdk.SignedTxnWithAD, includeInner: boolean, add: (a: string) => void): void {
  const txn = stxn.signedTxn.txn
  add(addressString(txn.sender))
  switch (txn.type) {
    case 'pay':
      add(addressString(txn.payment!.receiver))
      if (!isZeroAddress(txn.payment!.closeRemainderTo)) add(addressString(txn.payment!.closeRemainderTo!))
      break
    case 'axfer':
      if (!isZeroAddress(txn.assetTransfer!.assetSender)) add(addressString(txn.assetTransfer!.assetSender!))
      add(addressString(txn.assetTransfer!.receiver))
      if (!isZeroAddress(txn.assetTransfer!.closeRemainderTo)) add(addressString(txn.assetTransfer!.closeRemainderTo!))
      break
    case 'afrz':
      add(addressString(txn.assetFreeze!.freezeAccount))
      break
    case 'appl':
      for (const a of txn.applicationCall!.accounts) add(addressString(a))
      break
    case 'hb':
      add(addressString(txn.heartbeat!.address))
      break
  }
  if (includeInner) for (const inner of stxn.applyData.evalDelta?.innerTxns ?? []) participantsOf(inner, true, add)
}

function participants(stxn: algosdk.SignedTxnWithAD, includeInner: boolean): string[] {
  const set = new Set<string>()
  participantsOf(stxn, includeInner, (a) => set.add(a))
  return [...set]
}

function countInner(stxn: algosdk.SignedTxnWithAD): number {
  let n = 0
  for (const inner of stxn.applyData.evalDelta?.innerTxns ?? []) n += 1 + countInner(inner)
  return n
}

/** transactionAssetID: the app or asset a transaction is about. */
function creatableOf(stxn: algosdk.SignedTxnWithAD): bigint {
  const txn = stxn.signedTxn.txn
  switch (txn.type) {
    case 'appl':
      return txn.applicationCall!.appIndex || (stxn.applyData.applicationID ?? 0n)
    case 'acfg':
      return txn.assetConfig!.assetIndex || (stxn.applyData.configAsset ?? 0n)
    case 'axfer':
      return txn.assetTransfer!.assetIndex
    case 'afrz':
      return txn.assetFreeze!.assetIndex
    default:
      return 0n
  }
}

/** An asset config with no params destroys its asset. */
function isDestroy(txn: algosdk.Transaction): boolean {
  const c = txn.assetConfig!
  return c.assetIndex !== 0n && c.total === 0n && !c.manager && !c.reserve && !c.freeze && !c.clawback
}

/**
 * A stored block's transaction ids: each entry's txn with the genesis fields the block strips put
 * back (go's hgi/hgh), canonically encoded and hashed, from the raw msgpack (quicker than
 * rebuilding algosdk transactions).
 */
function storedTxIds(bytes: Uint8Array, genesisId: string, genesisHash: Uint8Array): string[] {
  const raw = algosdk.msgpackRawDecodeAsMap(bytes) as Map<string, unknown>
  const entries = (raw.get('txns') as Map<string, unknown>[] | undefined) ?? []
  return entries.map((stib) => {
    const txn = new Map(stib.get('txn') as Map<string, unknown>)
    if (stib.get('hgi')) txn.set('gen', genesisId)
    txn.set('gh', genesisHash)
    const digest = createHash('sha512-256').update('TX').update(algosdk.msgpackRawEncode(txn)).digest()
    return digestText(new Uint8Array(digest))
  })
}

/** A note in the note index. */
interface NoteEntry {
  note: string
  row: number
}

const latin1 = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1')

function compareNotes(x: NoteEntry, y: NoteEntry): number {
  return x.note < y.note ? -1 : x.note > y.note ? 1 : x.row - y.row
}

/** The first index in [0, length) where `before` is false, `before` being true on a prefix of it (binary search). */
export function firstIndexNotBefore(length: number, before: (i: number) => boolean): number {
  let lo = 0
  let hi = length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (before(mid)) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Where `entry` is or would go in the sorted note index. */
function noteIndex(notes: NoteEntry[], entry: NoteEntry): number {
  return firstIndexNotBefore(notes.length, (i) => compareNotes(notes[i]!, entry) < 0)
}

/** Why a round is not answered: the ledger dropped it (--keep-rounds). */
export function droppedRound(store: IndexerStore, round: bigint): string {
  return `round ${round} was dropped: --keep-rounds keeps rounds ${store.firstRound()} to ${store.round()}`
}

/** The in-memory indexer database. */
export class IndexerStore {
  /** The txn table from row `rowBase` on (row n at index n − rowBase): rows of rounds --keep-rounds dropped are pruned. */
  private readonly rowList: Row[] = []
  private rowBase = 0
  /** Each kept round's info: round r at index r − roundBase (roundInfo). */
  readonly rounds: RoundInfo[] = []
  /** The round of rounds[0]: the genesis round, or the oldest the ledger kept (--keep-rounds). */
  roundBase: bigint
  /** The ledger's genesis round: 0, or on a fork the remote's round its history continues from. */
  readonly genesisRound: bigint
  readonly byTxid = new Map<string, Root>()
  /** Row numbers by participating address, ascending. */
  readonly byAddress = new Map<string, number[]>()
  readonly byGroup = new Map<string, number[]>()
  readonly byCreatable = new Map<bigint, number[]>()
  readonly assets = new Map<bigint, Creatable>()
  readonly apps = new Map<bigint, Creatable>()
  /**
   * The account table: every address a round wrote (genesis, senders, payment receivers and
   * close-tos, heartbeat addresses, as the indexer's account deltas) and the round it first was.
   */
  readonly accounts = new Map<string, bigint>()
  /** Addresses that ever held or moved each asset (a balance search reads their holdings). */
  readonly assetHolders = new Map<bigint, Set<string>>()
  /** account_asset: each account's holdings by asset, closed ones kept. */
  readonly holdings: ResourceTable = new Map()
  /** account_app: each account's local states by app, closed ones kept. */
  readonly localStates: ResourceTable = new Map()
  /** The account table's closed_at and deleted, for accounts ever closed. */
  readonly closedAccounts = new Map<string, ClosedRow>()
  /** The account table's keytype: the signature of the account's last root transaction, cleared by a rekey. */
  readonly keyTypes = new Map<string, 'sig' | 'msig' | 'lsig'>()
  /** The fee sink and rewards pool (the indexer refuses to rewind them). */
  specialAccounts: string[] = []
  private readonly unsubscribe: () => void

  /**
   * Committed blocks not indexed yet, oldest first. A commit only queues its block (the submit
   * pays nothing for the indexer); every read drains the queue first (drain), so no answer is
   * behind the ledger. Each entry's undo, run by the ledger if its commit is reverted (newest
   * first), drops it from the queue or, once indexed, undoes its round.
   */
  private readonly pending: { bytes: Uint8Array; txIds: readonly string[]; undo?: (() => void)[] }[] = []
  private catchingUp = true
  private closed = false

  constructor(
    readonly node: Node,
    genesisAccounts: Iterable<string>,
  ) {
    this.genesisRound = node.genesisRound()
    this.roundBase = node.firstRound()
    for (const a of genesisAccounts) this.accounts.set(a, this.genesisRound)
    const tip = node.lastRound()
    this.unsubscribe = node.onCommit((_round, bytes, txIds) => {
      const entry: (typeof this.pending)[number] = { bytes, txIds }
      this.pending.push(entry)
      return () => (entry.undo ? this.undoLast(entry.undo) : void this.pending.pop())
    })
    this.ready = this.catchUp(tip)
  }

  /**
   * Indexes the stored blocks up to `tip` (flushed, so never undone) in slices, yielding between
   * them so the node serves while a long chain is read; commits meanwhile wait in the queue.
   */
  private async catchUp(tip: bigint): Promise<void> {
    const SLICE = 256n
    for (let r = this.roundBase; r <= tip && !this.closed; r++) {
      const bytes = this.node.encodedBlock(r)!
      const block = algosdk.decodeMsgpack(bytes, algosdk.Block)
      this.add(block, storedTxIds(bytes, block.header.genesisID, block.header.genesisHash))
      if (r % SLICE === SLICE - 1n) await new Promise((resolve) => setImmediate(resolve))
    }
    // the catch-up appended notes unsorted: one sort instead of an insert each
    this.byNote.sort(compareNotes)
    this.catchingUp = false
  }

  /** Rows with a note, by note (as latin1, so byte order) then row: a note-prefix search reads one range. */
  readonly byNote: NoteEntry[] = []

  private addNote(entry: NoteEntry): void {
    if (this.catchingUp) this.byNote.push(entry)
    else this.byNote.splice(noteIndex(this.byNote, entry), 0, entry)
  }

  /** The rows whose note starts with `prefix`, ascending; undefined when more than `max` (a scan is quicker). */
  rowsWithNotePrefix(prefix: Uint8Array, max: number): number[] | undefined {
    const p = latin1(prefix)
    const notes = this.byNote
    const lo = noteIndex(notes, { note: p, row: -1 })
    // the notes with the prefix are a run from lo
    const end = lo + firstIndexNotBefore(notes.length - lo, (i) => notes[lo + i]!.note.startsWith(p))
    if (end - lo > max) return undefined
    return notes
      .slice(lo, end)
      .map((e) => e.row)
      .sort((x, y) => x - y)
  }

  /** Indexes the queued commits (after the catch-up); every read calls it first. */
  drain(): void {
    if (this.catchingUp) return
    while (this.pending.length > 0) {
      const entry = this.pending.shift()!
      entry.undo = this.add(algosdk.decodeMsgpack(entry.bytes, algosdk.Block), entry.txIds)
    }
    this.prune()
  }

  /** Row `n` of the txn table (a kept one: searches start at the ledger's first round). */
  row(n: number): Row {
    return this.rowList[n - this.rowBase]!
  }

  /** The next row's number. */
  get rowCount(): number {
    return this.rowBase + this.rowList.length
  }

  /** The oldest round whose transactions can be read: the ledger's first kept round (--keep-rounds drops older ones). */
  firstRound(): bigint {
    return this.node.firstRound()
  }

  /**
   * Forgets the rows and rounds of rounds the ledger dropped (--keep-rounds), once they are as many
   * as the kept ones (each row is pruned once, each index walked once per as many rounds as are kept),
   * so the tables stay as bounded as the chain's history. Until then searches skip them (firstRound).
   */
  private prune(): void {
    const k = Number(this.node.firstRound() - this.roundBase)
    if (k <= 0 || 2 * k < this.rounds.length) return
    const keptFrom = k < this.rounds.length ? this.rounds[k]!.firstRow : this.rowCount
    const n = keptFrom - this.rowBase
    for (const row of this.rowList.slice(0, n)) if (!row.inner && this.byTxid.get(row.root.txid) === row.root) this.byTxid.delete(row.root.txid)
    // each index list is ascending: the dropped rows are a prefix
    for (const index of [this.byAddress, this.byGroup, this.byCreatable] as Map<unknown, number[]>[]) {
      for (const [key, list] of index) {
        const lo = firstIndexNotBefore(list.length, (i) => list[i]! < keptFrom)
        if (lo === list.length) index.delete(key)
        else if (lo > 0) list.splice(0, lo)
      }
    }
    const notes = this.byNote.filter((e) => e.row >= keptFrom)
    this.byNote.splice(0, this.byNote.length, ...notes)
    this.rowList.splice(0, n)
    this.rowBase = keptFrom
    this.rounds.splice(0, k)
    this.roundBase += BigInt(k)
    for (const r of this.decoded.keys()) if (r < this.roundBase) this.decoded.delete(r)
  }

  /** Resolves once the blocks stored before the start are indexed (queries wait for it). */
  readonly ready: Promise<void>

  /** The latest indexed round: the ledger's, once drained. */
  round(): bigint {
    this.drain()
    return this.roundBase + BigInt(this.rounds.length - 1)
  }

  /** A kept round's info (undefined before the first kept round or past the tip). */
  roundInfo(round: bigint): RoundInfo | undefined {
    return round < this.roundBase ? undefined : this.rounds[Number(round - this.roundBase)]
  }

  close(): void {
    this.closed = true
    this.unsubscribe()
  }

  /** Indexes a block; returns the undo of its changes other than rows and round. */
  private add(block: algosdk.Block, txIds?: readonly string[]): (() => void)[] {
    const round = block.header.round
    const undo: (() => void)[] = []
    this.rounds.push(new RoundInfo(this, round, block.header.timestamp, this.rowCount))
    this.remember(round, block)
    // the block strips the genesis fields the txid covers: the leaves put them back (a commit brings its ids)
    const ids = txIds ?? paysetLeaves(block.payset, block.header.genesisID, block.header.genesisHash).map((l) => l.txn.txID())
    const seeAccount = (a: string) => {
      if (this.accounts.has(a)) return
      this.accounts.set(a, round)
      undo.push(() => this.accounts.delete(a))
    }
    const seeCreatable = (map: Map<bigint, Creatable>, id: bigint, creator: string) => {
      if (map.has(id)) return
      map.set(id, { id, creator, createdAt: round })
      undo.push(() => map.delete(id))
    }
    const markDeleted = (c: Creatable | undefined) => {
      if (!c || c.deletedAt !== undefined) return
      c.deletedAt = round
      undo.push(() => (c.deletedAt = undefined))
    }
    const seeHolder = (asset: bigint, a: string) => {
      let set = this.assetHolders.get(asset)
      if (!set) this.assetHolders.set(asset, (set = new Set()))
      if (set.has(a)) return
      set.add(a)
      undo.push(() => set.delete(a))
    }
    // The round's opt-ins and closes, the last per row: the indexer writes a row once a round from
    // the round's final state, so an opt-out and a new opt-in in one round leave closed_at alone.
    const touched = new Map<string, ResourceTouch>()
    // accounts the round wrote (the delta's accounts): opened (funded), closed, or only touched (a
    // fee, a 0 payment), which leaves a funded account as it was and one with no balance closed
    const touchedAccounts = new Map<string, AccountTouch>()
    const touchAccount = (a: string, how: AccountTouch = 'touched') => {
      seeAccount(a)
      if (how !== 'touched' || !touchedAccounts.has(a)) touchedAccounts.set(a, how)
    }
    const keyOf = (table: ResourceTable, addr: string, id: bigint) => `${table === this.holdings ? 'h' : 'l'}${addr}:${id}`
    const live = (table: ResourceTable, addr: string, id: bigint): boolean => {
      const t = touched.get(keyOf(table, addr, id))
      if (t) return t.present
      const row = table.get(addr)?.get(id)
      return row !== undefined && !row.deleted
    }
    const touch = (table: ResourceTable, addr: string, id: bigint, present: boolean, frozen?: boolean) => {
      const key = keyOf(table, addr, id)
      const kept = touched.get(key)?.frozen ?? table.get(addr)?.get(id)?.frozen ?? false
      touched.set(key, { table, addr, id, present, frozen: frozen ?? kept })
    }
    /** The opt-ins, closes and account closes a row's own transaction makes (its inner rows come after it). */
    const resourceChanges = (row: Row, stxn: algosdk.SignedTxnWithAD) => {
      const txn = stxn.signedTxn.txn
      const ad = stxn.applyData
      const sender = addressString(txn.sender)
      if (txn.type !== 'stpf') touchAccount(sender)
      switch (txn.type) {
        case 'pay': {
          const p = txn.payment!
          touchAccount(addressString(p.receiver), p.amount > 0n ? 'open' : 'touched')
          if (!isZeroAddress(p.closeRemainderTo)) {
            touchAccount(sender, 'closed')
            touchAccount(addressString(p.closeRemainderTo!), (ad.closingAmount ?? 0n) > 0n ? 'open' : 'touched')
          }
          break
        }
        case 'hb':
          touchAccount(addressString(txn.heartbeat!.address))
          break
        case 'axfer': {
          const t = txn.assetTransfer!
          const optIn = isZeroAddress(t.assetSender) && t.amount === 0n && addressString(t.receiver) === sender
          if (optIn && !live(this.holdings, sender, t.assetIndex)) touch(this.holdings, sender, t.assetIndex, true, this.assets.get(t.assetIndex)?.defaultFrozen ?? false)
          if (!isZeroAddress(t.closeRemainderTo)) touch(this.holdings, sender, t.assetIndex, false)
          break
        }
        case 'afrz': {
          const f = txn.assetFreeze!
          const target = addressString(f.freezeAccount)
          if (live(this.holdings, target, f.assetIndex)) touch(this.holdings, target, f.assetIndex, true, f.frozen)
          break
        }
        case 'acfg': {
          if (txn.assetConfig!.assetIndex === 0n) touch(this.holdings, sender, row.creatable, true, false)
          else if (isDestroy(txn)) {
            // destroying removes the creator's holding (it held the whole supply)
            const creator = this.assets.get(row.creatable)?.creator
            if (creator !== undefined) touch(this.holdings, creator, row.creatable, false)
          }
          break
        }
        case 'appl': {
          const oc = txn.applicationCall!.onComplete
          if (oc === algosdk.OnApplicationComplete.OptInOC) touch(this.localStates, sender, row.creatable, true)
          else if (oc === algosdk.OnApplicationComplete.CloseOutOC || oc === algosdk.OnApplicationComplete.ClearStateOC) touch(this.localStates, sender, row.creatable, false)
          break
        }
      }
    }
    // `stxn`: the row's transaction as decoded now (a root row's is read from the block again later)
    const addRow = (row: Row, stxn: algosdk.SignedTxnWithAD) => {
      const n = this.rowCount
      this.rowList.push(row)
      const note = stxn.signedTxn.txn.note
      if (note && note.length > 0) this.addNote({ note: latin1(note), row: n })
      for (const a of row.participants) push(this.byAddress, a, n)
      if (row.creatable !== 0n) push(this.byCreatable, row.creatable, n)
      const group = stxn.signedTxn.txn.group
      if (group && group.some((x) => x !== 0)) push(this.byGroup, algosdk.bytesToBase64(group), n)
      const txn = stxn.signedTxn.txn
      const sender = addressString(txn.sender)
      if (txn.type === 'acfg') {
        if (txn.assetConfig!.assetIndex === 0n) {
          seeCreatable(this.assets, row.creatable, sender)
          const created = this.assets.get(row.creatable)!
          if (created.createdAt === round && created.defaultFrozen === undefined) created.defaultFrozen = txn.assetConfig!.defaultFrozen
          seeHolder(row.creatable, sender)
        } else if (isDestroy(txn)) markDeleted(this.assets.get(row.creatable))
      }
      if (txn.type === 'axfer') {
        const t = txn.assetTransfer!
        seeHolder(t.assetIndex, addressString(t.receiver))
        seeHolder(t.assetIndex, sender)
      }
      if (txn.type === 'appl') {
        const a = txn.applicationCall!
        if (a.appIndex === 0n) {
          seeCreatable(this.apps, row.creatable, sender)
        } else if (a.onComplete === algosdk.OnApplicationComplete.DeleteApplicationOC) markDeleted(this.apps.get(row.creatable))
      }
      resourceChanges(row, stxn)
    }
    let intra = 0
    block.payset.forEach((entry, i) => {
      const stxn = entry.signedTxn
      const innerCount = countInner(stxn)
      const root = new Root(this, ids[i]!, round, intra, i, innerCount, creatableOf(stxn), this.rowCount, entry.hasGenesisID ? block.header.genesisID : '', entry.hasGenesisHash ? this.node.genesisHash : undefined, innerCount > 0 ? stxn : undefined)
      this.byTxid.set(root.txid, root)
      const sent = stxn.signedTxn.txn
      const signer = addressString(sent.sender)
      const rekeyed = !isZeroAddress(sent.rekeyTo)
      const keyType = rekeyed || sent.type === 'stpf' ? undefined : sigType(stxn.signedTxn)
      const keyBefore = this.keyTypes.get(signer)
      if (keyType !== keyBefore) {
        if (keyType) this.keyTypes.set(signer, keyType)
        else this.keyTypes.delete(signer)
        undo.push(() => (keyBefore ? this.keyTypes.set(signer, keyBefore) : this.keyTypes.delete(signer)))
      }
      undo.push(() => this.byTxid.delete(root.txid))
      addRow(new Row(round, intra, root, undefined, false, root.createdId, participants(stxn, true)), stxn)
      intra++
      const walk = (parent: algosdk.SignedTxnWithAD) => {
        for (const inner of parent.applyData.evalDelta?.innerTxns ?? []) {
          addRow(new Row(round, intra, root, inner, true, creatableOf(inner), participants(inner, false)), inner)
          intra++
          walk(inner)
        }
      }
      walk(stxn)
    })
    this.writeRows(round, touched, touchedAccounts, undo)
    const special = [addressString(block.header.rewardState.feeSink), addressString(block.header.rewardState.rewardsPool)]
    if (this.specialAccounts.join() !== special.join()) {
      const before = this.specialAccounts
      this.specialAccounts = special
      undo.push(() => (this.specialAccounts = before))
    }
    return undo
  }

  /** Writes the round's final state of each touched holding, local state and account (the indexer's upserts and deletes). */
  private writeRows(
    round: bigint,
    touched: Map<string, ResourceTouch>,
    accounts: Map<string, AccountTouch>,
    undo: (() => void)[],
  ): void {
    for (const t of touched.values()) {
      let rows = t.table.get(t.addr)
      if (!rows) t.table.set(t.addr, (rows = new Map()))
      const table = rows
      const before = table.get(t.id)
      if (before && !before.deleted && t.present && before.frozen === t.frozen) continue
      // a row first written closed is inserted with frozen false, as the indexer's delete does
      const after: ResourceRow = before ? { ...before, frozen: t.frozen } : { createdAt: round, deleted: false, frozen: t.present ? t.frozen : false }
      if (t.present) after.deleted = false
      else {
        after.deleted = true
        after.closedAt = round
      }
      table.set(t.id, after)
      undo.push(() => (before ? table.set(t.id, before) : table.delete(t.id)))
    }
    for (const [addr, how] of accounts) {
      const before = this.closedAccounts.get(addr)
      // only touched: a closed account stays closed (closed again this round, as the indexer's
      // delete writes it), and one that first appears without funds is written closed
      const closed = how === 'touched' ? before?.deleted === true || this.accounts.get(addr) === round : how === 'closed'
      if (!closed && (before === undefined || !before.deleted)) continue
      this.closedAccounts.set(addr, closed ? { closedAt: round, deleted: true } : { ...before, deleted: false })
      undo.push(() => (before ? this.closedAccounts.set(addr, before) : this.closedAccounts.delete(addr)))
    }
  }

  /** Removes the newest round (its commit was reverted). */
  private undoLast(undo: (() => void)[]): void {
    const info = this.rounds[this.rounds.length - 1]!
    // read while the ledger still holds the block; a later block of this round will be another
    this.decodedBlock(info.round)
    this.rounds.pop()
    while (this.rowCount > info.firstRow) {
      const row = this.rowList.pop()!
      const note = row.stxn.signedTxn.txn.note
      if (note && note.length > 0) this.byNote.splice(noteIndex(this.byNote, { note: latin1(note), row: this.rowCount }), 1)
      for (const a of row.participants) pop(this.byAddress, a)
      if (row.creatable !== 0n) pop(this.byCreatable, row.creatable)
      const group = row.stxn.signedTxn.txn.group
      if (group && group.some((x) => x !== 0)) pop(this.byGroup, algosdk.bytesToBase64(group))
    }
    for (const u of undo.reverse()) u()
    this.decoded.delete(info.round)
  }

  /** Recently read blocks, decoded (oldest first). */
  private readonly decoded = new Map<bigint, algosdk.Block>()

  private remember(round: bigint, block: algosdk.Block): void {
    this.decoded.delete(round)
    if (this.decoded.size >= DECODED_BLOCKS) this.decoded.delete(this.decoded.keys().next().value!)
    this.decoded.set(round, block)
  }

  /** A round's block, decoded (kept among the last few read). */
  decodedBlock(round: bigint): algosdk.Block {
    const kept = this.decoded.get(round)
    if (kept !== undefined) return kept
    const block = algosdk.decodeMsgpack(this.node.encodedBlock(round)!, algosdk.Block)
    this.remember(round, block)
    return block
  }

  /** The block time (seconds) of a round. */
  roundTime(round: bigint): bigint {
    return this.roundInfo(round)!.timestamp
  }

  /** go's sig type of a row (for the sig-type filter). */
  static sigType(row: Row): string | undefined {
    return row.inner ? undefined : sigType(row.stxn.signedTxn)
  }
}
