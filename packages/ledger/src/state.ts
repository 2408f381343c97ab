// Chain state with a journal (checkpoint → run → commit, revert on error) that implements
// @grove/avm's `Ledger`, so programs read and write it directly. Values in the maps are never
// mutated in place: every write goes through `put`, which records the inverse, so reverting is
// undoing the records newest first and a checkpoint is just a position in the undo list.

import {
  CURRENT_PROTO,
  emptyAccountData,
  microAlgosText,
  minBalance,
  type AssetHolding,
  type BlockHeader,
  type ConsensusParams,
  type InnerAppRunner,
  type Ledger,
  type StackValue,
  type Txn,
  type Uint64,
  type VoterData,
} from '@grove/avm'
import algosdk from 'algosdk'
import { LedgerError } from './errors.ts'
import { ZERO32 } from './bytes.ts'
import { AccountStatus, BALANCE_LOOKBACK, accountDataText, balanceRound, u64, boxKey, cloneAccount, hex, idKey, isEmptyAccount, isZeroBytes, schemaText, unhex, type AccountRecord, type AppRecord, type AssetRecord, type ChainContext, type InnerOwner, type KeyValue, type StateSnapshot } from './records.ts'

export { AccountStatus, BALANCE_LOOKBACK, STATUS_TEXT, balanceRound, hex, idKey, isEmptyAccount, u64, unhex } from './records.ts'
export type { AccountRecord, AppRecord, AssetRecord, ChainContext, InnerOwner, KeyValue, StateSnapshot, VotingData } from './records.ts'

/** A new account's record: its zero auth address shared by every unrekeyed account (a rekey replaces it, nothing writes into it), a buffer less per account. */
const emptyAccount = (): AccountRecord => ({ ...emptyAccountData(), authAddr: ZERO32 })

/** Applies an inner transaction (apply.ts provides it; perform delegates here). */
export type Performer = (state: LedgerState, group: Txn[], gi: number, runInner: InnerAppRunner) => Txn

/** go's MicroAlgos.String(), shared with the AVM's fee texts. */
export { microAlgosText }

/** The ledger state (see the file comment). Keys: accounts by address hex, ids as decimal strings. */
export class LedgerState implements Ledger {
  readonly accounts = new Map<string, AccountRecord>()
  /** address hex → asset id → holding. */
  readonly holdings = new Map<string, Map<string, AssetHolding>>()
  /** address hex → app id → key hex → value. */
  readonly locals = new Map<string, Map<string, Map<string, KeyValue>>>()
  readonly assets = new Map<string, AssetRecord>()
  readonly apps = new Map<string, AppRecord>()
  /** app id → key hex → value. */
  readonly globals = new Map<string, Map<string, KeyValue>>()
  /** `app:namehex` → contents. */
  readonly boxes = new Map<string, Uint8Array>()
  private lastId = 0
  private readonly undo: (() => void)[] = []
  /** Signers (address hex) whose unsigned transactions are accepted: POST /grove/v1/impersonate, unsafe, fork and dev only. */
  readonly impersonated = new Set<string>()
  /** Addresses written since `clearTouched`, for the min-balance check. */
  touched = new Set<string>()
  proto: ConsensusParams = CURRENT_PROTO
  performer: Performer | undefined
  /** Whose each inner map is, so a write to one is attributed without searching the state. */
  readonly innerOwners = new WeakMap<Map<string, unknown>, InnerOwner>()
  /** Sees every journaled write (map, key, old value); the chain records state deltas with it. */
  onWrite: ((map: Map<unknown, unknown>, key: unknown, before: unknown, after: unknown) => void) | undefined = undefined

  constructor(readonly chain: ChainContext) {}

  // ---- journal ----

  /** A position to `revert` to or `commit` from. */
  checkpoint(): number {
    return this.undo.length
  }

  /** Undoes every write since `cp`. */
  revert(cp: number): void {
    while (this.undo.length > cp) this.undo.pop()!()
  }

  /** Keeps the writes since `cp`; they stay undoable by an enclosing checkpoint until `settle`. */
  commit(_cp: number): void {}

  /** Forgets every undo record (keeping them in `history` while a dev snapshot may be reverted to): the owner of the outermost checkpoint calls it once nothing may be undone any more. */
  settle(): void {
    const history = this.history
    if (history !== undefined) for (const u of this.undo) history.push(u)
    this.undo.length = 0
  }

  /**
   * Settled undo records kept for dev snapshots (POST /grove/v1/snapshot): reverting to one undoes
   * the records since it, so the cost is what changed since, not the state's size. Undefined while none is taken.
   */
  private history: (() => void)[] | undefined

  /** Starts (or goes on) keeping settled undo records; returns the position `rewind` returns to. Call it settled. */
  keepHistory(): number {
    this.history ??= []
    return this.history.length
  }

  /** Undoes every settled write since `pos`, newest first (settled: nothing unsettled may be in the way), and returns how many; `stop` forgets the history. */
  rewind(pos: number, stop: boolean): number {
    const history = this.history ?? []
    const undone = history.length - pos
    while (history.length > pos) history.pop()!()
    if (stop) this.history = undefined
    return undone
  }

  /** Journals an undo step for state kept outside these maps (the chain's indexes), so a revert restores it too. */
  journal(undo: () => void): void {
    this.undo.push(undo)
  }

  /** Sets (or, with undefined, deletes) `map[k]`, journaling the old entry. */
  private put<K, V>(map: Map<K, V>, k: K, v: V | undefined): void {
    const had = map.has(k)
    const old = map.get(k)
    this.onWrite?.(map as Map<unknown, unknown>, k, old, v)
    this.undo.push(() => (had ? map.set(k, old as V) : map.delete(k)))
    if (v === undefined) map.delete(k)
    else map.set(k, v)
  }

  /** The inner map `outer[k]`, created (journaled) when missing. */
  private inner<V>(outer: Map<string, Map<string, V>>, k: string): Map<string, V> {
    let m = outer.get(k)
    if (m === undefined) {
      m = new Map()
      const owner: InnerOwner =
        outer === (this.globals as Map<string, unknown>) ? { kind: 'globals', app: k } : outer === (this.holdings as Map<string, unknown>) ? { kind: 'holdings', addr: k } : { kind: 'locals', addr: k }
      this.innerOwners.set(m, owner)
      this.put(outer, k, m)
    }
    return m
  }

  // ---- writes used by transaction application ----

  /** Rewrites an account's record through `fn` (on a copy) and marks it touched. */
  updateAccount(addr: Uint8Array, fn: (d: AccountRecord) => void): AccountRecord {
    const k = hex(addr)
    const d = cloneAccount(this.accounts.get(k) ?? emptyAccount())
    fn(d)
    this.put(this.accounts, k, isEmptyAccount(d) ? undefined : d)
    this.touched.add(k)
    return d
  }

  /** Moves microAlgos, failing with algod's overspend text. */
  move(from: Uint8Array, to: Uint8Array, amount: bigint): void {
    if (amount === 0n) {
      this.touched.add(hex(from))
      this.touched.add(hex(to))
      return
    }
    const fromData = this.accountData(from)
    const bal = BigInt(fromData.balance)
    if (bal < amount) {
      throw new LedgerError(`overspend (account ${algosdk.encodeAddress(from)}, data ${accountDataText(fromData, this.authorizerRaw(from))}, tried to spend ${microAlgosText(amount)})`)
    }
    this.updateAccount(from, (d) => (d.balance = u64(BigInt(d.balance) - amount)))
    const toData = this.accountData(to)
    if (BigInt(toData.balance) + amount > 0xffff_ffff_ffff_ffffn) {
      throw new LedgerError(`balance overflow (account ${algosdk.encodeAddress(to)}, data ${accountDataText(toData, this.authorizerRaw(to))}, was going to receive ${microAlgosText(amount)})`)
    }
    this.updateAccount(to, (d) => {
      const nb = BigInt(d.balance) + amount
      // go's autoHeartbeat: a suspendable account whose stake at least doubles is given a fresh
      // heartbeat, so its larger stake is not judged absent on the smaller one's schedule
      if (d.status === AccountStatus.Online && d.incentiveEligible && nb >= 2n * BigInt(d.balance)) d.lastHeartbeat = u64(this.chain.round() + BALANCE_LOOKBACK)
      d.balance = u64(nb)
    })
  }

  private authorizerRaw(addr: Uint8Array): Uint8Array {
    return this.accounts.get(hex(addr))?.authAddr ?? new Uint8Array(32)
  }

  /** Sets or removes a holding (the caller adjusts totalAssets). */
  putHolding(addr: Uint8Array, asset: Uint64, h: AssetHolding | undefined): void {
    this.put(this.inner(this.holdings, hex(addr)), idKey(asset), h)
    this.touched.add(hex(addr))
  }

  /** Creates or replaces an asset. */
  putAsset(asset: Uint64, rec: AssetRecord | undefined): void {
    this.put(this.assets, idKey(asset), rec)
  }

  /** Creates, replaces or deletes an app (deleting drops its global state too). */
  putApp(app: Uint64, rec: AppRecord | undefined): void {
    this.put(this.apps, idKey(app), rec)
    if (rec === undefined) this.put(this.globals, idKey(app), undefined)
  }

  /** Opts `addr` in (empty local state) or out (undefined) of `app`; the caller adjusts totals. */
  putLocalState(addr: Uint8Array, app: Uint64, opted: boolean): void {
    let kv: Map<string, KeyValue> | undefined
    if (opted) this.innerOwners.set((kv = new Map()), { kind: 'local', addr: hex(addr), app: idKey(app) })
    this.put(this.inner(this.locals, hex(addr)), idKey(app), kv)
    this.touched.add(hex(addr))
  }

  /** The id a creation in the transaction being applied gets: go's txnCounter() + 1. */
  nextId(): number {
    return this.lastId + 1
  }

  /** Counts one applied transaction, top-level or inner (go's incTxnCount); ids and the header's tc follow it. */
  countTxn(): void {
    const prev = this.lastId
    this.undo.push(() => (this.lastId = prev))
    this.lastId++
  }

  /** The minimum balance of an account under the current protocol. */
  minBalanceOf(addr: Uint8Array): bigint {
    return minBalance(this.accountData(addr), this.proto)
  }

  /** go's checkMinBalance over the accounts touched since the last call; clears the set. */
  checkMinBalances(): void {
    const feeSink = hex(this.chain.feeSink)
    const touched = this.touched
    this.touched = new Set()
    for (const k of touched) {
      if (k === feeSink) continue
      const d = this.accounts.get(k)
      if (d === undefined) continue
      const min = minBalance(d, this.proto)
      if (BigInt(d.balance) < min) {
        throw new LedgerError(`account ${algosdk.encodeAddress(unhex(k))} balance ${String(d.balance)} below min ${min} (${d.totalAssets} assets)`)
      }
    }
  }

  // ---- SignatureLedger / Ledger ----

  blockHeader(round: Uint64): BlockHeader {
    return this.chain.blockHeader(round)
  }

  genesisHash(): Uint8Array {
    return this.chain.genesisHash()
  }

  round(): Uint64 {
    return u64(this.chain.round())
  }

  latestTimestamp(): number {
    return this.chain.latestTimestamp()
  }

  accountData(addr: Uint8Array): AccountRecord {
    return this.accounts.get(hex(addr)) ?? emptyAccount()
  }

  authorizer(addr: Uint8Array): Uint8Array {
    const auth = this.accounts.get(hex(addr))?.authAddr
    return auth === undefined || isZeroBytes(auth) ? addr : auth
  }

  /** go's AgreementData: the account's online data at the balance round of the round being built. */
  voterData(addr: Uint8Array): VoterData {
    const d = this.chain.agreementData?.(addr, balanceRound(this.chain.round()))
    return d === undefined ? { balance: 0, incentiveEligible: false } : { balance: u64(d.balance), incentiveEligible: d.incentiveEligible }
  }

  /** go's OnlineStake: online circulation at the balance round of the round being built. */
  onlineStake(): Uint64 {
    const round = this.chain.round()
    return u64(this.chain.onlineCirculation?.(balanceRound(round), round) ?? 0n)
  }

  assetHolding(addr: Uint8Array, asset: Uint64): AssetHolding | undefined {
    return this.holdings.get(hex(addr))?.get(idKey(asset))
  }

  assetParams(asset: Uint64): AssetRecord | undefined {
    return this.assets.get(idKey(asset))
  }

  appParams(app: Uint64): AppRecord | undefined {
    return this.apps.get(idKey(app))
  }

  optedIn(addr: Uint8Array, app: Uint64): boolean {
    return this.locals.get(hex(addr))?.has(idKey(app)) ?? false
  }

  private localMap(addr: Uint8Array, app: Uint64): Map<string, KeyValue> {
    const m = this.locals.get(hex(addr))?.get(idKey(app))
    if (m === undefined) throw new LedgerError(`account ${algosdk.encodeAddress(addr)} is not opted in to app ${String(app)}`)
    return m
  }

  private appRecord(app: Uint64): AppRecord {
    const a = this.apps.get(idKey(app))
    if (a === undefined) throw new LedgerError(`app ${String(app)} does not exist`)
    return a
  }

  /** go's state-schema check on a key-value map after writing `k`. */
  private checkSchema(map: Map<string, KeyValue>, k: string, value: StackValue, schema: { numUint: number; numByteSlice: number }, what: string): void {
    let numUint = 0
    let numByteSlice = 0
    for (const [mk, v] of map) {
      if (mk === k) continue
      if (typeof v.value === 'object') numByteSlice++
      else numUint++
    }
    if (typeof value === 'object') numByteSlice++
    else numUint++
    if (numUint > schema.numUint || numByteSlice > schema.numByteSlice) {
      throw new LedgerError(`${what} ${schemaText(schema)} does not allow ${schemaText({ numUint, numByteSlice })}`)
    }
  }

  getLocal(addr: Uint8Array, app: Uint64, key: Uint8Array): StackValue | undefined {
    return this.localMap(addr, app).get(hex(key))?.value
  }

  setLocal(addr: Uint8Array, app: Uint64, key: Uint8Array, value: StackValue): void {
    const m = this.localMap(addr, app)
    const k = hex(key)
    const schema = this.appRecord(app).params.localStateSchema
    this.checkSchema(m, k, value, schema, `account ${algosdk.encodeAddress(addr)} local schema`)
    this.put(m, k, { key, value })
  }

  delLocal(addr: Uint8Array, app: Uint64, key: Uint8Array): void {
    const m = this.localMap(addr, app)
    if (m.has(hex(key))) this.put(m, hex(key), undefined)
  }

  getGlobal(app: Uint64, key: Uint8Array): StackValue | undefined {
    return this.globals.get(idKey(app))?.get(hex(key))?.value
  }

  setGlobal(app: Uint64, key: Uint8Array, value: StackValue): void {
    const rec = this.appRecord(app)
    const m = this.inner(this.globals, idKey(app))
    const k = hex(key)
    this.checkSchema(m, k, value, rec.params.globalStateSchema, `app ${String(app)} global schema`)
    this.put(m, k, { key, value })
  }

  delGlobal(app: Uint64, key: Uint8Array): void {
    const m = this.globals.get(idKey(app))
    if (m?.has(hex(key))) this.put(m, hex(key), undefined)
  }

  newBox(app: Uint64, name: Uint8Array, value: Uint8Array, appAddr: Uint8Array): void {
    const k = boxKey(app, name)
    if (this.boxes.has(k)) throw new LedgerError(`attempt to recreate box 0x${hex(name)}`)
    this.put(this.boxes, k, value)
    this.updateAccount(appAddr, (d) => {
      d.totalBoxes++
      d.totalBoxBytes += name.length + value.length
    })
  }

  getBox(app: Uint64, name: Uint8Array): Uint8Array | undefined {
    return this.boxes.get(boxKey(app, name))
  }

  setBox(app: Uint64, name: Uint8Array, value: Uint8Array): void {
    const k = boxKey(app, name)
    const current = this.boxes.get(k)
    if (current === undefined) throw new LedgerError(`box 0x${hex(name)} does not exist`)
    this.put(this.boxes, k, value)
    if (current.length !== value.length) {
      const appAddr = algosdk.getApplicationAddress(BigInt(app)).publicKey
      this.updateAccount(appAddr, (d) => (d.totalBoxBytes += value.length - current.length))
    }
  }

  delBox(app: Uint64, name: Uint8Array, appAddr: Uint8Array): boolean {
    const k = boxKey(app, name)
    const current = this.boxes.get(k)
    if (current === undefined) return false
    this.put(this.boxes, k, undefined)
    this.updateAccount(appAddr, (d) => {
      d.totalBoxes--
      d.totalBoxBytes -= name.length + current.length
    })
    return true
  }

  setForeignBoxReads(app: Uint64, enable: boolean): void {
    const rec = this.appRecord(app)
    this.put(this.apps, idKey(app), { ...rec, params: { ...rec.params, foreignBoxReads: enable } })
  }

  setFamilyBoxAccess(app: Uint64, enable: boolean): void {
    const rec = this.appRecord(app)
    this.put(this.apps, idKey(app), { ...rec, params: { ...rec.params, familyBoxAccess: enable } })
  }

  perform(group: Txn[], gi: number, runInner: InnerAppRunner): Txn {
    if (this.performer === undefined) throw new LedgerError('inner transactions need a performer')
    return this.performer(this, group, gi, runInner)
  }

  counter(): Uint64 {
    return this.lastId
  }

  /** The maps and the txn counter as plain structured-clonable data, for a snapshot (snapshot.ts). */
  snapshot(): StateSnapshot {
    return { accounts: this.accounts, holdings: this.holdings, locals: this.locals, assets: this.assets, apps: this.apps, globals: this.globals, boxes: this.boxes, lastId: this.lastId }
  }

  /** Replaces everything with a snapshot's contents (nothing may be undoable then), re-learning whose each inner map is. */
  restoreSnapshot(s: StateSnapshot): void {
    this.settle()
    const fill = <V>(to: Map<string, V>, from: Map<string, V>): void => {
      to.clear()
      for (const [k, v] of from) to.set(k, v)
    }
    fill(this.accounts, s.accounts)
    fill(this.holdings, s.holdings)
    fill(this.locals, s.locals)
    fill(this.assets, s.assets)
    fill(this.apps, s.apps)
    fill(this.globals, s.globals)
    fill(this.boxes, s.boxes)
    this.lastId = s.lastId
    for (const [addr, m] of this.holdings) this.innerOwners.set(m, { kind: 'holdings', addr })
    for (const [app, m] of this.globals) this.innerOwners.set(m, { kind: 'globals', app })
    for (const [addr, m] of this.locals) {
      this.innerOwners.set(m, { kind: 'locals', addr })
      for (const [app, kv] of m) this.innerOwners.set(kv, { kind: 'local', addr, app })
    }
  }

  // ---- a fork's pins (fork.ts): base values read from the remote, written before any local write, never journaled ----

  /** Pins a remote account with its holdings and local states (keys: address hex, app and asset ids). */
  pinAccount(addr: string, rec: AccountRecord, holdings: Map<string, AssetHolding>, locals: Map<string, Map<string, KeyValue>>): void {
    if (this.accounts.has(addr)) return
    this.accounts.set(addr, rec)
    if (holdings.size > 0) {
      this.holdings.set(addr, holdings)
      this.innerOwners.set(holdings, { kind: 'holdings', addr })
    }
    if (locals.size > 0) {
      this.locals.set(addr, locals)
      this.innerOwners.set(locals, { kind: 'locals', addr })
      for (const [app, kv] of locals) this.innerOwners.set(kv, { kind: 'local', addr, app })
    }
  }

  /** Pins a remote asset. */
  pinAsset(id: string, rec: AssetRecord): void {
    if (!this.assets.has(id)) this.assets.set(id, rec)
  }

  /** Pins a remote app and its global state. */
  pinApp(id: string, rec: AppRecord, globals: Map<string, KeyValue>): void {
    if (this.apps.has(id)) return
    this.apps.set(id, rec)
    if (globals.size > 0) {
      this.globals.set(id, globals)
      this.innerOwners.set(globals, { kind: 'globals', app: id })
    }
  }

  /** Pins a remote box (`app:namehex`). */
  pinBox(key: string, value: Uint8Array): void {
    if (!this.boxes.has(key)) this.boxes.set(key, value)
  }

  /** Box names of an app, sorted by bytes. */
  boxNamesOf(app: Uint64): Uint8Array[] {
    const prefix = `${String(app)}:`
    const names: string[] = []
    for (const k of this.boxes.keys()) if (k.startsWith(prefix)) names.push(k.slice(prefix.length))
    return names.sort().map(unhex)
  }
}
