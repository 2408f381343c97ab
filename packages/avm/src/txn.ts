// The transaction model the AVM reads: go-algorand's transactions.Transaction plus the ApplyData
// (logs, created ids, inner transactions) that `txn`/`gtxn`/`itxn` can see. Every field is
// present, so a zero transaction needs no special cases. Amounts and ids are canonical uint64s
// (number below 2^53, bigint above) so they go on the stack as they are.

import { sha512_256 } from '@noble/hashes/sha2.js'
import type { Uint64 } from './eval/values.ts'

/** The transaction type strings, in go-algorand's TypeEnum order ('' is the unknown type, 0). */
export const TXN_TYPES = ['', 'pay', 'keyreg', 'acfg', 'axfer', 'afrz', 'appl', 'stpf', 'hb'] as const

/** A transaction type string. */
export type TxnType = (typeof TXN_TYPES)[number]

/** `txn TypeEnum` of a type string; unknown types are 0. */
export function typeEnum(type: string): number {
  const i = (TXN_TYPES as readonly string[]).indexOf(type)
  return i < 0 ? 0 : i
}

/** The type string for a TypeEnum value, or undefined when the value names no type. */
export function typeFromEnum(value: number): TxnType | undefined {
  return value >= 1 && value < TXN_TYPES.length ? TXN_TYPES[value] : undefined
}

/** Application call OnCompletion values. */
export const OnCompletion = {
  NoOp: 0,
  OptIn: 1,
  CloseOut: 2,
  ClearState: 3,
  UpdateApplication: 4,
  DeleteApplication: 5,
} as const

/** A box reference as a transaction carries it: `index` 0 is the called app, i is foreignApps[i-1]. */
export interface BoxRef {
  index: number
  name: Uint8Array
}

/**
 * One entry of a v13 access list (`al`). Exactly one member is set; `holding`, `locals` and
 * `box` point at other entries by 1-based position (0 = the sender / the called app).
 */
export interface ResourceRef {
  address?: Uint8Array
  asset?: Uint64
  app?: Uint64
  holding?: { address: number; asset: number }
  locals?: { address: number; app: number }
  box?: { app: number; name: Uint8Array }
}

/** Asset parameters as set by an acfg transaction or held by the ledger. */
export interface AssetParams {
  total: Uint64
  decimals: number
  defaultFrozen: boolean
  unitName: Uint8Array
  assetName: Uint8Array
  url: Uint8Array
  metadataHash: Uint8Array
  manager: Uint8Array
  reserve: Uint8Array
  freeze: Uint8Array
  clawback: Uint8Array
}

/** A state schema (counts of uint and byte-slice keys). */
export interface StateSchema {
  numUint: number
  numByteSlice: number
}

/** go's ValueDelta actions. */
export const DeltaAction = { SetBytes: 1, SetUint: 2, Delete: 3 } as const

/** One state change: set bytes, set uint, or delete (go's basics.ValueDelta). */
export interface ValueDelta {
  action: number
  bytes?: Uint8Array
  uint?: Uint64
}

/** A key's change; keys are raw bytes, mapped by their hex for lookup. */
export interface KeyDelta {
  key: Uint8Array
  delta: ValueDelta
}

/**
 * The state changes of an app call as algod reports them (go's EvalDelta): global changes,
 * local changes by account slot (0 sender, 1.. Accounts, then `sharedAccounts` for accounts
 * reached by v9 group sharing), and only changes that differ from what was stored.
 */
export interface EvalDelta {
  globalDelta: Map<string, KeyDelta>
  localDeltas: Map<number, Map<string, KeyDelta>>
  sharedAccounts: Uint8Array[]
}

/** A transaction with its apply data, as the AVM sees it. */
export interface Txn {
  type: string
  sender: Uint8Array
  fee: Uint64
  firstValid: Uint64
  lastValid: Uint64
  note: Uint8Array
  lease: Uint8Array
  genesisId: string
  genesisHash: Uint8Array
  group: Uint8Array
  rekeyTo: Uint8Array
  // pay
  receiver: Uint8Array
  amount: Uint64
  closeRemainderTo: Uint8Array
  // keyreg
  votePk: Uint8Array
  selectionPk: Uint8Array
  stateProofPk: Uint8Array
  voteFirst: Uint64
  voteLast: Uint64
  voteKeyDilution: Uint64
  nonparticipation: boolean
  // axfer
  xferAsset: Uint64
  assetAmount: Uint64
  assetSender: Uint8Array
  assetReceiver: Uint8Array
  assetCloseTo: Uint8Array
  // acfg
  configAsset: Uint64
  assetParams: AssetParams
  // afrz
  freezeAsset: Uint64
  freezeAccount: Uint8Array
  assetFrozen: boolean
  // appl
  applicationId: Uint64
  onCompletion: number
  applicationArgs: Uint8Array[]
  accounts: Uint8Array[]
  foreignAssets: Uint64[]
  foreignApps: Uint64[]
  boxes: BoxRef[]
  access: ResourceRef[]
  approvalProgram: Uint8Array
  clearStateProgram: Uint8Array
  globalStateSchema: StateSchema
  localStateSchema: StateSchema
  extraProgramPages: number
  rejectVersion: Uint64
  /** Transaction id when the caller already knows it (the AVM computes it otherwise). */
  txId?: Uint8Array
  // apply data
  logs: Uint8Array[]
  /** Asset id created by this (acfg) transaction, 0 if none. */
  createdAssetId: Uint64
  /** App id created by this (appl) transaction, 0 if none. */
  createdApplicationId: Uint64
  /** Inner transactions this app call performed, in order. */
  innerTxns: Txn[]
  /** State changes of this app call (set on applied app calls). */
  evalDelta?: EvalDelta
}

/** 32 zero bytes: the zero address. */
export const ZERO_ADDRESS: Uint8Array = new Uint8Array(32)

/** Empty asset parameters. */
export function zeroAssetParams(): AssetParams {
  return {
    total: 0,
    decimals: 0,
    defaultFrozen: false,
    unitName: new Uint8Array(0),
    assetName: new Uint8Array(0),
    url: new Uint8Array(0),
    metadataHash: new Uint8Array(0),
    manager: new Uint8Array(32),
    reserve: new Uint8Array(32),
    freeze: new Uint8Array(32),
    clawback: new Uint8Array(32),
  }
}

/** An entirely zero-valued transaction (type ''), as go-algorand's logic test harness uses. */
export function zeroTxn(): Txn {
  return {
    type: '',
    sender: new Uint8Array(32),
    fee: 0,
    firstValid: 0,
    lastValid: 0,
    note: new Uint8Array(0),
    lease: new Uint8Array(32),
    genesisId: '',
    genesisHash: new Uint8Array(32),
    group: new Uint8Array(32),
    rekeyTo: new Uint8Array(32),
    receiver: new Uint8Array(32),
    amount: 0,
    closeRemainderTo: new Uint8Array(32),
    votePk: new Uint8Array(32),
    selectionPk: new Uint8Array(32),
    stateProofPk: new Uint8Array(64),
    voteFirst: 0,
    voteLast: 0,
    voteKeyDilution: 0,
    nonparticipation: false,
    xferAsset: 0,
    assetAmount: 0,
    assetSender: new Uint8Array(32),
    assetReceiver: new Uint8Array(32),
    assetCloseTo: new Uint8Array(32),
    configAsset: 0,
    assetParams: zeroAssetParams(),
    freezeAsset: 0,
    freezeAccount: new Uint8Array(32),
    assetFrozen: false,
    applicationId: 0,
    onCompletion: 0,
    applicationArgs: [],
    accounts: [],
    foreignAssets: [],
    foreignApps: [],
    boxes: [],
    access: [],
    approvalProgram: new Uint8Array(0),
    clearStateProgram: new Uint8Array(0),
    globalStateSchema: { numUint: 0, numByteSlice: 0 },
    localStateSchema: { numUint: 0, numByteSlice: 0 },
    extraProgramPages: 0,
    rejectVersion: 0,
    logs: [],
    createdAssetId: 0,
    createdApplicationId: 0,
    innerTxns: [],
  }
}

/** A zero transaction with the given fields set. */
export function makeTxn(fields: Partial<Txn>): Txn {
  return { ...zeroTxn(), ...fields }
}

/** A transaction's fields without its apply data (what an inner transaction starts from). */
export function clearApplyData(txn: Txn): Txn {
  return { ...txn, logs: [], createdAssetId: 0, createdApplicationId: 0, innerTxns: [] }
}

// ---- canonical msgpack encoding and transaction ids ----

type Msg = Uint64 | boolean | string | Uint8Array | Msg[] | { [key: string]: Msg }

function isEmpty(v: Msg): boolean {
  if (v === 0 || v === 0n || v === false || v === '') return true
  if (v instanceof Uint8Array) return v.length === 0
  if (Array.isArray(v)) return v.length === 0
  if (typeof v === 'object') return Object.keys(v).length === 0
  return false
}

/** A fixed-size byte array (address, hash) as go encodes it: omitted when all zero. */
function fx(b: Uint8Array): Uint8Array {
  for (const x of b) if (x !== 0) return b
  return new Uint8Array(0)
}

/** Drops zero values, as go-algorand's `omitempty` codec does. */
function omitEmpty(fields: Record<string, Msg>): Record<string, Msg> {
  const out: Record<string, Msg> = {}
  for (const [k, v] of Object.entries(fields)) if (!isEmpty(v)) out[k] = v
  return out
}

function writeMsg(out: number[], v: Msg): void {
  if (typeof v === 'boolean') out.push(v ? 0xc3 : 0xc2)
  else if (typeof v === 'number' || typeof v === 'bigint') {
    const n = BigInt(v)
    if (n < 128n) out.push(Number(n))
    else if (n < 256n) out.push(0xcc, Number(n))
    else if (n < 65536n) out.push(0xcd, Number(n >> 8n), Number(n & 255n))
    else if (n < 4294967296n) out.push(0xce, ...be(n, 4))
    else out.push(0xcf, ...be(n, 8))
  } else if (typeof v === 'string') {
    const b = new TextEncoder().encode(v)
    if (b.length < 32) out.push(0xa0 | b.length)
    else if (b.length < 256) out.push(0xd9, b.length)
    else out.push(0xda, b.length >> 8, b.length & 255)
    out.push(...b)
  } else if (v instanceof Uint8Array) {
    if (v.length < 256) out.push(0xc4, v.length)
    else if (v.length < 65536) out.push(0xc5, v.length >> 8, v.length & 255)
    else out.push(0xc6, ...be(BigInt(v.length), 4))
    for (const b of v) out.push(b)
  } else if (Array.isArray(v)) {
    if (v.length < 16) out.push(0x90 | v.length)
    else out.push(0xdc, v.length >> 8, v.length & 255)
    for (const x of v) writeMsg(out, x)
  } else {
    const keys = Object.keys(v).sort()
    if (keys.length < 16) out.push(0x80 | keys.length)
    else out.push(0xde, keys.length >> 8, keys.length & 255)
    for (const k of keys) {
      writeMsg(out, k)
      writeMsg(out, v[k])
    }
  }
}

function be(n: bigint, size: number): number[] {
  const out: number[] = []
  for (let i = size - 1; i >= 0; i--) out.push(Number((n >> BigInt(8 * i)) & 255n))
  return out
}

function accessMsg(rr: ResourceRef): Msg {
  return omitEmpty({
    d: fx(rr.address ?? new Uint8Array(0)),
    s: rr.asset ?? 0,
    p: rr.app ?? 0,
    h: rr.holding ? omitEmpty({ d: rr.holding.address, s: rr.holding.asset }) : {},
    l: rr.locals ? omitEmpty({ d: rr.locals.address, p: rr.locals.app }) : {},
    b: rr.box ? omitEmpty({ i: rr.box.app, n: rr.box.name }) : {},
  })
}

/** The canonical msgpack encoding of a transaction's fields (go's Transaction.MarshalMsg). */
export function encodeTxn(tx: Txn): Uint8Array {
  const p = tx.assetParams
  const fields = omitEmpty({
    type: tx.type,
    snd: fx(tx.sender),
    fee: tx.fee,
    fv: tx.firstValid,
    lv: tx.lastValid,
    note: tx.note,
    gen: tx.genesisId,
    gh: fx(tx.genesisHash),
    grp: fx(tx.group),
    lx: fx(tx.lease),
    rekey: fx(tx.rekeyTo),
    rcv: fx(tx.receiver),
    amt: tx.amount,
    close: fx(tx.closeRemainderTo),
    votekey: fx(tx.votePk),
    selkey: fx(tx.selectionPk),
    sprfkey: fx(tx.stateProofPk),
    votefst: tx.voteFirst,
    votelst: tx.voteLast,
    votekd: tx.voteKeyDilution,
    nonpart: tx.nonparticipation,
    caid: tx.configAsset,
    apar: omitEmpty({
      t: p.total,
      dc: p.decimals,
      df: p.defaultFrozen,
      un: new TextDecoder().decode(p.unitName),
      an: new TextDecoder().decode(p.assetName),
      au: new TextDecoder().decode(p.url),
      am: fx(p.metadataHash),
      m: fx(p.manager),
      r: fx(p.reserve),
      f: fx(p.freeze),
      c: fx(p.clawback),
    }),
    xaid: tx.xferAsset,
    aamt: tx.assetAmount,
    asnd: fx(tx.assetSender),
    arcv: fx(tx.assetReceiver),
    aclose: fx(tx.assetCloseTo),
    faid: tx.freezeAsset,
    fadd: fx(tx.freezeAccount),
    afrz: tx.assetFrozen,
    apid: tx.applicationId,
    apan: tx.onCompletion,
    apaa: tx.applicationArgs,
    apat: tx.accounts,
    apas: tx.foreignAssets,
    apfa: tx.foreignApps,
    apbx: tx.boxes.map((b) => omitEmpty({ i: b.index, n: b.name })),
    al: tx.access.map(accessMsg),
    apap: tx.approvalProgram,
    apsu: tx.clearStateProgram,
    apgs: omitEmpty({ nui: tx.globalStateSchema.numUint, nbs: tx.globalStateSchema.numByteSlice }),
    apls: omitEmpty({ nui: tx.localStateSchema.numUint, nbs: tx.localStateSchema.numByteSlice }),
    apep: tx.extraProgramPages,
    aprv: tx.rejectVersion,
  })
  const out: number[] = []
  writeMsg(out, fields)
  return Uint8Array.from(out)
}

const TX_PREFIX = new TextEncoder().encode('TX')

/**
 * The transaction id: SHA512/256("TX" ‖ msgpack). An inner transaction's id also hashes its
 * parent's id and its position among the parent's inner transactions (go's InnerID).
 */
export function txnId(tx: Txn, parent?: Uint8Array, innerIndex?: number): Uint8Array {
  const body = encodeTxn(tx)
  const extra = parent === undefined ? 0 : 40
  const buf = new Uint8Array(2 + extra + body.length)
  buf.set(TX_PREFIX)
  if (parent !== undefined) {
    buf.set(parent, 2)
    buf.set(be(BigInt(innerIndex ?? 0), 8), 34)
  }
  buf.set(body, 2 + extra)
  return sha512_256(buf)
}

const TG_PREFIX = new TextEncoder().encode('TG')

/** The group id of transactions with these ids: SHA512/256("TG" ‖ msgpack {txlist}). */
export function groupId(txIds: Uint8Array[]): Uint8Array {
  const out: number[] = [...TG_PREFIX]
  writeMsg(out, { txlist: txIds })
  return sha512_256(Uint8Array.from(out))
}

// ---- well-formedness (go's Transaction.WellFormed, the checks that need no chain state) ----

/** Consensus limits `wellFormed` reads. */
export interface WellFormedParams {
  maxTxnLife: number
  maxAbsoluteTxnNoteBytes: number
  maxAssetNameBytes: number
  maxAssetUnitNameBytes: number
  maxAssetUrlBytes: number
  maxAssetDecimals: number
  maxAbsoluteExtraProgramPages: number
  maxAppProgramLen: number
  maxAppTotalProgramLen: number
  maxAppArgs: number
  maxAbsoluteTotalArgLen: number
  maxAppAccess: number
  maxAppTxnAccounts: number
  maxAppTxnForeignApps: number
  maxAppTxnForeignAssets: number
  maxAppBoxReferences: number
  maxAppTotalTxnReferences: number
  maxAppKeyLen: number
  maxLocalSchemaEntries: number
  maxGlobalSchemaEntries: number
}

function allZero(b: Uint8Array): boolean {
  for (const x of b) if (x !== 0) return false
  return true
}

/** The access-list entry at 1-based `i`, when `i` is inside the list. */
function accessAt(access: ResourceRef[], i: number): ResourceRef | undefined {
  return i >= 1 && i <= access.length ? access[i - 1] : undefined
}

function isAddressRef(rr: ResourceRef | undefined): boolean {
  return rr?.address !== undefined && !allZero(rr.address)
}

function isIdRef(id: Uint64 | undefined): boolean {
  return id !== undefined && id !== 0 && id !== 0n
}

/**
 * go's ResourceRef.wellFormed: an access-list entry is empty (a box quota bump) or exactly one
 * kind of resource, and its internal 1-based indices point at an entry of the right kind.
 */
function resourceRefWellFormed(rr: ResourceRef, access: ResourceRef[], creating: boolean, p: WellFormedParams): string | undefined {
  let count = 0
  if (isAddressRef(rr)) count++
  if (isIdRef(rr.asset)) count++
  if (isIdRef(rr.app)) count++
  const h = rr.holding
  if (h !== undefined && (h.address !== 0 || h.asset !== 0)) {
    if (h.address !== 0) {
      if (h.address > access.length) return `holding Address reference ${h.address} outside tx.Access`
      if (!isAddressRef(accessAt(access, h.address))) return `holding Address reference ${h.address} is not an Address`
    }
    if (h.asset === 0 || h.asset > access.length) return `holding Asset reference ${h.asset} outside tx.Access`
    if (!isIdRef(accessAt(access, h.asset)?.asset)) return `holding Asset reference ${h.asset} is not an Asset`
    count++
  }
  const l = rr.locals
  if (l !== undefined && (l.address !== 0 || l.app !== 0)) {
    if (creating && l.app === 0) return '0 App in LocalsRef during app create is not allowed or necessary'
    if (l.address !== 0) {
      if (l.address > access.length) return `locals Address reference ${l.address} outside tx.Access`
      if (!isAddressRef(accessAt(access, l.address))) return `locals Address reference ${l.address} is not an Address`
    }
    if (l.app !== 0) {
      if (l.app > access.length) return `locals App reference ${l.app} outside tx.Access`
      if (!isIdRef(accessAt(access, l.app)?.app)) return `locals App reference ${l.app} is not an App`
    }
    count++
  }
  const b = rr.box
  if (b !== undefined && (b.app !== 0 || b.name.length > 0)) {
    if (b.name.length > p.maxAppKeyLen) return `tx.Access box Name too long, max len ${p.maxAppKeyLen} bytes`
    if (b.app > access.length) return `box Index ${b.app} outside tx.Access`
    if (b.app !== 0 && !isIdRef(accessAt(access, b.app)?.app)) return `box Index reference ${b.app} is not an App`
    count++
  }
  return count > 1 ? 'tx.Access element has fields from multiple types' : undefined
}

function appWellFormed(tx: Txn, p: WellFormedParams): string | undefined {
  if (tx.onCompletion < 0 || tx.onCompletion > OnCompletion.DeleteApplication) {
    return `invalid application OnCompletion (${tx.onCompletion})`
  }
  const creating = tx.applicationId === 0 || tx.applicationId === 0n
  if (BigInt(tx.rejectVersion) > 0n && creating) return 'tx.RejectVersion cannot be set during creation'
  const updating = tx.onCompletion === OnCompletion.UpdateApplication
  if (!creating && !updating && (tx.approvalProgram.length !== 0 || tx.clearStateProgram.length !== 0)) {
    return 'programs may only be specified during application creation or update'
  }
  if (tx.extraProgramPages > p.maxAbsoluteExtraProgramPages) {
    return `tx.ExtraProgramPages exceeds MaxAbsoluteExtraProgramPages = ${p.maxAbsoluteExtraProgramPages}`
  }
  let epp = tx.extraProgramPages
  const gs = tx.globalStateSchema
  const ls = tx.localStateSchema
  if (!creating) {
    if (ls.numUint !== 0 || ls.numByteSlice !== 0) {
      return `inappropriate non-zero tx.LocalStateSchema ({${ls.numUint} ${ls.numByteSlice}})`
    }
    const updatingSizes = updating && (tx.extraProgramPages !== 0 || gs.numUint !== 0 || gs.numByteSlice !== 0)
    if (!updatingSizes) {
      if (gs.numUint !== 0 || gs.numByteSlice !== 0) return `inappropriate non-zero tx.GlobalStateSchema ({${gs.numUint} ${gs.numByteSlice}})`
      if (tx.extraProgramPages !== 0) return `inappropriate non-zero tx.ExtraProgramPages (${tx.extraProgramPages})`
      epp = p.maxAbsoluteExtraProgramPages
    }
  }
  const pages = 1 + epp
  const lap = tx.approvalProgram.length
  const lcs = tx.clearStateProgram.length
  if (lap > pages * p.maxAppProgramLen) return `approval program too long. (${lap} > ${pages * p.maxAppProgramLen})`
  if (lcs > pages * p.maxAppProgramLen) return `clear state program too long. (${lcs} > ${pages * p.maxAppProgramLen})`
  if (lap + lcs > pages * p.maxAppTotalProgramLen) return `app programs too long. (${lap} + ${lcs} > ${pages * p.maxAppTotalProgramLen})`
  if (tx.applicationArgs.length > p.maxAppArgs) {
    return `tx.ApplicationArgs has too many arguments. ${tx.applicationArgs.length} > ${p.maxAppArgs}`
  }
  let argSum = 0
  for (let i = 0; i < tx.applicationArgs.length; i++) {
    const l = tx.applicationArgs[i].length
    if (l > 4096) return `tx.ApplicationArgs[${i}] length is too long. ${l} > 4096`
    argSum += l
  }
  if (argSum > p.maxAbsoluteTotalArgLen) return `tx.ApplicationArgs total length is too long. ${argSum} > ${p.maxAbsoluteTotalArgLen}`
  if (tx.access.length > 0) {
    if (tx.access.length > p.maxAppAccess) return `tx.Access too long, max number of references is ${p.maxAppAccess}`
    if (tx.accounts.length > 0) return "tx.Accounts can't be used when tx.Access is used"
    if (tx.foreignApps.length > 0) return "tx.ForeignApps can't be used when tx.Access is used"
    if (tx.foreignAssets.length > 0) return "tx.ForeignAssets can't be used when tx.Access is used"
    if (tx.boxes.length > 0) return "tx.Boxes can't be used when tx.Access is used"
    for (const rr of tx.access) {
      const bad = resourceRefWellFormed(rr, tx.access, creating, p)
      if (bad !== undefined) return bad
    }
  } else {
    if (tx.accounts.length > p.maxAppTxnAccounts) return `tx.Accounts too long, max number of accounts is ${p.maxAppTxnAccounts}`
    if (tx.foreignApps.length > p.maxAppTxnForeignApps) {
      return `tx.ForeignApps too long, max number of foreign apps is ${p.maxAppTxnForeignApps}`
    }
    if (tx.foreignAssets.length > p.maxAppTxnForeignAssets) {
      return `tx.ForeignAssets too long, max number of foreign assets is ${p.maxAppTxnForeignAssets}`
    }
    if (tx.boxes.length > p.maxAppBoxReferences) return `tx.Boxes too long, max number of box references is ${p.maxAppBoxReferences}`
    if (tx.accounts.length + tx.foreignApps.length + tx.foreignAssets.length + tx.boxes.length > p.maxAppTotalTxnReferences) {
      return `tx references exceed MaxAppTotalTxnReferences = ${p.maxAppTotalTxnReferences}`
    }
  }
  for (let i = 0; i < tx.boxes.length; i++) {
    const br = tx.boxes[i]
    if (br.index > tx.foreignApps.length) return `tx.Boxes[${i}].Index is ${br.index}. Exceeds len(tx.ForeignApps)`
    if (br.name.length > p.maxAppKeyLen) return `tx.Boxes[${i}].Name too long, max len ${p.maxAppKeyLen} bytes`
  }
  if (ls.numUint + ls.numByteSlice > p.maxLocalSchemaEntries) {
    return `tx.LocalStateSchema is too large. ${ls.numUint + ls.numByteSlice} > ${p.maxLocalSchemaEntries}`
  }
  if (gs.numUint + gs.numByteSlice > p.maxGlobalSchemaEntries) {
    return `tx.GlobalStateSchema is too large. ${gs.numUint + gs.numByteSlice} > ${p.maxGlobalSchemaEntries}`
  }
  return undefined
}

function typeWellFormed(tx: Txn, p: WellFormedParams): string | undefined {
  switch (tx.type) {
    case 'pay':
      if (bytesEq(tx.sender, tx.closeRemainderTo)) return `transaction cannot close account to its sender ${addressText(tx.sender)}`
      return undefined
    case 'keyreg':
      return undefined
    case 'acfg': {
      const a = tx.assetParams
      if (a.assetName.length > p.maxAssetNameBytes) return `transaction asset name too big: ${a.assetName.length} > ${p.maxAssetNameBytes}`
      if (a.unitName.length > p.maxAssetUnitNameBytes) {
        return `transaction asset unit name too big: ${a.unitName.length} > ${p.maxAssetUnitNameBytes}`
      }
      if (a.url.length > p.maxAssetUrlBytes) return `transaction asset url too big: ${a.url.length} > ${p.maxAssetUrlBytes}`
      if (a.decimals > p.maxAssetDecimals) return `transaction asset decimals is too high (max is ${p.maxAssetDecimals})`
      return undefined
    }
    case 'axfer':
      if ((tx.xferAsset === 0 || tx.xferAsset === 0n) && tx.assetAmount !== 0) return 'asset ID cannot be zero'
      if (!allZero(tx.assetSender) && !allZero(tx.assetCloseTo)) return 'cannot close asset by clawback'
      return undefined
    case 'afrz':
      if (tx.freezeAsset === 0 || tx.freezeAsset === 0n) return 'asset ID cannot be zero'
      if (allZero(tx.freezeAccount)) return 'freeze account cannot be empty'
      return undefined
    case 'appl':
      return appWellFormed(tx, p)
    default:
      return `unknown tx type ${tx.type}`
  }
}

function bytesEq(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
/** An address as go prints it: checksummed base32. */
function addressText(addr: Uint8Array): string {
  const data = new Uint8Array(36)
  data.set(addr)
  data.set(sha512_256(addr).subarray(28), 32)
  let out = ''
  let bits = 0
  let value = 0
  for (const byte of data) {
    value = ((value << 8) | byte) & 0xfff
    bits += 8
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31]
  return out
}

/**
 * go's Transaction.WellFormed for the checks that need no chain state: the type's own rules
 * and the header's (validity window, note size, non-zero sender). Returns go's error text, or
 * undefined when the transaction is well formed. Protocol-feature switches are all on.
 */
export function wellFormed(tx: Txn, p: WellFormedParams): string | undefined {
  const typeError = typeWellFormed(tx, p)
  if (typeError !== undefined) return typeError
  const fv = BigInt(tx.firstValid)
  const lv = BigInt(tx.lastValid)
  if (lv < fv) return `transaction invalid range (${fv}--${lv})`
  if (lv - fv > BigInt(p.maxTxnLife)) return `transaction window size excessive (${fv}--${lv})`
  if (tx.note.length > p.maxAbsoluteTxnNoteBytes) return `transaction note too big: ${tx.note.length} > ${p.maxAbsoluteTxnNoteBytes}`
  if (allZero(tx.sender)) return 'transaction cannot have zero sender'
  return undefined
}
