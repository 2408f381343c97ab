// go's ledger/apply/application.go: creating, calling, updating, deleting an app, opting in and
// out, clearing state; running its programs and recording their state writes as the EvalDelta.

import { MODE_APP, OnCompletion, beginAppCall, chargeProgramWrites, evalProgram, type EvalTracer, type InnerAppRunner, type StackValue, type Txn, type Uint64 } from '@grove/avm'
import { LedgerError } from '../errors.ts'
import { hex, u64, type LedgerState } from '../state.ts'
import { addr, eq } from '../bytes.ts'
import type { ApplyData, AppliedTxn, SimulateHooks, ValueDelta } from './types.ts'

/** Records state writes of one app call to build its EvalDelta. */
export interface DeltaRecorder {
  globals: Map<string, { key: Uint8Array; before: StackValue | undefined }>
  locals: Map<string, { addr: Uint8Array; key: Uint8Array; before: StackValue | undefined }>
}

/**
 * What an app call reads and writes of the group's applier (applier.ts's GroupApplier is one): the
 * state, the group's budget pool and tracer, and the active call's delta recorder and inner sink.
 * Named here so the applier imports this file and not the other way round.
 */
export interface AppCallApplier {
  readonly state: LedgerState
  appBudget: { remaining: number }
  tracer: EvalTracer | undefined
  detailedErrors: boolean
  clearStateFailed: SimulateHooks['clearStateFailed']
  recorder: DeltaRecorder | undefined
  recorderApp: Uint64
  innerSink: AppliedTxn[] | undefined
}

export function valueDelta(v: StackValue | undefined): ValueDelta {
  if (v === undefined) return { action: 3 }
  return typeof v === 'object' ? { action: 1, bytes: v } : { action: 2, uint: v }
}

export function sameValue(a: StackValue | undefined, b: StackValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b
  if (typeof a === 'object' || typeof b === 'object') return typeof a === 'object' && typeof b === 'object' && eq(a, b)
  return BigInt(a) === BigInt(b)
}

export function applyAppCall(applier: AppCallApplier, group: Txn[], gi: number, ad: ApplyData, runInner: InnerAppRunner | undefined): void {
  const s = applier.state
  const tx = group[gi]
  let appId: Uint64 = tx.applicationId
  if (appId === 0) {
    appId = s.nextId()
    ad.createdAppId = BigInt(appId)
    s.putApp(appId, {
      creator: tx.sender,
      params: {
        approvalProgram: tx.approvalProgram,
        clearStateProgram: tx.clearStateProgram,
        globalStateSchema: tx.globalStateSchema,
        localStateSchema: tx.localStateSchema,
        extraProgramPages: tx.extraProgramPages,
        version: 0,
        sizeSponsor: new Uint8Array(32),
        foreignBoxReads: false,
        familyBoxAccess: false,
      },
    })
    s.updateAccount(tx.sender, (d) => {
      d.totalAppParams++
      d.totalAppSchema = {
        numUint: d.totalAppSchema.numUint + tx.globalStateSchema.numUint,
        numByteSlice: d.totalAppSchema.numByteSlice + tx.globalStateSchema.numByteSlice,
      }
      d.totalExtraAppPages += tx.extraProgramPages
    })
    group[gi] = { ...tx, createdApplicationId: appId }
  }
  const rec = s.appParams(appId)
  if (rec === undefined) {
    if (tx.onCompletion !== OnCompletion.ClearState) {
      throw new LedgerError(`only ClearState is supported for an application (${String(appId)}) that does not exist`)
    }
  }
  if (rec !== undefined && BigInt(tx.rejectVersion) !== 0n && BigInt(rec.params.version) >= BigInt(tx.rejectVersion)) {
    throw new LedgerError(`app version (${String(rec.params.version)}) >= reject version (${String(tx.rejectVersion)})`)
  }
  const optIn = (): void => {
    if (s.optedIn(tx.sender, appId)) throw new LedgerError(`account ${addr(tx.sender)} has already opted in to app ${String(appId)}`)
    const schema = s.appParams(appId)!.params.localStateSchema
    s.putLocalState(tx.sender, appId, true)
    s.updateAccount(tx.sender, (d) => {
      d.totalAppLocalStates++
      d.totalAppSchema = { numUint: d.totalAppSchema.numUint + schema.numUint, numByteSlice: d.totalAppSchema.numByteSlice + schema.numByteSlice }
    })
  }
  const closeOut = (): void => {
    if (!s.optedIn(tx.sender, appId)) throw new LedgerError(`account ${addr(tx.sender)} is not opted in to app ${String(appId)}`)
    const schema = s.appParams(appId)?.params.localStateSchema ?? { numUint: 0, numByteSlice: 0 }
    s.putLocalState(tx.sender, appId, false)
    s.updateAccount(tx.sender, (d) => {
      d.totalAppLocalStates--
      d.totalAppSchema = { numUint: d.totalAppSchema.numUint - schema.numUint, numByteSlice: d.totalAppSchema.numByteSlice - schema.numByteSlice }
    })
  }

  if (tx.onCompletion === OnCompletion.ClearState) {
    if (!s.optedIn(tx.sender, appId)) throw new LedgerError(`cannot clear state: ${addr(tx.sender)} is not currently opted in to app ${String(appId)}`)
    if (rec !== undefined) {
      // The clear program's failure is ignored, but its effects are then discarded.
      const cp = s.checkpoint()
      const res = runProgram(applier, rec.params.clearStateProgram, group, gi, appId, ad, runInner, true)
      if (!res) s.revert(cp)
    }
    closeOut()
    return
  }
  if (tx.onCompletion === OnCompletion.OptIn) optIn()
  const pass = runProgram(applier, rec!.params.approvalProgram, group, gi, appId, ad, runInner, false)
  if (!pass) throw new LedgerError('transaction rejected by ApprovalProgram')
  switch (tx.onCompletion) {
    case OnCompletion.CloseOut:
      closeOut()
      break
    case OnCompletion.UpdateApplication: {
      const cur = s.appParams(appId)!
      s.putApp(appId, {
        ...cur,
        params: { ...cur.params, approvalProgram: tx.approvalProgram, clearStateProgram: tx.clearStateProgram, version: u64(BigInt(cur.params.version) + 1n) },
      })
      break
    }
    case OnCompletion.DeleteApplication: {
      const cur = s.appParams(appId)!
      s.putApp(appId, undefined)
      s.updateAccount(cur.creator, (d) => {
        d.totalAppParams--
        d.totalAppSchema = {
          numUint: d.totalAppSchema.numUint - cur.params.globalStateSchema.numUint,
          numByteSlice: d.totalAppSchema.numByteSlice - cur.params.globalStateSchema.numByteSlice,
        }
        d.totalExtraAppPages -= cur.params.extraProgramPages
      })
      break
    }
    default:
      break
  }
}

/**
 * Runs an approval or clear program for `group[gi]`; top-level calls evaluate here, inner
 * calls through the AVM's runner. Fills logs, inners and the state delta. Returns approval.
 */
function runProgram(applier: AppCallApplier, program: Uint8Array, group: Txn[], gi: number, appId: Uint64, ad: ApplyData, runInner: InnerAppRunner | undefined, clear: boolean): boolean {
  const s = applier.state
  const rec: DeltaRecorder = { globals: new Map(), locals: new Map() }
  const prevRecorder = applier.recorder
  // an inner app call records its own app's writes; this call's app records again once it returns
  const prevRecorderApp = applier.recorderApp
  applier.recorder = rec
  applier.recorderApp = appId
  const innerApplied: AppliedTxn[] = []
  const prevInner = applier.innerSink
  applier.innerSink = innerApplied
  let pass: boolean
  let applied: Txn
  try {
    if (runInner !== undefined) {
      const r = runInner(program, group, gi, appId)
      pass = r.pass
      applied = r.txn
    } else {
      let gs: ReturnType<typeof beginAppCall>
      try {
        gs = beginAppCall(group, gi, appId, s, s.proto)
      } catch (e) {
        throw new LedgerError((e as Error).message)
      }
      const r = evalProgram(program, {
        proto: s.proto,
        mode: MODE_APP,
        txnGroup: group,
        groupIndex: gi,
        lsigArgs: [],
        ledger: s,
        appId,
        budget: applier.appBudget,
        costLimit: clear ? s.proto.maxAppProgramCost : undefined,
        tracer: applier.tracer,
        detailedErrors: applier.detailedErrors,
      })
      if (clear && (r.error !== undefined || !r.pass)) applier.clearStateFailed?.(gi, r.error && (r.errorText ?? r.error.message))
      if (r.error !== undefined) {
        if (clear) return false
        throw new LedgerError(r.errorText ?? r.error.message)
      }
      if (r.pass) {
        try {
          chargeProgramWrites(gs, group[gi], appId, s.proto)
        } catch (e) {
          throw new LedgerError((e as Error).message)
        }
      }
      pass = r.pass
      applied = { ...group[gi], logs: r.cx.logs }
    }
  } finally {
    applier.recorder = prevRecorder
    applier.recorderApp = prevRecorderApp
    applier.innerSink = prevInner
  }
  ad.logs = applied.logs
  ad.inner = innerApplied
  fillDelta(s, group[gi], appId, rec, ad)
  return pass
}

function fillDelta(s: LedgerState, tx: Txn, appId: Uint64, rec: DeltaRecorder, ad: ApplyData): void {
    for (const [k, w] of rec.globals) {
    const now = s.getGlobal(appId, w.key)
    if (!sameValue(now, w.before)) ad.globalDelta.set(k, valueDelta(now))
  }
  for (const w of rec.locals.values()) {
    const now = s.optedIn(w.addr, appId) ? s.getLocal(w.addr, appId, w.key) : undefined
    if (sameValue(now, w.before)) continue
    let idx = eq(w.addr, tx.sender) ? 0 : tx.accounts.findIndex((a) => eq(a, w.addr)) + 1
    if (idx === 0 && !eq(w.addr, tx.sender)) {
      let si = ad.sharedAccts.findIndex((a) => eq(a, w.addr))
      if (si < 0) si = ad.sharedAccts.push(w.addr) - 1
      idx = tx.accounts.length + 1 + si
    }
    let m = ad.localDeltas.get(idx)
    if (m === undefined) ad.localDeltas.set(idx, (m = new Map()))
    m.set(hex(w.key), valueDelta(now))
  }
}

/** Wraps a LedgerState's state writes so the active app call's recorder sees them. */
export function instrument(state: LedgerState, applier: AppCallApplier): () => void {
  const orig = {
    setGlobal: state.setGlobal,
    delGlobal: state.delGlobal,
    setLocal: state.setLocal,
    delLocal: state.delLocal,
  }
  const noteGlobal = (app: Uint64, key: Uint8Array): void => {
    const r = applier.recorder
    if (r === undefined || BigInt(app) !== BigInt(applier.recorderApp)) return
    const k = hex(key)
    if (!r.globals.has(k)) r.globals.set(k, { key, before: state.getGlobal(app, key) })
  }
  const noteLocal = (a: Uint8Array, app: Uint64, key: Uint8Array): void => {
    const r = applier.recorder
    if (r === undefined || BigInt(app) !== BigInt(applier.recorderApp)) return
    const k = hex(a) + ':' + hex(key)
    if (!r.locals.has(k)) r.locals.set(k, { addr: a, key, before: state.getLocal(a, app, key) })
  }
  state.setGlobal = (app, key, v) => {
    noteGlobal(app, key)
    orig.setGlobal.call(state, app, key, v)
  }
  state.delGlobal = (app, key) => {
    noteGlobal(app, key)
    orig.delGlobal.call(state, app, key)
  }
  state.setLocal = (a, app, key, v) => {
    noteLocal(a, app, key)
    orig.setLocal.call(state, a, app, key, v)
  }
  state.delLocal = (a, app, key) => {
    noteLocal(a, app, key)
    orig.delLocal.call(state, a, app, key)
  }
  return () => {
    delete (state as Partial<typeof orig>).setGlobal
    delete (state as Partial<typeof orig>).delGlobal
    delete (state as Partial<typeof orig>).setLocal
    delete (state as Partial<typeof orig>).delLocal
  }
}
