// Effects of an app call: `log` and inner transactions (itxn_begin/field/next/submit), after go's
// opLog, addInnerTxn, stackIntoTxnField and opItxnSubmit. Submission checks fees (pooled with
// the group's credit), counts and call depth here; the ledger applies each inner transaction.

import type { EvalContext, OpHandler } from '../../context.ts'
import { AvmError } from '../../errors.ts'
import { isBytes, u64, type StackValue, type Uint64 } from '../../values.ts'
import { programVersion } from '../../decode.ts'
import type { FieldSpec } from '../../../spec/types.ts'
import { groupId, OnCompletion, TXN_TYPES, txnId, wellFormed, zeroTxn, type Txn } from '../../../txn.ts'
import type { InnerAppRunner } from '../../../ledger.ts'
import {
  SHARED_RESOURCES_VERSION,
  allowsHolding,
  allowsLocals,
  appAddress,
  asAddress,
  availableAccount,
  availableApp,
  availableAsset,
  currentTxn,
  encodeAddress,
  fail,
  groupState,
  idKey,
  isZero,
  ledgerOf,
  programState,
  sameAddr,
} from './common.ts'
import { feeForUsage, microAlgosText, summarizeFees } from './fees.ts'
import { runInnerApp } from './inner-app.ts'
import { currentTxId } from './txn-ops.ts'

/** Inner transaction types and the version that allows each (go's innerTxnTypes). */
const INNER_TYPES: Record<string, number> = { pay: 5, keyreg: 6, axfer: 5, acfg: 5, afrz: 5, appl: 6 }
const MAX_UINT64 = 0xffff_ffff_ffff_ffffn

/** go's addInnerTxn: a new inner txn from the app account, its fee defaulted to what is still owed. */
function addInnerTxn(cx: EvalContext): void {
  const ps = programState(cx)
  const gs = groupState(cx)
  const left = gs.allowedInners
  if (ps.subtxns.length > left || ps.subtxns.length >= cx.proto.maxTxGroupSize) {
    fail(`too many inner transactions ${ps.subtxns.length} with ${left} left`)
  }
  // The default fee must not consume the residue: itxn_submit does the real charge.
  const { usage, paid } = summarizeFees(ps.subtxns, cx.proto)
  const need = feeForUsage(cx.proto, usage + 1_000_000n, gs.feeResidue)
  if (need.overflow) fail('inner group fee saturation')
  let fee = 0n
  if (paid < need.fee) {
    fee = need.fee - paid
    fee = fee > gs.feeCredit ? fee - gs.feeCredit : 0n
  }
  const tx = currentTxn(cx)
  const inner = zeroTxn()
  inner.sender = appAddress(cx.appId)
  inner.fee = u64(fee)
  inner.firstValid = tx.firstValid
  inner.lastValid = tx.lastValid
  ps.subtxns.push(inner)
}

function uint(v: StackValue): Uint64 {
  if (isBytes(v)) fail(`${goBytes(v)} is not a uint64`)
  return v
}

/** go's `%#v` of a []byte, as its uint64 conversion errors print it. */
function goBytes(b: Uint8Array): string {
  return `[]byte{${Array.from(b, (x) => '0x' + x.toString(16)).join(', ')}}`
}

function uintMaxed(v: StackValue, max: number): number {
  const u = uint(v)
  if (BigInt(u) > BigInt(max)) fail(`${String(u)} is larger than max=${max}`)
  return Number(u)
}

function bool(v: StackValue): boolean {
  const u = uint(v)
  if (u === 0) return false
  if (u === 1) return true
  return fail(`boolean is neither 1 nor 0: ${String(u)}`)
}

function str(v: StackValue, limit: number): Uint8Array {
  if (!isBytes(v)) fail('not a byte array')
  if (v.length > limit) fail('value is too long')
  return v
}

function fixed(v: StackValue, f: FieldSpec, size: number): Uint8Array {
  if (!isBytes(v) || v.length !== size) fail(`${f.name} must be ${size} bytes`)
  return v
}

function assignAccount(cx: EvalContext, v: StackValue): Uint8Array {
  const addr = asAddress(v)
  if (availableAccount(cx, addr)) return addr
  return fail(`unavailable Account ${encodeAddress(addr)}`)
}

function assignAsset(cx: EvalContext, v: StackValue): Uint64 {
  const id = uint(v)
  if (availableAsset(cx, id)) return id
  return fail(`unavailable Asset ${String(id)} during assignment`)
}

function assignApp(cx: EvalContext, v: StackValue): Uint64 {
  const id = uint(v)
  if (availableApp(cx, id)) return id
  return fail(`unavailable App ${String(id)}`)
}

function programLimit(cx: EvalContext): number {
  return cx.proto.maxAppProgramLen * (1 + cx.proto.maxAbsoluteExtraProgramPages)
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

/** go's stackIntoTxnField: one itxn_field assignment with its type and availability checks. */
function setField(cx: EvalContext, tx: Txn, f: FieldSpec, v: StackValue): void {
  const p = cx.proto
  switch (f.name) {
    case 'Type': {
      if (!isBytes(v)) fail('Type arg not a byte array')
      const t = new TextDecoder().decode(v)
      const ver = INNER_TYPES[t]
      if (ver === undefined || ver > cx.version) fail(`${t} is not a valid Type for itxn_field`)
      tx.type = t
      break
    }
    case 'TypeEnum': {
      const i = uint(v)
      if (i === 0 || BigInt(i) >= BigInt(TXN_TYPES.length)) fail(`${String(i)} is not a valid TypeEnum`)
      const t = TXN_TYPES[Number(i)]
      const ver = INNER_TYPES[t]
      if (ver === undefined || ver > cx.version) fail(`${t} is not a valid Type for itxn_field`)
      tx.type = t
      break
    }
    case 'Sender': tx.sender = assignAccount(cx, v); break
    case 'Fee': tx.fee = uint(v); break
    case 'Note':
      if (isBytes(v) && v.length > p.maxAbsoluteTxnNoteBytes) fail(`Note may not exceed ${p.maxAbsoluteTxnNoteBytes} bytes`)
      tx.note = str(v, Infinity)
      break
    case 'RekeyTo': tx.rekeyTo = asAddress(v); break
    case 'VotePK': tx.votePk = fixed(v, f, 32); break
    case 'SelectionPK': tx.selectionPk = fixed(v, f, 32); break
    case 'StateProofPK': tx.stateProofPk = fixed(v, f, 64); break
    case 'VoteFirst': tx.voteFirst = uint(v); break
    case 'VoteLast': tx.voteLast = uint(v); break
    case 'VoteKeyDilution': tx.voteKeyDilution = uint(v); break
    case 'Nonparticipation': tx.nonparticipation = bool(v); break
    case 'Receiver': tx.receiver = assignAccount(cx, v); break
    case 'Amount': tx.amount = uint(v); break
    case 'CloseRemainderTo': tx.closeRemainderTo = assignAccount(cx, v); break
    case 'XferAsset': tx.xferAsset = assignAsset(cx, v); break
    case 'AssetAmount': tx.assetAmount = uint(v); break
    case 'AssetSender': tx.assetSender = assignAccount(cx, v); break
    case 'AssetReceiver': tx.assetReceiver = assignAccount(cx, v); break
    case 'AssetCloseTo': tx.assetCloseTo = assignAccount(cx, v); break
    case 'ConfigAsset': tx.configAsset = assignAsset(cx, v); break
    case 'ConfigAssetTotal': tx.assetParams.total = uint(v); break
    case 'ConfigAssetDecimals': tx.assetParams.decimals = uintMaxed(v, p.maxAssetDecimals); break
    case 'ConfigAssetDefaultFrozen': tx.assetParams.defaultFrozen = bool(v); break
    case 'ConfigAssetUnitName': tx.assetParams.unitName = str(v, p.maxAssetUnitNameBytes); break
    case 'ConfigAssetName': tx.assetParams.assetName = str(v, p.maxAssetNameBytes); break
    case 'ConfigAssetURL': tx.assetParams.url = str(v, p.maxAssetUrlBytes); break
    case 'ConfigAssetMetadataHash': tx.assetParams.metadataHash = fixed(v, f, 32); break
    case 'ConfigAssetManager': tx.assetParams.manager = asAddress(v); break
    case 'ConfigAssetReserve': tx.assetParams.reserve = asAddress(v); break
    case 'ConfigAssetFreeze': tx.assetParams.freeze = asAddress(v); break
    case 'ConfigAssetClawback': tx.assetParams.clawback = asAddress(v); break
    case 'FreezeAsset': tx.freezeAsset = assignAsset(cx, v); break
    case 'FreezeAssetAccount': tx.freezeAccount = assignAccount(cx, v); break
    case 'FreezeAssetFrozen': tx.assetFrozen = bool(v); break
    case 'ApplicationID': tx.applicationId = assignApp(cx, v); break
    case 'OnCompletion': tx.onCompletion = uintMaxed(v, OnCompletion.DeleteApplication); break
    case 'RejectVersion': tx.rejectVersion = uint(v); break
    case 'ApplicationArgs': {
      if (!isBytes(v)) fail('ApplicationArg is not a byte array')
      let total = v.length
      for (const a of tx.applicationArgs) total += a.length
      if (total > p.maxAbsoluteTotalArgLen) fail('total application args length too long')
      if (tx.applicationArgs.length >= p.maxAppArgs) fail('too many application args')
      tx.applicationArgs = [...tx.applicationArgs, v]
      break
    }
    case 'Accounts': {
      const addr = assignAccount(cx, v)
      if (tx.accounts.length >= p.maxAppTxnAccounts) fail('too many foreign accounts')
      tx.accounts = [...tx.accounts, addr]
      break
    }
    case 'ApprovalProgram':
      if (isBytes(v) && v.length > programLimit(cx)) fail(`ApprovalProgram may not exceed ${programLimit(cx)} bytes`)
      tx.approvalProgram = str(v, Infinity)
      break
    case 'ClearStateProgram':
      if (isBytes(v) && v.length > programLimit(cx)) fail(`ClearStateProgram may not exceed ${programLimit(cx)} bytes`)
      tx.clearStateProgram = str(v, Infinity)
      break
    case 'ApprovalProgramPages':
      tx.approvalProgram = concat(tx.approvalProgram, str(v, Infinity))
      if (tx.approvalProgram.length > programLimit(cx)) fail(`ApprovalProgramPages may not exceed ${programLimit(cx)} bytes`)
      break
    case 'ClearStateProgramPages':
      tx.clearStateProgram = concat(tx.clearStateProgram, str(v, Infinity))
      if (tx.clearStateProgram.length > programLimit(cx)) fail(`ClearStateProgramPages may not exceed ${programLimit(cx)} bytes`)
      break
    case 'Assets': {
      const id = assignAsset(cx, v)
      if (tx.foreignAssets.length >= p.maxAppTxnForeignAssets) fail('too many foreign assets')
      tx.foreignAssets = [...tx.foreignAssets, id]
      break
    }
    case 'Applications': {
      const id = assignApp(cx, v)
      if (tx.foreignApps.length >= p.maxAppTxnForeignApps) fail('too many foreign apps')
      tx.foreignApps = [...tx.foreignApps, id]
      break
    }
    case 'GlobalNumUint': tx.globalStateSchema = { ...tx.globalStateSchema, numUint: uintMaxed(v, p.maxGlobalSchemaEntries) }; break
    case 'GlobalNumByteSlice': tx.globalStateSchema = { ...tx.globalStateSchema, numByteSlice: uintMaxed(v, p.maxGlobalSchemaEntries) }; break
    case 'LocalNumUint': tx.localStateSchema = { ...tx.localStateSchema, numUint: uintMaxed(v, p.maxLocalSchemaEntries) }; break
    case 'LocalNumByteSlice': tx.localStateSchema = { ...tx.localStateSchema, numByteSlice: uintMaxed(v, p.maxLocalSchemaEntries) }; break
    case 'ExtraProgramPages': tx.extraProgramPages = uintMaxed(v, p.maxAbsoluteExtraProgramPages); break
    default:
      fail(`invalid itxn_field ${f.name}`)
  }
}

/** Fields itxn_field may set, with the version each became settable (go's itxVersion). */
const ITXN_FIELD_VERSION: Record<string, number> = {
  Sender: 5, Fee: 5, Receiver: 5, Amount: 5, CloseRemainderTo: 5, Type: 5, TypeEnum: 5, XferAsset: 5,
  AssetAmount: 5, AssetSender: 5, AssetReceiver: 5, AssetCloseTo: 5, ConfigAsset: 5, ConfigAssetTotal: 5,
  ConfigAssetDecimals: 5, ConfigAssetDefaultFrozen: 5, ConfigAssetUnitName: 5, ConfigAssetName: 5,
  ConfigAssetURL: 5, ConfigAssetMetadataHash: 5, ConfigAssetManager: 5, ConfigAssetReserve: 5,
  ConfigAssetFreeze: 5, ConfigAssetClawback: 5, FreezeAsset: 5, FreezeAssetAccount: 5, FreezeAssetFrozen: 5,
  Note: 6, VotePK: 6, SelectionPK: 6, VoteFirst: 6, VoteLast: 6, VoteKeyDilution: 6, ApplicationID: 6,
  OnCompletion: 6, ApplicationArgs: 6, Accounts: 6, ApprovalProgram: 6, ClearStateProgram: 6, RekeyTo: 6,
  Assets: 6, Applications: 6, GlobalNumUint: 6, GlobalNumByteSlice: 6, LocalNumUint: 6, LocalNumByteSlice: 6,
  ExtraProgramPages: 6, Nonparticipation: 6, StateProofPK: 6, ApprovalProgramPages: 7,
  ClearStateProgramPages: 7, RejectVersion: 12,
}

function requireHolding(cx: EvalContext, addr: Uint8Array, id: Uint64, what: string): void {
  if (id === 0 || isZero(addr)) return
  if (!allowsHolding(cx, addr, id)) fail(`${what}: unavailable Holding ${String(id)}+${encodeAddress(addr)} would be accessible`)
}

function requireLocals(cx: EvalContext, addr: Uint8Array, id: Uint64, what: string): void {
  if (!allowsLocals(cx, addr, id)) fail(`${what}: unavailable Local State ${String(id)}+${encodeAddress(addr)} would be accessible`)
}

/** go's `allows`: from v9 an inner txn may not reach holdings or locals the caller could not. */
function checkAllows(cx: EvalContext, tx: Txn, calleeVersion: number): void {
  if (cx.version < SHARED_RESOURCES_VERSION) return
  switch (tx.type) {
    case 'axfer':
      if (isZero(tx.assetSender)) requireHolding(cx, tx.sender, tx.xferAsset, 'axfer Sender')
      requireHolding(cx, tx.assetReceiver, tx.xferAsset, 'axfer AssetReceiver')
      requireHolding(cx, tx.assetSender, tx.xferAsset, 'axfer AssetSender')
      requireHolding(cx, tx.assetCloseTo, tx.xferAsset, 'axfer AssetCloseTo')
      return
    case 'afrz':
      requireHolding(cx, tx.freezeAccount, tx.freezeAsset, 'afrz FreezeAccount')
      return
    case 'appl': {
      if (calleeVersion >= SHARED_RESOURCES_VERSION) return
      const accounts = [tx.sender, ...tx.accounts]
      if (tx.applicationId !== 0) accounts.push(appAddress(tx.applicationId))
      for (const id of tx.foreignApps) accounts.push(appAddress(id))
      for (const addr of accounts) {
        for (const id of tx.foreignAssets) requireHolding(cx, addr, id, 'appl ForeignAssets')
        if (tx.applicationId !== 0) requireLocals(cx, addr, tx.applicationId, 'appl ApplicationID')
        for (const id of tx.foreignApps) requireLocals(cx, addr, id, 'appl ForeignApps')
      }
      return
    }
    default:
      return
  }
}

/** Checks an inner app call (no self-calls, re-entry or excess depth; new enough programs). */
function checkInnerAppCall(cx: EvalContext, tx: Txn): number {
  const target = idKey(tx.applicationId)
  if (target === idKey(cx.appId)) fail('attempt to self-call')
  let depth = 0
  for (let parent = cx.caller; parent !== undefined; parent = parent.caller) {
    if (idKey(parent.appId) === target) fail(`attempt to re-enter ${String(parent.appId)}`)
    depth++
  }
  if (depth >= cx.proto.maxAppCallDepth) fail(`appl depth (${depth}) exceeded`)
  let program = tx.approvalProgram
  let clear = tx.clearStateProgram
  if (tx.applicationId !== 0) {
    const app = ledgerOf(cx).appParams(tx.applicationId)
    if (app === undefined) fail(`app ${target} does not exist`)
    program = tx.onCompletion === OnCompletion.ClearState ? app.params.clearStateProgram : app.params.approvalProgram
    clear = app.params.clearStateProgram
  }
  const version = programVersion(program).version
  const min = cx.proto.minInnerApplVersion
  if (version < min) fail(`inner app call with version v${version} < v${min}`)
  if (tx.onCompletion === OnCompletion.OptIn) {
    const csv = programVersion(clear).version
    if (csv < min) fail(`inner app call opt-in with CSP v${csv} < v${min}`)
  }
  return version
}

/** go's opItxnSubmit. */
function submit(cx: EvalContext): void {
  const ps = programState(cx)
  const gs = groupState(cx)
  const subtxns = ps.subtxns
  if (subtxns.length > gs.allowedInners || subtxns.length > cx.proto.maxTxGroupSize) {
    fail(`too many inner transactions ${subtxns.length} with ${gs.allowedInners} left`)
  }
  if (subtxns.length === 0) fail('itxn_submit without itxn_begin')

  const { usage, paid } = summarizeFees(subtxns, cx.proto)
  const need = feeForUsage(cx.proto, usage, gs.feeResidue)
  if (need.overflow) fail('inner group fee saturation')
  gs.feeResidue = need.residue
  if (paid < need.fee) {
    const shortfall = need.fee - paid
    if (gs.feeCredit < shortfall) {
      fail(`group fee ${microAlgosText(paid)} too small (needs ${microAlgosText(shortfall - gs.feeCredit)} more)`)
    }
    gs.feeCredit -= shortfall
  } else {
    gs.feeCredit += paid - need.fee
    if (gs.feeCredit > MAX_UINT64) gs.feeCredit = MAX_UINT64
  }

  const isGroup = subtxns.length > 1
  const hashes: Uint8Array[] = []
  const parentId = isGroup ? currentTxId(cx) : undefined
  for (let i = 0; i < subtxns.length; i++) {
    const tx = subtxns[i]
    const malformed = wellFormed(tx, cx.proto)
    if (malformed !== undefined) fail(malformed)
    let calleeVersion = 0
    if (tx.type === 'appl') calleeVersion = checkInnerAppCall(cx, tx)
    checkAllows(cx, tx, calleeVersion)
    if (parentId !== undefined) hashes.push(txnId(tx, parentId, ps.inners.length + i))
  }
  if (isGroup) {
    const gid = groupId(hashes)
    for (const tx of subtxns) tx.group = gid
  }

  gs.allowedInners -= subtxns.length
  // Each inner app call brings its own MaxAppProgramCost into the pool (go's NewInnerEvalParams).
  for (const tx of subtxns) if (tx.type === 'appl') cx.budget.remaining += cx.proto.maxAppProgramCost

  const group = subtxns.slice()
  const ledger = ledgerOf(cx)
  const runner: InnerAppRunner = (program, g, gi, appId) => runInnerApp(cx, program, g, gi, appId)
  const me = appAddress(cx.appId)
  for (let i = 0; i < group.length; i++) {
    const authorizer = ledger.authorizer(group[i].sender)
    if (!sameAddr(authorizer, me)) {
      fail(`app ${String(cx.appId)} (addr ${encodeAddress(me)}) unauthorized ${encodeAddress(authorizer)}`)
    }
    let applied: Txn
    try {
      applied = ledger.perform(group, i, runner)
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e)
      throw new AvmError(`inner tx ${i} failed: ${msg}`)
    }
    group[i] = applied
    if (applied.createdAssetId !== 0) gs.createdAsas.add(idKey(applied.createdAssetId))
  }
  ps.inners.push(...group)
  ps.lastGroupLen = group.length
  ps.subtxns = []
}

/** Logging and inner transaction handlers, keyed by op name. */
export const handlers: Record<string, OpHandler> = {
  log: (cx) => {
    const ps = programState(cx)
    if (cx.logs.length >= cx.proto.maxLogCalls) fail(`too many log calls in program. up to ${cx.proto.maxLogCalls} is allowed`)
    const msg = cx.stack.pop() as Uint8Array
    ps.logSize += msg.length
    if (ps.logSize > cx.proto.maxLogSize) fail(`program logs too large. ${ps.logSize} bytes >  ${cx.proto.maxLogSize} bytes limit`)
    cx.logs.push(msg)
  },
  itxn_begin: (cx) => {
    if (programState(cx).subtxns.length > 0) fail('itxn_begin without itxn_submit')
    if (currentTxn(cx).onCompletion === OnCompletion.ClearState) fail('clear state programs can not issue inner transactions')
    addInnerTxn(cx)
  },
  itxn_next: (cx) => {
    if (programState(cx).subtxns.length === 0) fail('itxn_next without itxn_begin')
    addInnerTxn(cx)
  },
  itxn_field: (cx, ins) => {
    const ps = programState(cx)
    const v = cx.stack.pop() as StackValue
    if (ps.subtxns.length === 0) fail('itxn_field without itxn_begin')
    const f = ins.field
    const since = f === undefined ? undefined : ITXN_FIELD_VERSION[f.name]
    if (f === undefined || since === undefined || since > cx.version) fail(`invalid itxn_field ${f?.name ?? ins.imm[0]}`)
    setField(cx, ps.subtxns[ps.subtxns.length - 1], f, v)
  },
  itxn_submit: (cx) => {
    submit(cx)
  },
}
