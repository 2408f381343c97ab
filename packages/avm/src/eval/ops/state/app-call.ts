// Starting an application call, top-level or inner: go's EvalContract preamble (created apps and
// their 0-index box references join the catalogue; the first top-level call checks the group's
// box read budget), and the applied transaction a finished program leaves.

import type { EvalContext } from '../../context.ts'
import type { Uint64 } from '../../values.ts'
import type { Ledger } from '../../../ledger.ts'
import type { ConsensusParams } from '../../../proto.ts'
import { OnCompletion, type Txn } from '../../../txn.ts'
import { largeProgramExtraBytes } from './fees.ts'
import { fail, groupStateFor, idKey, programState, shareBox, type GroupState } from './common.ts'

/** go's read-budget check, done once per top-level group before its first app call runs. */
function checkReadBudget(gs: GroupState, group: readonly Txn[], ledger: Ledger, proto: ConsensusParams): void {
  let bumps = 0
  for (const tx of group) {
    bumps += tx.boxes.length
    for (const rr of tx.access) {
      const empty = rr.address === undefined && rr.asset === undefined && rr.app === undefined &&
        rr.holding === undefined && rr.locals === undefined && rr.box === undefined
      if (rr.box !== undefined || empty) bumps++
    }
  }
  gs.ioBudget = bumps * proto.bytesPerBoxReference
  let bytesRead = 0
  for (const app of gs.sharedApps) {
    const found = ledger.appParams(BigInt(app))
    if (found === undefined) continue
    bytesRead += largeProgramExtraBytes(proto, found.params.approvalProgram.length + found.params.clearStateProgram.length)
  }
  for (const entry of gs.boxes.values()) {
    if (entry.name.length === 0) continue
    const box = ledger.getBox(entry.app, entry.name)
    if (box === undefined) continue
    entry.dirty = false
    bytesRead += box.length
  }
  if (bytesRead > gs.ioBudget && gs.unnamedResources === undefined) fail(`read budget exceeded (${bytesRead} > ${gs.ioBudget})`)
  gs.readBudgetChecked = true
}

/**
 * Prepares app call `gi` of a group before its program runs (go's EvalContract preamble).
 * `group` is the top-level group for top-level calls; for inner calls pass the caller's
 * catalogue in `gs`. Throws go's "read budget exceeded" text when box reads exceed the quota.
 */
export function beginAppCall(group: readonly Txn[], gi: number, appId: Uint64, ledger: Ledger, proto: ConsensusParams, gs?: GroupState): GroupState {
  const state = gs ?? groupStateFor(group, proto)
  const tx = group[gi]
  if (tx.applicationId === 0 || tx.applicationId === 0n) {
    for (const br of tx.boxes) if (br.index === 0) shareBox(state, appId, br.name, appId)
    for (const rr of tx.access) {
      if (rr.box !== undefined && rr.box.name.length > 0 && rr.box.app === 0) shareBox(state, appId, rr.box.name, appId)
    }
    state.createdApps.add(idKey(appId))
  }
  if (gs === undefined && !state.readBudgetChecked) checkReadBudget(state, group, ledger, proto)
  return state
}

/**
 * go's considerBudgetProgramWrites, after an approving program: programs written by creating
 * or updating an app count their bytes beyond the free size against the group's write budget.
 */
export function chargeProgramWrites(gs: GroupState, tx: Txn, appId: Uint64, proto: ConsensusParams): void {
  const creating = tx.applicationId === 0 || tx.applicationId === 0n
  const updating = tx.onCompletion === OnCompletion.UpdateApplication
  const deleting = tx.onCompletion === OnCompletion.DeleteApplication
  if ((!creating && !updating && !deleting) || (creating && deleting)) return
  const key = idKey(appId)
  gs.dirtyBytes = Math.max(0, gs.dirtyBytes - (gs.updateBytes.get(key) ?? 0))
  const size = largeProgramExtraBytes(proto, tx.approvalProgram.length + tx.clearStateProgram.length)
  gs.dirtyBytes += size
  gs.updateBytes.set(key, size)
  if (gs.dirtyBytes > gs.ioBudget && gs.unnamedResources === undefined) {
    fail(`write budget exceeded (${gs.dirtyBytes} > ${gs.ioBudget}) while ${updating ? 'updating' : 'creating'} app ${key}`)
  }
}

/** The transaction as applied by a finished program: its logs and inner transactions. */
export function appliedTxn(cx: EvalContext): Txn {
  const tx = cx.txnGroup[cx.groupIndex] as Txn
  const ps = programState(cx)
  return { ...tx, logs: cx.logs, innerTxns: ps.inners, evalDelta: ps.delta }
}
