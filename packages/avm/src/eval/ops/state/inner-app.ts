// The runner the ledger uses to evaluate inner app calls (Ledger.perform's InnerAppRunner): the
// callee runs in its caller's environment, sharing its budget pool and resource catalogue.

import type { EvalContext } from '../../context.ts'
import { MODE_APP } from '../../context.ts'
import type { StackValue, Uint64 } from '../../values.ts'
import type { Ledger } from '../../../ledger.ts'
import type { Txn } from '../../../txn.ts'
import { evalProgram } from '../../eval.ts'
import { beginAppCall, chargeProgramWrites } from './app-call.ts'
import { groupState, programState } from './common.ts'

const innerScratch = new WeakMap<readonly Txn[], (StackValue[] | undefined)[]>()

/** Evaluates inner app call `gi` of an inner group on behalf of `caller` (the ledger's InnerAppRunner). */
export function runInnerApp(caller: EvalContext, program: Uint8Array, group: Txn[], gi: number, appId: Uint64): { pass: boolean; txn: Txn } {
  const ledger = caller.ledger as Ledger
  beginAppCall(group, gi, appId, ledger, caller.proto, groupState(caller))
  let pastScratch = innerScratch.get(group)
  if (pastScratch === undefined) innerScratch.set(group, (pastScratch = []))
  const result = evalProgram(program, {
    proto: caller.proto,
    mode: MODE_APP,
    txnGroup: group,
    groupIndex: gi,
    lsigArgs: [],
    ledger,
    appId,
    budget: caller.budget,
    caller,
    pastScratch,
  })
  // The callee's failure reads as algod reports it (`logic eval error: ... pc=N`), inside submit's wrapper.
  if (result.error !== undefined) throw new Error(result.errorText ?? result.error.message)
  const cx = result.cx
  // Later transactions of the inner group may gload this one's scratch.
  pastScratch[gi] = cx.scratch
  if (result.pass) chargeProgramWrites(groupState(caller), group[gi], appId, caller.proto)
  return { pass: result.pass, txn: { ...group[gi], logs: cx.logs, innerTxns: programState(cx).inners } }
}

