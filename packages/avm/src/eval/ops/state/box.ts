// Boxes: box_* on the running app's boxes and v13's app_box_* on another app's (go's box.go).
// `availableBox` applies the box-reference rules, v13 ForeignBoxReads/FamilyBoxAccess
// permissions and the group's write budget before any ledger access.

import type { EvalContext, OpHandler } from '../../context.ts'
import type { StackValue, Uint64 } from '../../values.ts'
import { OnCompletion } from '../../../txn.ts'
import {
  appAddress,
  b2u,
  boxKey,
  creatorAddress,
  currentTxn,
  fail,
  goHashX,
  groupState,
  idKey,
  ledgerOf,
  programState,
  sameAddr,
} from './common.ts'

const enum BoxOp {
  Create,
  Read,
  Write,
  Delete,
  Resize,
}

function lengthChecks(cx: EvalContext, name: Uint8Array, size: bigint): void {
  if (name.length === 0) fail('box names may not be zero length')
  if (name.length > cx.proto.maxAppKeyLen) fail(`name too long: length was ${name.length}, maximum is ${cx.proto.maxAppKeyLen}`)
  if (size > BigInt(cx.proto.maxBoxSize)) fail(`box size too large: ${size}, maximum is ${cx.proto.maxBoxSize}`)
}

/** go's checkFamilyReentrancy. */
function checkFamilyReentrancy(cx: EvalContext): void {
  const ps = programState(cx)
  if (ps.familyReentrancyChecked) return
  const mine = creatorAddress(cx)
  let seenForeign = false
  for (let f = cx.caller; f !== undefined; f = f.caller) {
    if (!sameAddr(creatorAddress(f), mine)) {
      seenForeign = true
      continue
    }
    if (seenForeign && programState(f).touchedFamilyShared) {
      fail(`app ${String(cx.appId)} may not write family-shared box: app ${String(f.appId)} is relying on family state across a foreign call`)
    }
  }
  ps.familyReentrancyChecked = true
}

/** go's authorizeBoxAccess: own boxes always; others' by ForeignBoxReads or FamilyBoxAccess. */
function authorizeBoxAccess(cx: EvalContext, owner: Uint64, op: BoxOp): void {
  const found = ledgerOf(cx).appParams(owner)
  if (found === undefined) fail(`app ${String(owner)} does not exist`)
  const params = found.params
  let familyShared: boolean
  if (idKey(owner) === idKey(cx.appId)) familyShared = params.familyBoxAccess
  else {
    const isRead = op === BoxOp.Read
    const inFamily = sameAddr(creatorAddress(cx), found.creator)
    if (!(isRead && params.foreignBoxReads) && !(params.familyBoxAccess && inFamily)) {
      const verb = isRead ? 'read' : 'write'
      fail(`${inFamily ? 'family' : 'foreign'} app ${String(cx.appId)} may not ${verb} box of ${String(owner)}`)
    }
    familyShared = params.familyBoxAccess && inFamily
  }
  if (!familyShared) return
  if (op !== BoxOp.Read) checkFamilyReentrancy(cx)
  programState(cx).touchedFamilyShared = true
}

/** go's availableAppBox: the box's contents (undefined when absent) after all access checks. */
function availableBox(cx: EvalContext, app: Uint64, name: Uint8Array, op: BoxOp, size: bigint): Uint8Array | undefined {
  if (currentTxn(cx).onCompletion === OnCompletion.ClearState) fail('boxes may not be accessed from ClearState program')
  const gs = groupState(cx)
  const key = boxKey(app, name)
  let entry = gs.boxes.get(key)
  let newAppAccess = false
  if (entry === undefined && gs.createdApps.has(idKey(app)) && gs.unnamedAccess > 0) {
    newAppAccess = true
    gs.unnamedAccess--
    entry = { app, name, dirty: false }
    gs.boxes.set(key, entry)
  }
  if (entry === undefined && gs.unnamedResources?.box(cx, app, name) === true) gs.boxes.set(key, (entry = { app, name, dirty: false }))
  if (entry === undefined) fail(`invalid Box reference ${goHashX(name)}`)
  authorizeBoxAccess(cx, app, op)
  const content = newAppAccess ? undefined : ledgerOf(cx).getBox(app, name)
  const len = content?.length ?? 0
  let verb = 'accessing'
  switch (op) {
    case BoxOp.Create:
      verb = 'creating'
      if (content !== undefined) {
        if (BigInt(len) !== size) fail(`box size mismatch ${len} ${size}`)
        return content
      }
      if (!entry.dirty) gs.dirtyBytes += Number(size)
      entry.dirty = true
      break
    case BoxOp.Write:
      verb = 'writing'
      if (!entry.dirty) gs.dirtyBytes += content !== undefined ? len : Number(size)
      entry.dirty = true
      break
    case BoxOp.Resize:
      verb = 'resizing'
      if (entry.dirty) gs.dirtyBytes -= len
      gs.dirtyBytes += Number(size)
      entry.dirty = true
      break
    case BoxOp.Delete:
      if (entry.dirty) gs.dirtyBytes -= len
      entry.dirty = false
      break
    case BoxOp.Read:
      break
  }
  // simulate's unnamed-resource policy reports the box references the writes need instead
  if (gs.dirtyBytes > gs.ioBudget && gs.unnamedResources === undefined) {
    fail(`write budget exceeded (${gs.dirtyBytes} > ${gs.ioBudget}) while ${verb} box ${goHashX(name)}`)
  }
  return content
}

function splice(original: Uint8Array, replacement: Uint8Array, start: bigint, olen: bigint): Uint8Array {
  const n = BigInt(original.length)
  if (start > n) fail(`replacement start ${start} beyond length: ${n}`)
  const oend = start + olen
  if (oend > 0xffff_ffff_ffff_ffffn) fail('splice end exceeds uint64')
  if (oend > n) fail(`splice end ${oend} beyond original length: ${n}`)
  const s = Number(start)
  const out = new Uint8Array(original.length)
  out.set(original.subarray(0, s))
  if (s + replacement.length > out.length) fail('splice inserted bytes too long')
  out.set(replacement, s)
  const rest = original.subarray(Number(oend), Number(oend) + out.length - s - replacement.length)
  out.set(rest, s + replacement.length)
  return out
}

function boxCreate(cx: EvalContext, app: Uint64, name: Uint8Array, size: Uint64): number {
  lengthChecks(cx, name, BigInt(size))
  const existing = availableBox(cx, app, name, BoxOp.Create, BigInt(size))
  if (existing !== undefined) return 0
  ledgerOf(cx).newBox(app, name, new Uint8Array(Number(size)), appAddress(app))
  return 1
}

function boxExtract(cx: EvalContext, app: Uint64, name: Uint8Array, start: Uint64, length: Uint64): Uint8Array {
  const s = BigInt(start)
  const l = BigInt(length)
  const end = s + l
  lengthChecks(cx, name, end > 0xffff_ffff_ffff_ffffn ? 0xffff_ffff_ffff_ffffn : end)
  const content = availableBox(cx, app, name, BoxOp.Read, 0n)
  if (content === undefined) fail(`no such box ${goHashX(name)}`)
  const n = BigInt(content.length)
  if (s > n) fail(`extraction start ${s} is beyond length: ${n}`)
  if (end > n) fail(`extraction end ${end} is beyond length: ${n}`)
  return content.subarray(Number(s), Number(end))
}

function boxReplace(cx: EvalContext, app: Uint64, name: Uint8Array, start: Uint64, repl: Uint8Array): void {
  const s = BigInt(start)
  lengthChecks(cx, name, s + BigInt(repl.length))
  const content = availableBox(cx, app, name, BoxOp.Write, 0n)
  if (content === undefined) fail(`no such box ${goHashX(name)}`)
  const n = BigInt(content.length)
  if (s > n) fail(`replacement start ${s} beyond length: ${n}`)
  const end = s + BigInt(repl.length)
  if (end > n) fail(`replacement end ${end} beyond original length: ${n}`)
  const out = Uint8Array.from(content)
  out.set(repl, Number(s))
  ledgerOf(cx).setBox(app, name, out)
}

function boxSplice(cx: EvalContext, app: Uint64, name: Uint8Array, start: Uint64, length: Uint64, repl: Uint8Array): void {
  lengthChecks(cx, name, 0n)
  const content = availableBox(cx, app, name, BoxOp.Write, 0n)
  if (content === undefined) fail(`no such box ${goHashX(name)}`)
  ledgerOf(cx).setBox(app, name, splice(content, repl, BigInt(start), BigInt(length)))
}

function boxDel(cx: EvalContext, app: Uint64, name: Uint8Array): number {
  lengthChecks(cx, name, 0n)
  const content = availableBox(cx, app, name, BoxOp.Delete, 0n)
  if (content === undefined) return 0
  ledgerOf(cx).delBox(app, name, appAddress(app))
  return 1
}

function boxResize(cx: EvalContext, app: Uint64, name: Uint8Array, size: Uint64): void {
  lengthChecks(cx, name, BigInt(size))
  const content = availableBox(cx, app, name, BoxOp.Resize, BigInt(size))
  if (content === undefined) fail(`no such box ${goHashX(name)}`)
  const n = Number(size)
  const resized = new Uint8Array(n)
  resized.set(content.subarray(0, Math.min(n, content.length)))
  const l = ledgerOf(cx)
  l.delBox(app, name, appAddress(app))
  l.newBox(app, name, resized, appAddress(app))
}

function boxLen(cx: EvalContext, app: Uint64, name: Uint8Array): [number, number] {
  lengthChecks(cx, name, 0n)
  const content = availableBox(cx, app, name, BoxOp.Read, 0n)
  return [content?.length ?? 0, b2u(content !== undefined)]
}

function boxGet(cx: EvalContext, app: Uint64, name: Uint8Array): [Uint8Array, number] {
  lengthChecks(cx, name, 0n)
  const content = availableBox(cx, app, name, BoxOp.Read, 0n)
  return [content ?? new Uint8Array(0), b2u(content !== undefined)]
}

function boxPut(cx: EvalContext, app: Uint64, name: Uint8Array, value: Uint8Array): void {
  lengthChecks(cx, name, BigInt(value.length))
  const content = availableBox(cx, app, name, BoxOp.Write, BigInt(value.length))
  if (content !== undefined) {
    if (content.length !== value.length) fail(`attempt to box_put wrong size ${content.length} != ${value.length}`)
    ledgerOf(cx).setBox(app, name, value)
    return
  }
  ledgerOf(cx).newBox(app, name, value, appAddress(app))
}

type Stack = StackValue[]
const bytes = (s: Stack): Uint8Array => s.pop() as Uint8Array
const uint = (s: Stack): Uint64 => s.pop() as Uint64

/** Box handlers, keyed by op name; app_box_* take the owning app id as their first argument. */
export const handlers: Record<string, OpHandler> = {
  box_create: (cx) => {
    const size = uint(cx.stack)
    cx.stack.push(boxCreate(cx, cx.appId, bytes(cx.stack), size))
  },
  app_box_create: (cx) => {
    const size = uint(cx.stack)
    const name = bytes(cx.stack)
    cx.stack.push(boxCreate(cx, uint(cx.stack), name, size))
  },
  box_extract: (cx) => {
    const length = uint(cx.stack)
    const start = uint(cx.stack)
    cx.stack.push(boxExtract(cx, cx.appId, bytes(cx.stack), start, length))
  },
  app_box_extract: (cx) => {
    const length = uint(cx.stack)
    const start = uint(cx.stack)
    const name = bytes(cx.stack)
    cx.stack.push(boxExtract(cx, uint(cx.stack), name, start, length))
  },
  box_replace: (cx) => {
    const repl = bytes(cx.stack)
    const start = uint(cx.stack)
    boxReplace(cx, cx.appId, bytes(cx.stack), start, repl)
  },
  app_box_replace: (cx) => {
    const repl = bytes(cx.stack)
    const start = uint(cx.stack)
    const name = bytes(cx.stack)
    boxReplace(cx, uint(cx.stack), name, start, repl)
  },
  box_splice: (cx) => {
    const repl = bytes(cx.stack)
    const length = uint(cx.stack)
    const start = uint(cx.stack)
    boxSplice(cx, cx.appId, bytes(cx.stack), start, length, repl)
  },
  app_box_splice: (cx) => {
    const repl = bytes(cx.stack)
    const length = uint(cx.stack)
    const start = uint(cx.stack)
    const name = bytes(cx.stack)
    boxSplice(cx, uint(cx.stack), name, start, length, repl)
  },
  box_del: (cx) => {
    cx.stack.push(boxDel(cx, cx.appId, bytes(cx.stack)))
  },
  app_box_del: (cx) => {
    const name = bytes(cx.stack)
    cx.stack.push(boxDel(cx, uint(cx.stack), name))
  },
  box_resize: (cx) => {
    const size = uint(cx.stack)
    boxResize(cx, cx.appId, bytes(cx.stack), size)
  },
  app_box_resize: (cx) => {
    const size = uint(cx.stack)
    const name = bytes(cx.stack)
    boxResize(cx, uint(cx.stack), name, size)
  },
  box_len: (cx) => {
    cx.stack.push(...boxLen(cx, cx.appId, bytes(cx.stack)))
  },
  app_box_len: (cx) => {
    const name = bytes(cx.stack)
    cx.stack.push(...boxLen(cx, uint(cx.stack), name))
  },
  box_get: (cx) => {
    cx.stack.push(...boxGet(cx, cx.appId, bytes(cx.stack)))
  },
  app_box_get: (cx) => {
    const name = bytes(cx.stack)
    cx.stack.push(...boxGet(cx, uint(cx.stack), name))
  },
  box_put: (cx) => {
    const value = bytes(cx.stack)
    boxPut(cx, cx.appId, bytes(cx.stack), value)
  },
  app_box_put: (cx) => {
    const value = bytes(cx.stack)
    const name = bytes(cx.stack)
    boxPut(cx, uint(cx.stack), name, value)
  },
}
