// Application local and global state: get, get_ex, put, del (go's opAppLocal*/opAppGlobal*).
// Key and value limits are checked here with go's texts; schema limits are the ledger's.

import type { EvalContext, OpHandler } from '../../context.ts'
import { bytesEqual, isBytes, type StackValue, type Uint64 } from '../../values.ts'
import { DeltaAction, type KeyDelta, type ValueDelta } from '../../../txn.ts'
import {
  SHARED_RESOURCES_VERSION,
  allowsLocals,
  appReference,
  currentTxn,
  encodeAddress,
  fail,
  hex,
  ledgerOf,
  localsReference,
  mutableAccountReference,
  programState,
} from './common.ts'

function checkKey(cx: EvalContext, key: Uint8Array): void {
  if (key.length > cx.proto.maxAppKeyLen) {
    fail(`key too long: length was ${key.length}, maximum is ${cx.proto.maxAppKeyLen}`)
  }
}

function checkValue(cx: EvalContext, key: Uint8Array, v: StackValue): void {
  if (!isBytes(v)) return
  if (v.length > cx.proto.maxAppBytesValueLen) fail(`value too long for key 0x${hex(key)}: length was ${v.length}`)
  const sum = key.length + v.length
  if (sum > cx.proto.maxAppSumKeyValueLens) fail(`key/value total too long for key 0x${hex(key)}: sum was ${sum}`)
}

function localGet(cx: EvalContext, acct: StackValue, app: Uint64, key: Uint8Array): StackValue | undefined {
  const ref = localsReference(cx, acct, app)
  return ledgerOf(cx).getLocal(ref.addr, ref.app, key)
}

function globalGet(cx: EvalContext, app: Uint64, key: Uint8Array): StackValue | undefined {
  return ledgerOf(cx).getGlobal(appReference(cx, app, true), key)
}

/** Writable local state of the running app for the account a stack value names. */
function localTarget(cx: EvalContext, acct: StackValue): { addr: Uint8Array; idx: number } {
  const ref = mutableAccountReference(cx, acct)
  if (cx.version >= SHARED_RESOURCES_VERSION && !allowsLocals(cx, ref.addr, cx.appId)) {
    fail(`unavailable Local State ${String(cx.appId)}+${encodeAddress(ref.addr)}`)
  }
  return ref
}

function sameValue(a: StackValue, b: StackValue): boolean {
  if (isBytes(a)) return isBytes(b) && bytesEqual(a, b)
  return !isBytes(b) && BigInt(a) === BigInt(b)
}

function valueDelta(v: StackValue): ValueDelta {
  return isBytes(v) ? { action: DeltaAction.SetBytes, bytes: v } : { action: DeltaAction.SetUint, uint: v }
}

/** go's ensureLocalDelta: the EvalDelta slot of an account (shared accounts go after Accounts). */
function localDeltaOf(cx: EvalContext, idx: number, addr: Uint8Array): Map<string, KeyDelta> {
  const { delta } = programState(cx)
  const accounts = currentTxn(cx).accounts.length
  if (idx > accounts) {
    let i = delta.sharedAccounts.findIndex((a) => bytesEqual(a, addr))
    if (i < 0) i = delta.sharedAccounts.push(addr) - 1
    idx = accounts + 1 + i
  }
  let m = delta.localDeltas.get(idx)
  if (m === undefined) delta.localDeltas.set(idx, (m = new Map()))
  return m
}

/** Local and global state handlers, keyed by op name. */
export const handlers: Record<string, OpHandler> = {
  app_local_get: (cx) => {
    const key = cx.stack.pop() as Uint8Array
    const acct = cx.stack.pop() as StackValue
    cx.stack.push(localGet(cx, acct, 0, key) ?? 0)
  },
  app_local_get_ex: (cx) => {
    const key = cx.stack.pop() as Uint8Array
    const app = cx.stack.pop() as Uint64
    const acct = cx.stack.pop() as StackValue
    const v = localGet(cx, acct, app, key)
    cx.stack.push(v ?? 0, v === undefined ? 0 : 1)
  },
  app_global_get: (cx) => {
    const key = cx.stack.pop() as Uint8Array
    cx.stack.push(globalGet(cx, 0, key) ?? 0)
  },
  app_global_get_ex: (cx) => {
    const key = cx.stack.pop() as Uint8Array
    const app = cx.stack.pop() as Uint64
    const v = globalGet(cx, app, key)
    cx.stack.push(v ?? 0, v === undefined ? 0 : 1)
  },
  app_local_put: (cx) => {
    const value = cx.stack.pop() as StackValue
    const key = cx.stack.pop() as Uint8Array
    const acct = cx.stack.pop() as StackValue
    checkKey(cx, key)
    const { addr, idx } = localTarget(cx, acct)
    const old = ledgerOf(cx).getLocal(addr, cx.appId, key)
    if (old === undefined || !sameValue(old, value)) localDeltaOf(cx, idx, addr).set(hex(key), { key, delta: valueDelta(value) })
    checkValue(cx, key, value)
    ledgerOf(cx).setLocal(addr, cx.appId, key, value)
  },
  app_global_put: (cx) => {
    const value = cx.stack.pop() as StackValue
    const key = cx.stack.pop() as Uint8Array
    checkKey(cx, key)
    const old = ledgerOf(cx).getGlobal(cx.appId, key)
    if (old === undefined || !sameValue(old, value)) programState(cx).delta.globalDelta.set(hex(key), { key, delta: valueDelta(value) })
    checkValue(cx, key, value)
    ledgerOf(cx).setGlobal(cx.appId, key, value)
  },
  app_local_del: (cx) => {
    const key = cx.stack.pop() as Uint8Array
    const { addr, idx } = localTarget(cx, cx.stack.pop() as StackValue)
    if (ledgerOf(cx).getLocal(addr, cx.appId, key) !== undefined) {
      localDeltaOf(cx, idx, addr).set(hex(key), { key, delta: { action: DeltaAction.Delete } })
    }
    ledgerOf(cx).delLocal(addr, cx.appId, key)
  },
  app_global_del: (cx) => {
    const key = cx.stack.pop() as Uint8Array
    if (ledgerOf(cx).getGlobal(cx.appId, key) !== undefined) {
      programState(cx).delta.globalDelta.set(hex(key), { key, delta: { action: DeltaAction.Delete } })
    }
    ledgerOf(cx).delGlobal(cx.appId, key)
  },
}
