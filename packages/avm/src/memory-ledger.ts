// An in-memory `Ledger` for tests and the conformance harness, in the spirit of go-algorand's
// logic test ledger (data/transactions/logic/ledger_test.go): accounts, assets, apps, boxes and
// headers in maps, with schema checks and simple transaction application for inner txns. It is
// not the chain's ledger (@grove/ledger is); min balances are not enforced here.

import type { StackValue, Uint64 } from './eval/values.ts'
import { bytesEqual, isBytes, u64 } from './eval/values.ts'
import {
  emptyAccountData,
  type AccountData,
  type AppParams,
  type AssetHolding,
  type BlockHeader,
  type InnerAppRunner,
  type Ledger,
  type VoterData,
} from './ledger.ts'
import { OnCompletion, type AssetParams, type StateSchema, type Txn } from './txn.ts'
import { encodeAddress, hex } from './eval/ops/state/common.ts'

interface AccountRecord {
  data: AccountData
  holdings: Map<string, AssetHolding>
  locals: Map<string, Map<string, { key: Uint8Array; value: StackValue }>>
  voter: VoterData
}

interface AppRecord {
  params: AppParams
  creator: Uint8Array
  globals: Map<string, { key: Uint8Array; value: StackValue }>
}

const key = (id: Uint64): string => String(id)

function emptyAppParams(): AppParams {
  return {
    approvalProgram: new Uint8Array(0),
    clearStateProgram: new Uint8Array(0),
    globalStateSchema: { numUint: 0, numByteSlice: 0 },
    localStateSchema: { numUint: 0, numByteSlice: 0 },
    extraProgramPages: 0,
    version: 0,
    sizeSponsor: new Uint8Array(32),
    foreignBoxReads: false,
    familyBoxAccess: false,
  }
}

function schemaText(s: StateSchema): string {
  return `{NumUint:${s.numUint} NumByteSlice:${s.numByteSlice}}`
}

/** Checks a state map against its schema after writing `value` under `k` (go's mock text). */
function checkSchema(
  map: Map<string, { key: Uint8Array; value: StackValue }>,
  k: string,
  value: StackValue,
  schema: StateSchema,
  describe: (required: StateSchema) => string,
): void {
  let numUint = 0
  let numByteSlice = 0
  for (const [mk, v] of map) {
    if (mk === k) continue
    if (isBytes(v.value)) numByteSlice++
    else numUint++
  }
  if (isBytes(value)) numByteSlice++
  else numUint++
  if (numUint > schema.numUint || numByteSlice > schema.numByteSlice) throw new Error(describe({ numUint, numByteSlice }))
}

function add(a: Uint64, b: Uint64): Uint64 {
  return u64(BigInt(a) + BigInt(b))
}

function sub(a: Uint64, b: Uint64): Uint64 {
  return u64(BigInt(a) - BigInt(b))
}

/** Saved state of a MemoryLedger (see `snapshot`). */
export interface MemoryLedgerSnapshot {
  accounts: Map<string, AccountRecord>
  assets: Map<string, { params: AssetParams; creator: Uint8Array }>
  apps: Map<string, AppRecord>
  boxes: Map<string, Uint8Array>
  lastId: number
}

/** A synchronous, in-memory ledger (see the file comment). */
export class MemoryLedger implements Ledger {
  private accounts = new Map<string, AccountRecord>()
  private assets = new Map<string, { params: AssetParams; creator: Uint8Array }>()
  private apps = new Map<string, AppRecord>()
  private boxes = new Map<string, Uint8Array>()
  private headers = new Map<string, BlockHeader>()
  private lastId = 0
  /** Current round; go's mock uses 2^32 + 5 to shake out width bugs. */
  currentRound: Uint64 = 2 ** 32 + 5
  prevTimestamp = 0
  genesis: Uint8Array = Uint8Array.from([3, 2, 3, ...new Array<number>(29).fill(0)])
  /** Where fees go. */
  feeSink: Uint8Array = new Uint8Array(32).fill(0xfe)
  totalOnlineStake: Uint64 = 0

  private account(addr: Uint8Array): AccountRecord {
    const k = hex(addr)
    let r = this.accounts.get(k)
    if (r === undefined) {
      r = { data: emptyAccountData(), holdings: new Map(), locals: new Map(), voter: { balance: 0, incentiveEligible: false } }
      this.accounts.set(k, r)
    }
    return r
  }

  // ---- journal: checkpoint before a transaction, restore if it fails ----

  /** A copy of the whole state, to `restore` after a failed transaction. */
  snapshot(): MemoryLedgerSnapshot {
    return structuredClone({
      accounts: this.accounts,
      assets: this.assets,
      apps: this.apps,
      boxes: this.boxes,
      lastId: this.lastId,
    })
  }

  /** Returns to a `snapshot`. */
  restore(snap: MemoryLedgerSnapshot): void {
    const copy = structuredClone(snap)
    this.accounts = copy.accounts
    this.assets = copy.assets
    this.apps = copy.apps
    this.boxes = copy.boxes
    this.lastId = copy.lastId
  }

  // ---- setup helpers for tests ----

  /** Sets an account's balance (creating it). */
  fund(addr: Uint8Array, balance: Uint64): this {
    this.account(addr).data.balance = balance
    return this
  }

  /** Adds or replaces an app with the given creator and params. */
  createApp(id: Uint64, creator: Uint8Array, params: Partial<AppParams> = {}): this {
    this.apps.set(key(id), { params: { ...emptyAppParams(), ...params }, creator, globals: new Map() })
    const n = Number(id)
    if (n > this.lastId) this.lastId = n
    const c = this.account(creator).data
    c.totalAppParams++
    return this
  }

  /** Adds or replaces an asset. */
  createAsset(id: Uint64, creator: Uint8Array, params: AssetParams): this {
    this.assets.set(key(id), { params, creator })
    const n = Number(id)
    if (n > this.lastId) this.lastId = n
    this.account(creator).data.totalAssetParams++
    return this
  }

  /** Sets a holding (opting the account in). */
  setHolding(addr: Uint8Array, asset: Uint64, holding: AssetHolding): this {
    const r = this.account(addr)
    if (!r.holdings.has(key(asset))) r.data.totalAssets++
    r.holdings.set(key(asset), holding)
    return this
  }

  /** Opts an account in to an app (empty local state). */
  optIn(addr: Uint8Array, app: Uint64): this {
    const r = this.account(addr)
    if (!r.locals.has(key(app))) {
      r.locals.set(key(app), new Map())
      r.data.totalAppLocalStates++
    }
    return this
  }

  /** Rekeys an account. */
  rekey(addr: Uint8Array, to: Uint8Array): this {
    this.account(addr).data.authAddr = to
    return this
  }

  /** Sets online data for voter_params_get. */
  setVoter(addr: Uint8Array, data: VoterData): this {
    this.account(addr).voter = data
    return this
  }

  /** Makes a block header available. */
  addHeader(hdr: BlockHeader): this {
    this.headers.set(key(hdr.round), hdr)
    return this
  }

  // ---- SignatureLedger ----

  blockHeader(round: Uint64): BlockHeader {
    const h = this.headers.get(key(round))
    if (h === undefined) throw new Error(`no block header for round ${String(round)}`)
    return h
  }

  genesisHash(): Uint8Array {
    return this.genesis
  }

  // ---- Ledger ----

  round(): Uint64 {
    return this.currentRound
  }

  latestTimestamp(): number {
    return this.prevTimestamp
  }

  accountData(addr: Uint8Array): AccountData {
    return this.account(addr).data
  }

  authorizer(addr: Uint8Array): Uint8Array {
    const auth = this.account(addr).data.authAddr
    return auth.every((b) => b === 0) ? addr : auth
  }

  voterData(addr: Uint8Array): VoterData {
    return this.account(addr).voter
  }

  onlineStake(): Uint64 {
    return this.totalOnlineStake
  }

  assetHolding(addr: Uint8Array, asset: Uint64): AssetHolding | undefined {
    return this.accounts.get(hex(addr))?.holdings.get(key(asset))
  }

  assetParams(asset: Uint64): { params: AssetParams; creator: Uint8Array } | undefined {
    return this.assets.get(key(asset))
  }

  appParams(app: Uint64): { params: AppParams; creator: Uint8Array } | undefined {
    const a = this.apps.get(key(app))
    return a === undefined ? undefined : { params: a.params, creator: a.creator }
  }

  optedIn(addr: Uint8Array, app: Uint64): boolean {
    return this.accounts.get(hex(addr))?.locals.has(key(app)) ?? false
  }

  private localsOf(addr: Uint8Array, app: Uint64): Map<string, { key: Uint8Array; value: StackValue }> {
    const r = this.accounts.get(hex(addr))
    if (r === undefined) throw new Error(`no account: ${encodeAddress(addr)}`)
    const l = r.locals.get(key(app))
    if (l === undefined) throw new Error(`account ${encodeAddress(addr)} is not opted into ${String(app)}`)
    return l
  }

  private appOf(app: Uint64): AppRecord {
    const a = this.apps.get(key(app))
    if (a === undefined) throw new Error(`no app ${String(app)}`)
    return a
  }

  getLocal(addr: Uint8Array, app: Uint64, k: Uint8Array): StackValue | undefined {
    return this.localsOf(addr, app).get(hex(k))?.value
  }

  setLocal(addr: Uint8Array, app: Uint64, k: Uint8Array, value: StackValue): void {
    const locals = this.localsOf(addr, app)
    const schema = this.appOf(app).params.localStateSchema
    checkSchema(locals, hex(k), value, schema, (req) => `account ${encodeAddress(addr)} local schema ${schemaText(schema)} does not allow ${schemaText(req)}`)
    locals.set(hex(k), { key: k, value })
  }

  delLocal(addr: Uint8Array, app: Uint64, k: Uint8Array): void {
    this.localsOf(addr, app).delete(hex(k))
  }

  getGlobal(app: Uint64, k: Uint8Array): StackValue | undefined {
    return this.appOf(app).globals.get(hex(k))?.value
  }

  setGlobal(app: Uint64, k: Uint8Array, value: StackValue): void {
    const a = this.appOf(app)
    const schema = a.params.globalStateSchema
    checkSchema(a.globals, hex(k), value, schema, (req) => `app ${String(app)} global schema ${schemaText(schema)} does not allow ${schemaText(req)}`)
    a.globals.set(hex(k), { key: k, value })
  }

  delGlobal(app: Uint64, k: Uint8Array): void {
    this.appOf(app).globals.delete(hex(k))
  }

  newBox(app: Uint64, name: Uint8Array, value: Uint8Array, appAddr: Uint8Array): void {
    this.appOf(app)
    const k = key(app) + ':' + hex(name)
    if (this.boxes.has(k)) throw new Error(`attempt to recreate box 0x${hex(name)}`)
    this.boxes.set(k, value)
    const d = this.account(appAddr).data
    d.totalBoxes++
    d.totalBoxBytes += name.length + value.length
  }

  getBox(app: Uint64, name: Uint8Array): Uint8Array | undefined {
    return this.boxes.get(key(app) + ':' + hex(name))
  }

  setBox(app: Uint64, name: Uint8Array, value: Uint8Array): void {
    const k = key(app) + ':' + hex(name)
    const current = this.boxes.get(k)
    if (current === undefined) throw new Error(`no box ${String(app)}`)
    if (current.length !== value.length) throw new Error(`wrong box size 0x${hex(name)} ${current.length} != ${value.length}`)
    this.boxes.set(k, value)
  }

  delBox(app: Uint64, name: Uint8Array, appAddr: Uint8Array): boolean {
    const k = key(app) + ':' + hex(name)
    const current = this.boxes.get(k)
    if (current === undefined) return false
    this.boxes.delete(k)
    const d = this.account(appAddr).data
    d.totalBoxes--
    d.totalBoxBytes -= name.length + current.length
    return true
  }

  setForeignBoxReads(app: Uint64, enable: boolean): void {
    this.appOf(app).params.foreignBoxReads = enable
  }

  setFamilyBoxAccess(app: Uint64, enable: boolean): void {
    this.appOf(app).params.familyBoxAccess = enable
  }

  counter(): Uint64 {
    return this.lastId
  }

  // ---- applying inner transactions ----

  private move(from: Uint8Array, to: Uint8Array, amount: Uint64): void {
    const f = this.account(from).data
    if (BigInt(f.balance) < BigInt(amount)) {
      throw new Error(`insufficient balance in ${encodeAddress(from)}. ${String(f.balance)} < ${String(amount)}`)
    }
    f.balance = sub(f.balance, amount)
    const t = this.account(to).data
    t.balance = add(t.balance, amount)
  }

  perform(group: Txn[], gi: number, runInner: InnerAppRunner): Txn {
    const tx = group[gi]
    this.move(tx.sender, this.feeSink, tx.fee)
    if (!tx.rekeyTo.every((b) => b === 0)) {
      this.account(tx.sender).data.authAddr = bytesEqual(tx.rekeyTo, tx.sender) ? new Uint8Array(32) : tx.rekeyTo
    }
    switch (tx.type) {
      case 'pay':
        this.pay(tx)
        return tx
      case 'axfer':
        this.axfer(tx)
        return tx
      case 'acfg':
        return this.acfg(tx)
      case 'afrz':
        this.afrz(tx)
        return tx
      case 'keyreg':
        return tx
      case 'appl':
        return this.appl(group, gi, runInner)
      default:
        throw new Error(`${tx.type} txn in AVM`)
    }
  }

  private pay(tx: Txn): void {
    this.move(tx.sender, tx.receiver, tx.amount)
    if (!tx.closeRemainderTo.every((b) => b === 0)) {
      const r = this.account(tx.sender)
      if (r.holdings.size > 0) throw new Error(`unable to close, Sender (${encodeAddress(tx.sender)}) has holdings`)
      if (r.locals.size > 0) throw new Error(`unable to close, Sender (${encodeAddress(tx.sender)}) is opted in to apps`)
      if (r.data.balance !== 0) this.move(tx.sender, tx.closeRemainderTo, r.data.balance)
    }
  }

  private axfer(tx: Txn): void {
    const from = tx.assetSender.every((b) => b === 0) ? tx.sender : tx.assetSender
    const aid = key(tx.xferAsset)
    const amount = BigInt(tx.assetAmount)
    const fr = this.account(from)
    let fh = fr.holdings.get(aid)
    if (fh === undefined) {
      if (amount !== 0n) throw new Error(`Sender (${encodeAddress(from)}) not opted in to ${aid}`)
      if (bytesEqual(from, tx.assetReceiver)) {
        const params = this.assets.get(aid)
        if (params === undefined) throw new Error(`Asset (${aid}) does not exist`)
        fh = { amount: 0, frozen: params.params.defaultFrozen }
        this.setHolding(from, tx.xferAsset, fh)
        return
      }
      return
    }
    if (fh.frozen) throw new Error(`Sender (${encodeAddress(from)}) is frozen for ${aid}`)
    const tr = this.account(tx.assetReceiver)
    const th = tr.holdings.get(aid)
    if (th === undefined && amount > 0n) throw new Error(`AssetReceiver (${encodeAddress(tx.assetReceiver)}) not opted in to ${aid}`)
    if (BigInt(fh.amount) < amount) throw new Error('insufficient balance')
    if (amount > 0n && th !== undefined && !bytesEqual(from, tx.assetReceiver)) {
      fh.amount = sub(fh.amount, amount)
      th.amount = add(th.amount, amount)
    }
    if (!tx.assetCloseTo.every((b) => b === 0)) {
      const ch = this.account(tx.assetCloseTo).holdings.get(aid)
      if (ch === undefined) throw new Error(`AssetCloseTo (${encodeAddress(tx.assetCloseTo)}) not opted in to ${aid}`)
      ch.amount = add(ch.amount, fh.amount)
      fr.holdings.delete(aid)
      fr.data.totalAssets--
    }
  }

  private acfg(tx: Txn): Txn {
    if (tx.configAsset === 0) {
      const id = ++this.lastId
      this.createAsset(id, tx.sender, tx.assetParams)
      this.setHolding(tx.sender, id, { amount: tx.assetParams.total, frozen: false })
      return { ...tx, createdAssetId: id }
    }
    const existing = this.assets.get(key(tx.configAsset))
    if (existing === undefined) throw new Error(`asset ${String(tx.configAsset)} does not exist or has been deleted`)
    existing.params = tx.assetParams
    return tx
  }

  private afrz(tx: Txn): void {
    const aid = key(tx.freezeAsset)
    const params = this.assets.get(aid)
    if (params === undefined) throw new Error(`Asset (${aid}) does not exist`)
    if (!bytesEqual(params.params.freeze, tx.sender)) throw new Error(`Asset (${aid}) can not be frozen by ${encodeAddress(tx.sender)}`)
    const h = this.accounts.get(hex(tx.freezeAccount))?.holdings.get(aid)
    if (h === undefined) throw new Error(`${encodeAddress(tx.freezeAccount)} does not hold Asset (${aid})`)
    h.frozen = tx.assetFrozen
  }

  private appl(group: Txn[], gi: number, runInner: InnerAppRunner): Txn {
    const tx = group[gi]
    let aid = tx.applicationId
    let created: Uint64 = 0
    if (aid === 0) {
      aid = created = ++this.lastId
      this.createApp(aid, tx.sender, {
        approvalProgram: tx.approvalProgram,
        clearStateProgram: tx.clearStateProgram,
        globalStateSchema: tx.globalStateSchema,
        localStateSchema: tx.localStateSchema,
        extraProgramPages: tx.extraProgramPages,
      })
    }
    if (tx.onCompletion === OnCompletion.ClearState) throw new Error('not implemented in test ledger')
    if (tx.onCompletion === OnCompletion.OptIn) this.optIn(tx.sender, aid)
    const app = this.apps.get(key(aid))
    if (app === undefined) throw new Error('No application')
    const withId = created === 0 ? tx : { ...tx, createdApplicationId: created }
    group[gi] = withId
    const { pass, txn } = runInner(app.params.approvalProgram, group, gi, aid)
    if (!pass) throw new Error('Approval program failed')
    switch (tx.onCompletion) {
      case OnCompletion.CloseOut: {
        const r = this.account(tx.sender)
        if (!r.locals.delete(key(aid))) throw new Error('not opted in')
        r.data.totalAppLocalStates--
        break
      }
      case OnCompletion.DeleteApplication:
        this.apps.delete(key(aid))
        break
      case OnCompletion.UpdateApplication:
        app.params.approvalProgram = tx.approvalProgram
        app.params.clearStateProgram = tx.clearStateProgram
        app.params.version = add(app.params.version, 1)
        break
      default:
        break
    }
    return txn
  }
}
