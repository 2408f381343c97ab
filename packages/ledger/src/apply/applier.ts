// Applying one transaction, top-level or inner (go's BlockEvaluator.applyTransaction): the fee,
// a rekey, then the effects of its type (payment, keyreg, asset, application), with the state the
// app calls of one group share (budget pool, tracer, the active call's delta recorder).

import { type EvalTracer, type InnerAppRunner, type Txn, type Uint64 } from '@grove/avm'
import { LedgerError } from '../errors.ts'
import { u64, type LedgerState } from '../state.ts'
import { eq, isZero } from '../bytes.ts'
import { emptyApplyData, type AppliedTxn, type SimulateHooks } from './types.ts'
import { applyPayment } from './payment.ts'
import { applyKeyreg } from './keyreg.ts'
import { applyAssetConfig, applyAssetFreeze, applyAssetTransfer } from './asset.ts'
import { applyAppCall, type DeltaRecorder } from './application.ts'

/** Applies transactions to a LedgerState; one instance per group. */
export class GroupApplier {
  constructor(readonly state: LedgerState) {}

  /** Budget pool of the top-level group's app calls (700 per app call). */
  appBudget = { remaining: 0 }
  tracer: EvalTracer | undefined
  detailedErrors = false
  clearStateFailed: SimulateHooks['clearStateFailed']
  recorder: DeltaRecorder | undefined
  recorderApp: Uint64 = 0
  innerSink: AppliedTxn[] | undefined

  /** Applies `group[gi]` (top-level or inner) and returns it applied. */
  apply(group: Txn[], gi: number, runInner: InnerAppRunner | undefined): AppliedTxn {
    const s = this.state
    const tx = group[gi]
    const ad = emptyApplyData()
    s.move(tx.sender, s.chain.feeSink, BigInt(tx.fee))
    // go's apply.Rekey runs before the effects: a program already sees the new authorizer (and may
    // send from a sender rekeyed to its app), and a close wipes the record, auth address and all
    if (!isZero(tx.rekeyTo)) s.updateAccount(tx.sender, (d) => (d.authAddr = eq(tx.rekeyTo, tx.sender) ? new Uint8Array(32) : tx.rekeyTo))
    // go counts an inner transaction before applying it and a top-level one after (its addTx)
    if (runInner !== undefined) s.countTxn()
    switch (tx.type) {
      case 'pay':
        applyPayment(s, tx, ad)
        break
      case 'keyreg':
        applyKeyreg(s, tx)
        break
      case 'acfg':
        applyAssetConfig(s, tx, ad)
        break
      case 'axfer':
        applyAssetTransfer(s, tx, ad)
        break
      case 'afrz':
        applyAssetFreeze(s, tx)
        break
      case 'appl':
        applyAppCall(this, group, gi, ad, runInner)
        break
      default:
        throw new LedgerError(`unknown tx type ${tx.type}`)
    }
    const applied: Txn = {
      ...group[gi],
      createdAssetId: ad.createdAssetId === 0n ? 0 : u64(ad.createdAssetId),
      createdApplicationId: ad.createdAppId === 0n ? 0 : u64(ad.createdAppId),
      logs: ad.logs,
      innerTxns: ad.inner.map((a) => a.txn),
    }
    group[gi] = applied
    if (runInner === undefined) s.countTxn()
    return { txn: applied, applyData: ad }
  }
}
