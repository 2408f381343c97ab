// `global`: consensus values, group facts and the running app's identity (go's globalFieldToValue).

import type { OpHandler } from '../../context.ts'
import type { StackValue } from '../../values.ts'
import { ZERO_ADDRESS } from '../../../txn.ts'
import { appAddress, b2u, creatorAddress, currentTxn, fail, ledgerOf, sigLedgerOf } from './common.ts'

/** The `global` handler. */
export const handlers: Record<string, OpHandler> = {
  global: (cx, ins) => {
    const f = ins.field
    if (f === undefined || f.version > cx.version) fail(`invalid global field ${f?.name ?? ins.imm[0]}`)
    if ((cx.mode & f.modes) === 0) fail(`global[${f.name}] not allowed in current mode`)
    const p = cx.proto
    let v: StackValue
    switch (f.name) {
      case 'MinTxnFee': v = p.minTxnFee; break
      case 'MinBalance': v = p.minBalance; break
      case 'MaxTxnLife': v = p.maxTxnLife; break
      case 'ZeroAddress': v = ZERO_ADDRESS; break
      case 'GroupSize': v = cx.txnGroup.length; break
      case 'LogicSigVersion': v = p.logicSigVersion; break
      case 'Round': v = ledgerOf(cx).round(); break
      case 'LatestTimestamp': {
        const ts = ledgerOf(cx).latestTimestamp()
        if (ts < 0) fail(`latest timestamp ${ts} < 0`)
        v = ts
        break
      }
      case 'CurrentApplicationID': v = cx.appId; break
      case 'CurrentApplicationAddress': v = appAddress(cx.appId); break
      case 'CreatorAddress': v = creatorAddress(cx); break
      case 'GroupID': v = currentTxn(cx).group; break
      case 'OpcodeBudget': v = cx.remainingBudget(); break
      case 'CallerApplicationID': v = cx.caller?.appId ?? 0; break
      case 'CallerApplicationAddress': v = cx.caller ? appAddress(cx.caller.appId) : ZERO_ADDRESS; break
      // go reports MinBalance for both (the asset deposits equal the account minimum).
      case 'AssetCreateMinBalance': v = p.minBalance; break
      case 'AssetOptInMinBalance': v = p.minBalance; break
      case 'GenesisHash': v = sigLedgerOf(cx).genesisHash(); break
      case 'PayoutsEnabled': v = b2u(p.payoutsEnabled); break
      case 'PayoutsGoOnlineFee': v = p.payoutsGoOnlineFee; break
      case 'PayoutsPercent': v = p.payoutsPercent; break
      case 'PayoutsMinBalance': v = p.payoutsMinBalance; break
      case 'PayoutsMaxBalance': v = p.payoutsMaxBalance; break
      default: return fail(`invalid global field ${f.name}`)
    }
    cx.stack.push(v)
  },
}
