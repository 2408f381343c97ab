// Running an application call end to end (go's EvalContract): the preamble, the program, the
// program-write charge, and the applied transaction. The ledger calls `runAppCall` for top-level
// app calls; inner app calls reach `runInnerApp` through Ledger.perform's InnerAppRunner and run
// in their caller's environment, sharing its budget pool and resource catalogue.

import type { Budget, EvalContext } from '../../context.ts'
import { MODE_APP } from '../../context.ts'
import { AvmError } from '../../errors.ts'
import type { StackValue, Uint64 } from '../../values.ts'
import type { Ledger } from '../../../ledger.ts'
import type { ConsensusParams } from '../../../proto.ts'
import { OnCompletion, type Txn } from '../../../txn.ts'
import { evalProgram } from '../../eval.ts'
import { appliedTxn, beginAppCall, chargeProgramWrites } from './app-call.ts'
import { groupState, groupStateFor, idKey } from './common.ts'

/** One app call to run. */
export interface AppCallParams {
  /** The approval program, or the clear state program for ClearState calls. */
  program: Uint8Array
  group: Txn[]
  gi: number
  /** The app's id (already assigned by the ledger when the call creates it). */
  appId: Uint64
  ledger: Ledger
  proto: ConsensusParams
  /** The group's pooled app budget (MaxAppProgramCost per app call), shared by every call. */
  budget: Budget
  /** Scratch spaces of the group's earlier app calls (for gload), filled in as calls finish. */
  pastScratch: (StackValue[] | undefined)[]
}

/** How an app call ended: `txn` carries its logs and inner transactions. */
export interface AppCallResult {
  pass: boolean
  /** go's message and algod's full text when the program failed. */
  error?: AvmError
  errorText?: string
  cost: number
  txn: Txn
}

function run(p: AppCallParams, caller: EvalContext | undefined): AppCallResult {
  const gs = caller === undefined ? groupStateFor(p.group, p.proto) : groupState(caller)
  const tx = p.group[p.gi]
  const clearState = tx.onCompletion === OnCompletion.ClearState
  const failed = (error: AvmError): AppCallResult => ({ pass: false, error, errorText: error.message, cost: 0, txn: tx })
  // go's IsolateClearState: a ClearState program must start with a full budget and may use no more.
  if (clearState && p.budget.remaining < p.proto.maxAppProgramCost) {
    return failed(new AvmError(`attempted ClearState execution with low OpcodeBudget ${p.budget.remaining}`))
  }
  try {
    beginAppCall(p.group, p.gi, p.appId, p.ledger, p.proto, caller === undefined ? undefined : gs)
  } catch (e) {
    return failed(e instanceof AvmError ? e : new AvmError(String(e)))
  }
  const result = evalProgram(p.program, {
    proto: p.proto,
    mode: MODE_APP,
    txnGroup: p.group,
    groupIndex: p.gi,
    lsigArgs: [],
    ledger: p.ledger,
    appId: p.appId,
    budget: p.budget,
    costLimit: clearState ? p.proto.maxAppProgramCost : undefined,
    caller,
    pastScratch: p.pastScratch,
    // simulate's exec trace follows inner app calls too
    tracer: caller?.tracer,
    detailedErrors: caller?.detailedErrors,
  })
  const cx = result.cx
  p.pastScratch[p.gi] = cx.scratch
  let { pass, error, errorText } = result
  if (pass) {
    try {
      chargeProgramWrites(gs, tx, p.appId, p.proto)
    } catch (e) {
      pass = false
      error = e instanceof AvmError ? e : new AvmError(String(e))
      errorText = error.message
    }
  }
  return { pass, error, errorText, cost: result.cost, txn: appliedTxn(cx) }
}

/** Runs a top-level app call (go's EvalContract for a group's own transactions). */
export function runAppCall(p: AppCallParams): AppCallResult {
  return run(p, undefined)
}

/**
 * Records what an applied non-app transaction of a top-level group created, so later app calls
 * may use it (go's RecordAD: assets created earlier in the group are available).
 */
export function recordApplied(group: readonly Txn[], proto: ConsensusParams, applied: Txn): void {
  if (applied.createdAssetId !== 0) groupStateFor(group, proto).createdAsas.add(idKey(applied.createdAssetId))
}

const innerScratch = new WeakMap<readonly Txn[], (StackValue[] | undefined)[]>()

/** Evaluates inner app call `gi` of an inner group on behalf of `caller` (the ledger's InnerAppRunner). */
export function runInnerApp(caller: EvalContext, program: Uint8Array, group: Txn[], gi: number, appId: Uint64): { pass: boolean; txn: Txn } {
  let pastScratch = innerScratch.get(group)
  if (pastScratch === undefined) innerScratch.set(group, (pastScratch = []))
  const r = run({ program, group, gi, appId, ledger: caller.ledger as Ledger, proto: caller.proto, budget: caller.budget, pastScratch }, caller)
  // The callee's failure reads as algod reports it (`logic eval error: ... pc=N`), inside submit's wrapper.
  if (r.error !== undefined) throw new Error(r.errorText ?? r.error.message)
  return { pass: r.pass, txn: r.txn }
}
