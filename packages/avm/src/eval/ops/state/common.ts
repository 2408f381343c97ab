// Shared machinery of the state ops: typed access to the context's transaction and ledger, the
// group-wide resource catalogue (go-algorand's `resources`), app addresses and go's address
// text. State lives in two places: per group (shared by every app call of a top-level group and
// its inner groups, like go's `EvalParams.available`) and per program (`cx.stateExt`).

import { decodeAddress as parseAddress, encodeAddress } from '../../../assembler/literals.ts'
import { sha512_256 } from '@noble/hashes/sha2.js'
import { AvmError } from '../../errors.ts'
import type { EvalContext } from '../../context.ts'
import { MODE_SIG } from '../../context.ts'
import { isBytes, uint64ToBytes, type StackValue, type Uint64 } from '../../values.ts'
import type { Ledger, SignatureLedger } from '../../../ledger.ts'
import type { ConsensusParams } from '../../../proto.ts'
import { feeForUsage, summarizeFees } from './fees.ts'
import type { EvalDelta, Txn } from '../../../txn.ts'

// go-algorand's version gates (data/transactions/logic/opcodes.go).
export const DIRECT_REF_VERSION = 4
export const INNER_APPS_VERSION = 6
export const TXN_EFFECTS_VERSION = 6
export const CREATED_RESOURCES_VERSION = 6
export const APP_ADDRESS_AVAILABLE_VERSION = 7
export const SHARED_RESOURCES_VERSION = 9
export const SPLICE_VERSION = 10

/** Throws go's error text as an AvmError. */
export function fail(message: string): never {
  throw new AvmError(message)
}

/** The transaction being evaluated. */
export function currentTxn(cx: EvalContext): Txn {
  return cx.txnGroup[cx.groupIndex] as Txn
}

/** The group being evaluated. */
export function txnGroup(cx: EvalContext): readonly Txn[] {
  return cx.txnGroup as readonly Txn[]
}

/** The application ledger (app mode always has one). */
export function ledgerOf(cx: EvalContext): Ledger {
  return cx.ledger as Ledger
}

/** The signature ledger: block headers and the genesis hash (present in both modes). */
export function sigLedgerOf(cx: EvalContext): SignatureLedger {
  const l = cx.ledger as SignatureLedger | undefined
  return l ?? NO_HEADER_LEDGER
}

/** go-algorand's NoHeaderLedger: no block headers and a genesis hash of 32 0x03 bytes. */
export const NO_HEADER_LEDGER: SignatureLedger = {
  blockHeader(): never {
    throw new AvmError('no block header access')
  },
  genesisHash(): Uint8Array {
    return new Uint8Array(32).fill(3)
  },
}

/** Key of a uint64 id in the catalogue's sets (number and bigint forms agree). */
export function idKey(id: Uint64): string {
  return String(id)
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))
/** Lower-case hex of bytes. */
export function hex(b: Uint8Array): string {
  let s = ''
  for (const x of b) s += HEX[x]
  return s
}

/** go's `%#x` of a string: 0x-prefixed hex (empty for an empty string). */
export function goHashX(b: Uint8Array): string {
  return b.length === 0 ? '' : '0x' + hex(b)
}

/** An address in Algorand's checksummed base32 form (go's `basics.Address.String()`). */
export { encodeAddress }

/** Decodes a checksummed base32 address; throws with go's text on a bad checksum or length. */
export function decodeAddress(text: string): Uint8Array {
  const parsed = parseAddress(text)
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed.value
}

const APP_ID_PREFIX = new TextEncoder().encode('appID')
const appAddrCache = new Map<string, Uint8Array>()
/** The escrow address of an application: SHA512/256("appID" ‖ uint64 id). */
export function appAddress(app: Uint64): Uint8Array {
  const key = idKey(app)
  let addr = appAddrCache.get(key)
  if (addr === undefined) {
    const buf = new Uint8Array(13)
    buf.set(APP_ID_PREFIX)
    buf.set(uint64ToBytes(app), 5)
    addr = sha512_256(buf)
    appAddrCache.set(key, addr)
  }
  return addr
}

/** Byte-wise equality of two addresses. */
export function sameAddr(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Whether all bytes are zero. */
export function isZero(b: Uint8Array): boolean {
  for (const x of b) if (x !== 0) return false
  return true
}

/** A box in the group's catalogue; `dirty` boxes count against the write budget. */
export interface BoxEntry {
  app: Uint64
  name: Uint8Array
  dirty: boolean
}

/**
 * Resources available to a top-level group and its inner groups (go's `resources`), plus the
 * group-wide budgets: I/O quota, fee credit and pooled inner transaction count.
 */
export interface GroupState {
  createdAsas: Set<string>
  createdApps: Set<string>
  sharedAccounts: Set<string>
  sharedAsas: Set<string>
  sharedApps: Set<string>
  sharedHoldings: Set<string>
  sharedLocals: Set<string>
  boxes: Map<string, BoxEntry>
  unnamedAccess: number
  /** Program bytes beyond the free size charged per created or updated app. */
  updateBytes: Map<string, number>
  dirtyBytes: number
  ioBudget: number
  readBudgetChecked: boolean
  /** Microalgos overpaid by the group, spendable by inner transactions. */
  feeCredit: bigint
  /** Fraction of a microalgo (over 1e12) already paid by earlier round-ups (go's feeResidue). */
  feeResidue: bigint
  /** Inner transactions the whole group may still issue. */
  allowedInners: number
  /** Simulate's allow-unnamed-resources (go's UnnamedResourcePolicy): consulted when a resource is not available. */
  unnamedResources?: UnnamedResourcePolicy
}

/** go's lastForbiddenResource: ids up to this are never lent as unnamed resources (they read as slot indexes). */
const LAST_FORBIDDEN_RESOURCE = 255n

/** Grants (and records) resources a program names without a reference; absent outside simulate. */
export interface UnnamedResourcePolicy {
  account(cx: EvalContext, addr: Uint8Array): boolean
  asset(cx: EvalContext, id: Uint64): boolean
  app(cx: EvalContext, id: Uint64): boolean
  holding(cx: EvalContext, addr: Uint8Array, id: Uint64): boolean
  locals(cx: EvalContext, addr: Uint8Array, id: Uint64): boolean
  box(cx: EvalContext, app: Uint64, name: Uint8Array): boolean
}

/** Per-program state of the state ops (kept in `cx.stateExt`). */
export interface ProgramState {
  /** The state changes this program made, as algod reports them. */
  delta: EvalDelta
  /** Inner transactions being assembled between itxn_begin and itxn_submit. */
  subtxns: Txn[]
  /** Inner transactions this program has performed, in order (the applied txns). */
  inners: Txn[]
  /** Length of the last submitted inner group (the tail of `inners`). */
  lastGroupLen: number
  logSize: number
  touchedFamilyShared: boolean
  familyReentrancyChecked: boolean
  creator: Uint8Array | undefined
}

/** The per-program state, created on first use. */
export function programState(cx: EvalContext): ProgramState {
  let ps = cx.stateExt.state as ProgramState | undefined
  if (ps === undefined) {
    ps = {
      delta: { globalDelta: new Map(), localDeltas: new Map(), sharedAccounts: [] },
      subtxns: [],
      inners: [],
      lastGroupLen: 0,
      logSize: 0,
      touchedFamilyShared: false,
      familyReentrancyChecked: false,
      creator: undefined,
    }
    cx.stateExt.state = ps
  }
  return ps
}

const groupStates = new WeakMap<object, GroupState>()

function rootOf(cx: EvalContext): EvalContext {
  let r = cx
  while (r.caller !== undefined) r = r.caller
  return r
}

/** The catalogue of the top-level group `cx` belongs to, computed on first use. */
export function groupState(cx: EvalContext): GroupState {
  const root = rootOf(cx)
  return groupStateFor(root.txnGroup as readonly Txn[], root.proto)
}

/** The catalogue of a top-level group, computed on first use (go's computeAvailability). */
export function groupStateFor(group: readonly Txn[], proto: ConsensusParams): GroupState {
  let gs = groupStates.get(group)
  if (gs === undefined) {
    gs = computeAvailability(group, proto.maxTxGroupSize * proto.maxInnerTransactions)
    // go's feeCredit: what the top-level group paid beyond its fees, and the round-up residue.
    const { usage, paid } = summarizeFees(group, proto)
    const needed = feeForUsage(proto, usage, 0n)
    gs.feeCredit = paid > needed.fee ? paid - needed.fee : 0n
    gs.feeResidue = needed.residue
    groupStates.set(group, gs)
  }
  return gs
}

/** Registers a group's catalogue explicitly (the ledger does this to set the fee credit). */
export function setGroupState(group: readonly Txn[], gs: GroupState): void {
  groupStates.set(group, gs)
}

/** The group catalogue of `group`, if one was computed. */
export function existingGroupState(group: readonly Txn[]): GroupState | undefined {
  return groupStates.get(group)
}

function holdingKey(addr: Uint8Array, id: Uint64): string {
  return hex(addr) + ':' + idKey(id)
}

/** go's computeAvailability: what each transaction of the group makes available to the others. */
export function computeAvailability(group: readonly Txn[], allowedInners: number): GroupState {
  const r: GroupState = {
    createdAsas: new Set(),
    createdApps: new Set(),
    sharedAccounts: new Set(),
    sharedAsas: new Set(),
    sharedApps: new Set(),
    sharedHoldings: new Set(),
    sharedLocals: new Set(),
    boxes: new Map(),
    unnamedAccess: 0,
    updateBytes: new Map(),
    dirtyBytes: 0,
    ioBudget: 0,
    readBudgetChecked: false,
    feeCredit: 0n,
    feeResidue: 0n,
    allowedInners,
  }
  for (const tx of group) fillAvailability(r, tx)
  return r
}

/** Adds a box to the catalogue (app 0 means the called app; ignored while it is being created). */
export function shareBox(r: GroupState, app: Uint64, name: Uint8Array, current: Uint64): void {
  if (app === 0 || app === 0n) {
    if (current === 0 || current === 0n) return
    app = current
  }
  const key = boxKey(app, name)
  if (!r.boxes.has(key)) r.boxes.set(key, { app, name, dirty: false })
}

/** Key of a box in the catalogue. */
export function boxKey(app: Uint64, name: Uint8Array): string {
  return idKey(app) + ':' + hex(name)
}

function shareAccountAndHolding(r: GroupState, addr: Uint8Array, id: Uint64): void {
  r.sharedAccounts.add(hex(addr))
  if (id !== 0 && id !== 0n) r.sharedHoldings.add(holdingKey(addr, id))
}

function fillAvailability(r: GroupState, tx: Txn): void {
  switch (tx.type) {
    case 'pay':
      r.sharedAccounts.add(hex(tx.sender))
      r.sharedAccounts.add(hex(tx.receiver))
      if (!isZero(tx.closeRemainderTo)) r.sharedAccounts.add(hex(tx.closeRemainderTo))
      break
    case 'keyreg':
      r.sharedAccounts.add(hex(tx.sender))
      break
    case 'acfg':
      r.sharedAccounts.add(hex(tx.sender))
      if (tx.configAsset !== 0) r.sharedAsas.add(idKey(tx.configAsset))
      break
    case 'axfer': {
      const id = tx.xferAsset
      r.sharedAsas.add(idKey(id))
      shareAccountAndHolding(r, tx.sender, id)
      shareAccountAndHolding(r, tx.assetReceiver, id)
      if (!isZero(tx.assetSender)) shareAccountAndHolding(r, tx.assetSender, id)
      if (!isZero(tx.assetCloseTo)) shareAccountAndHolding(r, tx.assetCloseTo, id)
      break
    }
    case 'afrz':
      r.sharedAccounts.add(hex(tx.sender))
      r.sharedAsas.add(idKey(tx.freezeAsset))
      shareAccountAndHolding(r, tx.freezeAccount, tx.freezeAsset)
      break
    case 'appl':
      if (tx.access.length > 0) fillAccess(r, tx)
      else fillForeign(r, tx)
      break
    default:
      break
  }
}

function fillAccess(r: GroupState, tx: Txn): void {
  r.sharedAccounts.add(hex(tx.sender))
  const current = tx.applicationId
  if (current !== 0) {
    r.sharedApps.add(idKey(current))
    r.sharedLocals.add(holdingKey(tx.sender, current))
  }
  for (const rr of tx.access) {
    if (rr.address !== undefined && !isZero(rr.address)) r.sharedAccounts.add(hex(rr.address))
    else if (rr.asset !== undefined && rr.asset !== 0) r.sharedAsas.add(idKey(rr.asset))
    else if (rr.app !== undefined && rr.app !== 0) r.sharedApps.add(idKey(rr.app))
    else if (rr.holding !== undefined) {
      const addr = accessAddress(tx, rr.holding.address)
      const asset = tx.access[rr.holding.asset - 1]?.asset ?? 0
      r.sharedHoldings.add(holdingKey(addr, asset))
    } else if (rr.locals !== undefined) {
      const addr = accessAddress(tx, rr.locals.address)
      const app = rr.locals.app === 0 ? current : (tx.access[rr.locals.app - 1]?.app ?? 0)
      r.sharedLocals.add(holdingKey(addr, app))
    } else if (rr.box !== undefined) {
      const app = rr.box.app === 0 ? 0 : (tx.access[rr.box.app - 1]?.app ?? 0)
      if (rr.box.name.length === 0 && rr.box.app === 0) r.unnamedAccess++
      shareBox(r, app, rr.box.name, current)
    } else r.unnamedAccess++
  }
}

function accessAddress(tx: Txn, index: number): Uint8Array {
  if (index === 0) return tx.sender
  return tx.access[index - 1]?.address ?? new Uint8Array(32)
}

function fillForeign(r: GroupState, tx: Txn): void {
  const accounts: Uint8Array[] = [tx.sender, ...tx.accounts]
  for (const id of tx.foreignAssets) r.sharedAsas.add(idKey(id))
  if (tx.applicationId !== 0) {
    accounts.push(appAddress(tx.applicationId))
    r.sharedApps.add(idKey(tx.applicationId))
  }
  for (const id of tx.foreignApps) {
    accounts.push(appAddress(id))
    r.sharedApps.add(idKey(id))
  }
  for (const addr of accounts) {
    r.sharedAccounts.add(hex(addr))
    for (const id of tx.foreignAssets) r.sharedHoldings.add(holdingKey(addr, id))
    if (tx.applicationId !== 0) r.sharedLocals.add(holdingKey(addr, tx.applicationId))
    for (const id of tx.foreignApps) r.sharedLocals.add(holdingKey(addr, id))
  }
  for (const br of tx.boxes) {
    if (br.index === 0 && br.name.length === 0) r.unnamedAccess++
    let app: Uint64 = 0
    if (br.index > 0) {
      if (br.index > tx.foreignApps.length) continue
      app = tx.foreignApps[br.index - 1]
    }
    shareBox(r, app, br.name, tx.applicationId)
  }
}

// ---- availability checks (go's availableAccount/Asset/App, allowsHolding/Locals) ----

/** go's IndexByAddress: slot of `addr` among [sender, Access or Accounts...], or -1. */
export function indexByAddress(tx: Txn, addr: Uint8Array): number {
  if (sameAddr(addr, tx.sender)) return 0
  for (let i = 0; i < tx.access.length; i++) {
    const a = tx.access[i].address
    if (a !== undefined && sameAddr(a, addr)) return i + 1
  }
  for (let i = 0; i < tx.accounts.length; i++) if (sameAddr(addr, tx.accounts[i])) return i + 1
  return -1
}

/** go's AddressByIndex. */
export function addressByIndex(tx: Txn, i: bigint): Uint8Array {
  if (i === 0n) return tx.sender
  if (tx.access.length > 0) {
    if (i > BigInt(tx.access.length)) {
      fail(`invalid Account reference ${i} exceeds length of tx.Access ${tx.access.length}`)
    }
    const a = tx.access[Number(i) - 1].address
    if (a === undefined || isZero(a)) fail(`address reference ${i} is not an Address in tx.Access`)
    return a
  }
  if (i > BigInt(tx.accounts.length)) {
    fail(`invalid Account reference ${i} exceeds length of tx.Accounts ${tx.accounts.length}`)
  }
  return tx.accounts[Number(i) - 1]
}

/** go's availableAccount. */
export function availableAccount(cx: EvalContext, addr: Uint8Array): boolean {
  const tx = currentTxn(cx)
  if (indexByAddress(tx, addr) >= 0) return true
  const gs = groupState(cx)
  if (cx.version >= CREATED_RESOURCES_VERSION) {
    for (const app of gs.createdApps) if (sameAddr(addr, appAddress(BigInt(app)))) return true
  }
  if (cx.version >= SHARED_RESOURCES_VERSION && gs.sharedAccounts.has(hex(addr))) return true
  if (cx.version >= APP_ADDRESS_AVAILABLE_VERSION) {
    for (const app of tx.foreignApps) if (sameAddr(addr, appAddress(app))) return true
  }
  if (sameAddr(appAddress(cx.appId), addr)) return true
  return gs.unnamedResources?.account(cx, addr) ?? false
}

/** go's availableAsset. */
export function availableAsset(cx: EvalContext, aid: Uint64): boolean {
  const tx = currentTxn(cx)
  const key = idKey(aid)
  if (tx.access.some((rr) => rr.asset !== undefined && idKey(rr.asset) === key)) return true
  if (tx.foreignAssets.some((a) => idKey(a) === key)) return true
  const gs = groupState(cx)
  if (cx.version >= CREATED_RESOURCES_VERSION && gs.createdAsas.has(key)) return true
  if (cx.version >= SHARED_RESOURCES_VERSION && gs.sharedAsas.has(key)) return true
  // go never lends an id that could be a slot index (lastForbiddenResource)
  return BigInt(aid) > LAST_FORBIDDEN_RESOURCE && (gs.unnamedResources?.asset(cx, aid) ?? false)
}

/** go's availableApp. */
export function availableApp(cx: EvalContext, aid: Uint64): boolean {
  const tx = currentTxn(cx)
  const key = idKey(aid)
  if (tx.access.some((rr) => rr.app !== undefined && idKey(rr.app) === key)) return true
  if (tx.foreignApps.some((a) => idKey(a) === key)) return true
  const gs = groupState(cx)
  if (cx.version >= CREATED_RESOURCES_VERSION && gs.createdApps.has(key)) return true
  if (idKey(cx.appId) === key) return true
  if (cx.version >= SHARED_RESOURCES_VERSION && gs.sharedApps.has(key)) return true
  return BigInt(aid) > LAST_FORBIDDEN_RESOURCE && (gs.unnamedResources?.app(cx, aid) ?? false)
}

/** go's allowsHolding. */
export function allowsHolding(cx: EvalContext, addr: Uint8Array, aid: Uint64): boolean {
  const gs = groupState(cx)
  if (gs.sharedHoldings.has(holdingKey(addr, aid))) return true
  if (gs.createdAsas.has(idKey(aid))) return availableAccount(cx, addr)
  for (const app of gs.createdApps) if (sameAddr(appAddress(BigInt(app)), addr)) return availableAsset(cx, aid)
  // as go: the account and asset must be available (and so recorded) before the holding is lent
  const policy = gs.unnamedResources
  return policy !== undefined && availableAccount(cx, addr) && availableAsset(cx, aid) && policy.holding(cx, addr, aid)
}

/** go's allowsLocals. */
export function allowsLocals(cx: EvalContext, addr: Uint8Array, aid: Uint64): boolean {
  const gs = groupState(cx)
  if (gs.sharedLocals.has(holdingKey(addr, aid))) return true
  if (gs.createdApps.has(idKey(aid))) return availableAccount(cx, addr)
  for (const app of gs.createdApps) if (sameAddr(appAddress(BigInt(app)), addr)) return availableApp(cx, aid)
  const policy = gs.unnamedResources
  return policy !== undefined && availableAccount(cx, addr) && availableApp(cx, aid) && policy.locals(cx, addr, aid)
}

// ---- references: stack values to accounts, apps and assets ----

/** A 32-byte address from a stack value (go's stackValue.address). */
export function asAddress(v: StackValue): Uint8Array {
  if (!isBytes(v) || v.length !== 32) fail('not an address')
  return v
}

/** go's resolveAccount: the address a stack value names and its Accounts slot (-1 if none). */
export function resolveAccount(cx: EvalContext, v: StackValue): { addr: Uint8Array; idx: number } {
  const tx = currentTxn(cx)
  if (!isBytes(v)) return { addr: addressByIndex(tx, BigInt(v)), idx: Number(v) }
  const addr = asAddress(v)
  return { addr, idx: indexByAddress(tx, addr) }
}

/** go's accountReference: resolve and require availability. */
export function accountReference(cx: EvalContext, v: StackValue): { addr: Uint8Array; idx: number } {
  const r = resolveAccount(cx, v)
  if (r.idx >= 0) return r
  if (!availableAccount(cx, r.addr)) fail(`unavailable Account ${encodeAddress(r.addr)}`)
  return { addr: r.addr, idx: currentTxn(cx).accounts.length + 1 }
}

/** go's mutableAccountReference (local state writes). */
export function mutableAccountReference(cx: EvalContext, v: StackValue): { addr: Uint8Array; idx: number } {
  const r = accountReference(cx, v)
  if (r.idx > currentTxn(cx).accounts.length && cx.version < SHARED_RESOURCES_VERSION) {
    fail(`invalid Account reference for mutation ${encodeAddress(r.addr)}`)
  }
  return r
}

/** go's resolveApp (v4+): 0 or own id, an available id, else a ForeignApps / access slot. */
export function resolveApp(cx: EvalContext, ref: Uint64): Uint64 {
  if (ref === 0 || idKey(ref) === idKey(cx.appId)) return cx.appId
  if (availableApp(cx, ref)) return ref
  const tx = currentTxn(cx)
  const n = Number(ref)
  if (n <= tx.foreignApps.length) return tx.foreignApps[n - 1]
  const rr = tx.access[n - 1]
  if (n > 0 && rr !== undefined && rr.app !== undefined && rr.app !== 0) return rr.app
  return fail(`unavailable App ${String(ref)}`)
}

/** go's appReference: version-dependent app lookup (`foreign`: old slot-only opcodes). */
export function appReference(cx: EvalContext, ref: Uint64, foreign: boolean): Uint64 {
  if (cx.version >= DIRECT_REF_VERSION) return resolveApp(cx, ref)
  if (ref === 0) return cx.appId
  if (foreign) {
    const tx = currentTxn(cx)
    if (Number(ref) <= tx.foreignApps.length) return tx.foreignApps[Number(ref) - 1]
    return fail(`${String(ref)} is not a valid foreign app slot`)
  }
  return ref
}

/** go's resolveAsset (v4+). */
export function resolveAsset(cx: EvalContext, ref: Uint64): Uint64 {
  if (availableAsset(cx, ref)) return ref
  const tx = currentTxn(cx)
  const n = Number(ref)
  if (n < tx.foreignAssets.length) return tx.foreignAssets[n]
  const rr = tx.access[n - 1]
  if (n > 0 && rr !== undefined && rr.asset !== undefined && rr.asset !== 0) return rr.asset
  return fail(`unavailable Asset ${String(ref)}`)
}

/** go's assetReference. */
export function assetReference(cx: EvalContext, ref: Uint64, foreign: boolean): Uint64 {
  if (cx.version >= DIRECT_REF_VERSION) return resolveAsset(cx, ref)
  if (foreign) {
    const tx = currentTxn(cx)
    if (Number(ref) < tx.foreignAssets.length) return tx.foreignAssets[Number(ref)]
    return fail(`${String(ref)} is not a valid foreign asset slot`)
  }
  return ref
}

/** go's localsReference: the account and app whose local state an op reads. */
export function localsReference(cx: EvalContext, acct: StackValue, ref: Uint64): { addr: Uint8Array; app: Uint64 } {
  if (cx.version >= SHARED_RESOURCES_VERSION) {
    const { addr } = resolveAccount(cx, acct)
    let app: Uint64 = 0
    let appErr: string | undefined
    try {
      app = resolveApp(cx, ref)
    } catch (e) {
      appErr = (e as Error).message
    }
    if (appErr === undefined && allowsLocals(cx, addr, app)) return { addr, app }
    const acctOK = availableAccount(cx, addr)
    const localsErr = `unavailable Local State ${String(app)}+${encodeAddress(addr)}`
    if (appErr !== undefined && acctOK) fail(appErr)
    if (appErr === undefined && acctOK) fail(localsErr)
    if (appErr !== undefined) fail(`unavailable Account ${encodeAddress(addr)}, ${appErr}, ${localsErr}`)
    fail(`unavailable Account ${encodeAddress(addr)}, ${localsErr}`)
  }
  const { addr } = accountReference(cx, acct)
  return { addr, app: appReference(cx, ref, false) }
}

/** go's holdingReference: the account and asset whose holding an op reads. */
export function holdingReference(cx: EvalContext, acct: StackValue, ref: Uint64): { addr: Uint8Array; asset: Uint64 } {
  if (cx.version >= SHARED_RESOURCES_VERSION) {
    const { addr } = resolveAccount(cx, acct)
    let asset: Uint64 = 0
    let assetErr: string | undefined
    try {
      asset = resolveAsset(cx, ref)
    } catch (e) {
      assetErr = (e as Error).message
    }
    if (assetErr === undefined && allowsHolding(cx, addr, asset)) return { addr, asset }
    const acctOK = availableAccount(cx, addr)
    if (assetErr !== undefined && acctOK) fail(assetErr)
    if (assetErr === undefined && acctOK) fail(`unavailable Holding ${String(asset)}+${encodeAddress(addr)}`)
    if (assetErr !== undefined) fail(`unavailable Account ${encodeAddress(addr)}, ${assetErr}`)
    fail(`unavailable Account ${encodeAddress(addr)}`)
  }
  const { addr } = accountReference(cx, acct)
  return { addr, asset: assetReference(cx, ref, false) }
}

/** 1 or 0 for a boolean result. */
export function b2u(x: boolean): number {
  return x ? 1 : 0
}

/** Whether the program runs as a LogicSig. */
export function isSigMode(cx: EvalContext): boolean {
  return cx.mode === MODE_SIG
}

/** The creator of the running app, cached per program (go's getCreatorAddress). */
export function creatorAddress(cx: EvalContext): Uint8Array {
  const ps = programState(cx)
  if (ps.creator === undefined) {
    const app = ledgerOf(cx).appParams(cx.appId)
    if (app === undefined) fail('No params for current app')
    ps.creator = app.creator
  }
  return ps.creator
}
