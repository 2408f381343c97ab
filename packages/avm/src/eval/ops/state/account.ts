// Read-only lookups of accounts, holdings, asset and app params, and voting data, plus v13's
// app_params_set. Each resolves its references under the version's availability rules first.

import type { OpHandler } from '../../context.ts'
import { u64, type StackValue, type Uint64 } from '../../values.ts'
import { minBalance } from '../../../ledger.ts'
import {
  accountReference,
  appAddress,
  appReference,
  assetReference,
  b2u,
  fail,
  holdingReference,
  ledgerOf,
  localsReference,
} from './common.ts'

function popU(stack: StackValue[]): Uint64 {
  return stack.pop() as Uint64
}

/** Account, holding, params and voter handlers, keyed by op name. */
export const handlers: Record<string, OpHandler> = {
  balance: (cx) => {
    const { addr } = accountReference(cx, cx.stack.pop() as StackValue)
    cx.stack.push(ledgerOf(cx).accountData(addr).balance)
  },
  min_balance: (cx) => {
    const { addr } = accountReference(cx, cx.stack.pop() as StackValue)
    cx.stack.push(u64(minBalance(ledgerOf(cx).accountData(addr), cx.proto)))
  },
  app_opted_in: (cx) => {
    const app = popU(cx.stack)
    const ref = localsReference(cx, cx.stack.pop() as StackValue, app)
    cx.stack.push(b2u(ledgerOf(cx).optedIn(ref.addr, ref.app)))
  },
  asset_holding_get: (cx, ins) => {
    const f = ins.field
    if (f === undefined || f.version > cx.version) fail(`invalid asset_holding_get field ${ins.imm[0]}`)
    const asset = popU(cx.stack)
    const ref = holdingReference(cx, cx.stack.pop() as StackValue, asset)
    const holding = ledgerOf(cx).assetHolding(ref.addr, ref.asset)
    if (holding === undefined) cx.stack.push(0, 0)
    else cx.stack.push(f.name === 'AssetBalance' ? holding.amount : b2u(holding.frozen), 1)
  },
  asset_params_get: (cx, ins) => {
    const f = ins.field
    if (f === undefined || f.version > cx.version) fail(`invalid asset_params_get field ${ins.imm[0]}`)
    const asset = assetReference(cx, popU(cx.stack), true)
    const found = ledgerOf(cx).assetParams(asset)
    if (found === undefined) {
      cx.stack.push(0, 0)
      return
    }
    const p = found.params
    let v: StackValue
    switch (f.name) {
      case 'AssetTotal': v = p.total; break
      case 'AssetDecimals': v = p.decimals; break
      case 'AssetDefaultFrozen': v = b2u(p.defaultFrozen); break
      case 'AssetUnitName': v = p.unitName; break
      case 'AssetName': v = p.assetName; break
      case 'AssetURL': v = p.url; break
      case 'AssetMetadataHash': v = p.metadataHash.length === 32 ? p.metadataHash : new Uint8Array(32); break
      case 'AssetManager': v = p.manager; break
      case 'AssetReserve': v = p.reserve; break
      case 'AssetFreeze': v = p.freeze; break
      case 'AssetClawback': v = p.clawback; break
      case 'AssetCreator': v = found.creator; break
      default: return fail(`invalid asset_params_get field ${f.value}`)
    }
    cx.stack.push(v, 1)
  },
  app_params_get: (cx, ins) => {
    const f = ins.field
    if (f === undefined || f.version > cx.version) fail(`invalid app_params_get field ${ins.imm[0]}`)
    const app = appReference(cx, popU(cx.stack), true)
    const found = ledgerOf(cx).appParams(app)
    if (found === undefined) {
      cx.stack.push(0, 0)
      return
    }
    const p = found.params
    let v: StackValue
    switch (f.name) {
      case 'AppApprovalProgram': v = p.approvalProgram; break
      case 'AppClearStateProgram': v = p.clearStateProgram; break
      case 'AppGlobalNumUint': v = p.globalStateSchema.numUint; break
      case 'AppGlobalNumByteSlice': v = p.globalStateSchema.numByteSlice; break
      case 'AppLocalNumUint': v = p.localStateSchema.numUint; break
      case 'AppLocalNumByteSlice': v = p.localStateSchema.numByteSlice; break
      case 'AppExtraProgramPages': v = p.extraProgramPages; break
      case 'AppCreator': v = found.creator; break
      case 'AppAddress': v = appAddress(app); break
      case 'AppVersion': v = p.version; break
      case 'AppSizeSponsor': v = p.sizeSponsor; break
      case 'AppForeignBoxReads': v = b2u(p.foreignBoxReads); break
      case 'AppFamilyBoxAccess': v = b2u(p.familyBoxAccess); break
      default: return fail(`invalid app_params_get field ${f.value}`)
    }
    cx.stack.push(v, 1)
  },
  app_params_set: (cx, ins) => {
    const f = ins.field
    const settable = f?.name === 'AppForeignBoxReads' || f?.name === 'AppFamilyBoxAccess'
    if (f === undefined || !settable || f.version > cx.version) fail(`invalid app_params_set field ${ins.imm[0]}`)
    const on = popU(cx.stack) !== 0
    if (f.name === 'AppForeignBoxReads') ledgerOf(cx).setForeignBoxReads(cx.appId, on)
    else ledgerOf(cx).setFamilyBoxAccess(cx.appId, on)
  },
  acct_params_get: (cx, ins) => {
    const { addr } = accountReference(cx, cx.stack.pop() as StackValue)
    const f = ins.field
    if (f === undefined || f.version > cx.version) fail(`invalid acct_params_get field ${ins.imm[0]}`)
    const a = ledgerOf(cx).accountData(addr)
    let v: StackValue
    switch (f.name) {
      case 'AcctBalance': v = a.balance; break
      case 'AcctMinBalance': v = u64(minBalance(a, cx.proto)); break
      case 'AcctAuthAddr': v = a.authAddr; break
      case 'AcctTotalNumUint': v = a.totalAppSchema.numUint; break
      case 'AcctTotalNumByteSlice': v = a.totalAppSchema.numByteSlice; break
      case 'AcctTotalExtraAppPages': v = a.totalExtraAppPages; break
      case 'AcctTotalAppsCreated': v = a.totalAppParams; break
      case 'AcctTotalAppsOptedIn': v = a.totalAppLocalStates; break
      case 'AcctTotalAssetsCreated': v = a.totalAssetParams; break
      case 'AcctTotalAssets': v = a.totalAssets; break
      case 'AcctTotalBoxes': v = a.totalBoxes; break
      case 'AcctTotalBoxBytes': v = a.totalBoxBytes; break
      case 'AcctIncentiveEligible': v = b2u(a.incentiveEligible); break
      case 'AcctLastHeartbeat': v = a.lastHeartbeat; break
      case 'AcctLastProposed': v = a.lastProposed; break
      default: return fail(`invalid account field ${f.name}`)
    }
    cx.stack.push(v, b2u(a.balance !== 0))
  },
  voter_params_get: (cx, ins) => {
    const { addr } = accountReference(cx, cx.stack.pop() as StackValue)
    const f = ins.field
    if (f === undefined || f.version > cx.version) fail(`invalid voter_params_get field ${ins.imm[0]}`)
    const d = ledgerOf(cx).voterData(addr)
    const v = f.name === 'VoterBalance' ? d.balance : b2u(d.incentiveEligible)
    cx.stack.push(v, b2u(d.balance !== 0))
  },
  online_stake: (cx) => {
    cx.stack.push(ledgerOf(cx).onlineStake())
  },
}
