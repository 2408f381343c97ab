// Application local and global state: get, get_ex, put, del (go's opAppLocal*/opAppGlobal*).
// Key and value limits are checked here with go's texts; schema limits are the ledger's.

import type { EvalContext, OpHandler } from '../../context.ts'
import { isBytes, type StackValue, type Uint64 } from '../../values.ts'
import {
  SHARED_RESOURCES_VERSION,
  allowsLocals,
  appReference,
  encodeAddress,
  fail,
  hex,
  ledgerOf,
  localsReference,
  mutableAccountReference,
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
function localTarget(cx: EvalContext, acct: StackValue): Uint8Array {
  const addr = mutableAccountReference(cx, acct)
  if (cx.version >= SHARED_RESOURCES_VERSION && !allowsLocals(cx, addr, cx.appId)) {
    fail(`unavailable Local State ${String(cx.appId)}+${encodeAddress(addr)}`)
  }
  return addr
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
    const addr = localTarget(cx, acct)
    checkValue(cx, key, value)
    ledgerOf(cx).setLocal(addr, cx.appId, key, value)
  },
  app_global_put: (cx) => {
    const value = cx.stack.pop() as StackValue
    const key = cx.stack.pop() as Uint8Array
    checkKey(cx, key)
    checkValue(cx, key, value)
    ledgerOf(cx).setGlobal(cx.appId, key, value)
  },
  app_local_del: (cx) => {
    const key = cx.stack.pop() as Uint8Array
    const addr = localTarget(cx, cx.stack.pop() as StackValue)
    ledgerOf(cx).delLocal(addr, cx.appId, key)
  },
  app_global_del: (cx) => {
    const key = cx.stack.pop() as Uint8Array
    ledgerOf(cx).delGlobal(cx.appId, key)
  },
}
