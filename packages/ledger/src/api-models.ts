// algod's REST response models built from the ledger's own records (go's
// daemon/algod/api/server/v2 converters): TEAL values and key-value stores, state deltas, the
// PendingTransactionResponse of an applied transaction with its inner transactions, and the
// account, holding, local-state, asset and application views.

import algosdk from 'algosdk'
import type { StackValue } from '@grove/avm'
import type { AppliedTxn, ValueDelta } from './apply.ts'
import { txnToSdk } from './convert.ts'
import { minBalance } from '@grove/avm'
import { STATUS_TEXT, hex, idKey, unhex, type KeyValue, type LedgerState } from './state.ts'
import { ZERO32, addr, isZero } from './bytes.ts'

const m = algosdk.modelsv2
function b64(b: Uint8Array): string {
  return Buffer.from(b).toString('base64')
}

export function tealValue(v: StackValue): algosdk.modelsv2.TealValue {
  return typeof v === 'object' ? new m.TealValue({ type: 1, bytes: v, uint: 0 }) : new m.TealValue({ type: 2, bytes: new Uint8Array(), uint: BigInt(v) })
}

export function keyValues(map: Map<string, KeyValue> | undefined): algosdk.modelsv2.TealKeyValue[] {
  return [...(map?.values() ?? [])].map((kv) => new m.TealKeyValue({ key: kv.key, value: tealValue(kv.value) }))
}

export function deltaList(d: Map<string, ValueDelta>): algosdk.modelsv2.EvalDeltaKeyValue[] {
  return [...d].map(([k, v]) => new m.EvalDeltaKeyValue({ key: b64(unhex(k)), value: new m.EvalDelta({ action: v.action, bytes: v.bytes && b64(v.bytes), uint: v.uint === undefined ? undefined : BigInt(v.uint) }) }))
}

/** algod's NodeStatusResponse of a dev-mode node: never catching up, never upgrading; `sinceLastMs` since its last block. */
export function statusResponse(lastRound: bigint, protocol: string, sinceLastMs: number): algosdk.modelsv2.NodeStatusResponse {
  return new m.NodeStatusResponse({
    catchupTime: 0,
    lastRound,
    lastVersion: protocol,
    nextVersion: protocol,
    nextVersionRound: lastRound + 1n,
    nextVersionSupported: true,
    stoppedAtUnsupportedRound: false,
    timeSinceLastRound: BigInt(Math.max(0, sinceLastMs)) * 1_000_000n,
  })
}

/** algod's PendingTransactionResponse for an applied transaction (recursing into inners). */
export function pendingResponse(stxn: algosdk.SignedTransaction, a: AppliedTxn, round: bigint | undefined, accounts: Uint8Array[]): algosdk.modelsv2.PendingTransactionResponse {
  const ad = a.applyData
  const localStateDelta = [...ad.localDeltas].map(([i, d]) => {
    const who = i === 0 ? stxn.txn.sender.publicKey : (accounts[i - 1] ?? ad.sharedAccts[i - 1 - accounts.length] ?? ZERO32)
    return new m.AccountStateDelta({ address: addr(who), delta: deltaList(d) })
  })
  return new m.PendingTransactionResponse({
    poolError: '',
    txn: stxn,
    confirmedRound: round,
    closingAmount: ad.closingAmount === 0n ? undefined : ad.closingAmount,
    assetClosingAmount: ad.assetClosingAmount === 0n ? undefined : ad.assetClosingAmount,
    assetIndex: ad.createdAssetId === 0n ? undefined : ad.createdAssetId,
    applicationIndex: ad.createdAppId === 0n ? undefined : ad.createdAppId,
    globalStateDelta: ad.globalDelta.size > 0 ? deltaList(ad.globalDelta) : undefined,
    localStateDelta: localStateDelta.length > 0 ? localStateDelta : undefined,
    logs: ad.logs.length > 0 ? ad.logs : undefined,
    innerTxns: ad.inner.length > 0 ? ad.inner.map((t) => pendingResponse(new algosdk.SignedTransaction({ txn: txnToSdk(t.txn) }), t, round, t.txn.accounts)) : undefined,
  })
}

/** algod's Account of an address: its record, holdings, created assets and apps, local states. */
export function accountResponse(state: LedgerState, address: string, round: bigint): algosdk.modelsv2.Account {
  const pk = algosdk.decodeAddress(address).publicKey
  const k = hex(pk)
  const d = state.accountData(pk)
  const assets = [...(state.holdings.get(k) ?? [])].map(([id, h]) => new m.AssetHolding({ assetId: BigInt(id), amount: BigInt(h.amount), isFrozen: h.frozen }))
  const createdAssets = [...state.assets].filter(([, a]) => hex(a.creator) === k).map(([id]) => assetResponse(state, BigInt(id))!)
  const createdApps = [...state.apps].filter(([, a]) => hex(a.creator) === k).map(([id]) => applicationResponse(state, BigInt(id))!)
  const appsLocalState = [...(state.locals.get(k) ?? [])].map(([id, kv]) => localStateResponse(state, BigInt(id), kv))
  const schema = d.totalAppSchema
  return new m.Account({
    address,
    amount: BigInt(d.balance),
    amountWithoutPendingRewards: BigInt(d.balance),
    minBalance: minBalance(d, state.proto),
    pendingRewards: 0,
    rewards: 0,
    rewardBase: 0,
    round: round,
    status: STATUS_TEXT[d.status ?? 0],
    // algod reports keys only while a vote key is registered, the state proof key only when set
    participation:
      d.voting === undefined || isZero(d.voting.voteId)
        ? undefined
        : new m.AccountParticipation({
            voteParticipationKey: d.voting.voteId,
            selectionParticipationKey: d.voting.selectionId,
            stateProofKey: isZero(d.voting.stateProofId) ? undefined : d.voting.stateProofId,
            voteFirstValid: d.voting.voteFirst,
            voteLastValid: d.voting.voteLast,
            voteKeyDilution: d.voting.voteKeyDilution,
          }),
    lastHeartbeat: BigInt(d.lastHeartbeat) === 0n ? undefined : d.lastHeartbeat,
    lastProposed: BigInt(d.lastProposed) === 0n ? undefined : d.lastProposed,
    totalAppsOptedIn: d.totalAppLocalStates,
    totalAssetsOptedIn: d.totalAssets,
    totalCreatedApps: d.totalAppParams,
    totalCreatedAssets: d.totalAssetParams,
    totalBoxes: d.totalBoxes,
    totalBoxBytes: d.totalBoxBytes,
    appsTotalExtraPages: d.totalExtraAppPages || undefined,
    appsTotalSchema: schema.numUint + schema.numByteSlice > 0 ? new m.ApplicationStateSchema(schema) : undefined,
    authAddr: isZero(d.authAddr) ? undefined : addr(d.authAddr),
    assets,
    createdAssets,
    createdApps,
    appsLocalState,
    incentiveEligible: d.incentiveEligible || undefined,
    sigType: undefined,
  })
}

function localStateResponse(state: LedgerState, appId: bigint, kv: Map<string, KeyValue>): algosdk.modelsv2.ApplicationLocalState {
  const schema = state.appParams(Number(appId))?.params.localStateSchema ?? { numUint: 0, numByteSlice: 0 }
  return new m.ApplicationLocalState({ id: appId, schema: new m.ApplicationStateSchema(schema), keyValue: kv.size > 0 ? keyValues(kv) : undefined })
}

/** algod's AccountAssetResponse: the address's holding of the asset and the asset's params when it created it. */
export function accountAssetResponse(state: LedgerState, address: string, assetId: bigint, round: bigint): algosdk.modelsv2.AccountAssetResponse | undefined {
  const pk = algosdk.decodeAddress(address).publicKey
  const h = state.holdings.get(hex(pk))?.get(idKey(assetId))
  const rec = state.assets.get(idKey(assetId))
  const created = rec !== undefined && hex(rec.creator) === hex(pk) ? assetResponse(state, assetId)!.params : undefined
  if (h === undefined && created === undefined) return undefined
  return new m.AccountAssetResponse({
    round: round,
    assetHolding: h && new m.AssetHolding({ assetId, amount: BigInt(h.amount), isFrozen: h.frozen }),
    createdAsset: created,
  })
}

/** algod's AccountApplicationResponse: the address's local state in the app and the app's params when it created it. */
export function accountApplicationResponse(state: LedgerState, address: string, appId: bigint, round: bigint): algosdk.modelsv2.AccountApplicationResponse | undefined {
  const pk = algosdk.decodeAddress(address).publicKey
  const local = state.locals.get(hex(pk))?.get(idKey(appId))
  const rec = state.apps.get(idKey(appId))
  const created = rec !== undefined && hex(rec.creator) === hex(pk) ? applicationResponse(state, appId)!.params : undefined
  if (local === undefined && created === undefined) return undefined
  return new m.AccountApplicationResponse({ round: round, appLocalState: local && localStateResponse(state, appId, local), createdApp: created })
}

/** algod's Asset: its params, texts decoded where they are valid UTF-8. */
export function assetResponse(state: LedgerState, assetId: bigint): algosdk.modelsv2.Asset | undefined {
  const rec = state.assets.get(idKey(assetId))
  if (rec === undefined) return undefined
  const p = rec.params
  const text = (b: Uint8Array): string | undefined => {
    const s = new TextDecoder('utf-8', { fatal: false }).decode(b)
    return b.length > 0 && !s.includes('\ufffd') ? s : undefined
  }
  const opt = (b: Uint8Array): string | undefined => (isZero(b) || b.length === 0 ? undefined : addr(b))
  return new m.Asset({
    index: assetId,
    params: new m.AssetParams({
      creator: addr(rec.creator),
      decimals: p.decimals,
      total: BigInt(p.total),
      defaultFrozen: p.defaultFrozen || undefined,
      manager: opt(p.manager),
      reserve: opt(p.reserve),
      freeze: opt(p.freeze),
      clawback: opt(p.clawback),
      metadataHash: p.metadataHash.length > 0 ? p.metadataHash : undefined,
      name: text(p.assetName),
      nameB64: p.assetName.length > 0 ? p.assetName : undefined,
      unitName: text(p.unitName),
      unitNameB64: p.unitName.length > 0 ? p.unitName : undefined,
      url: text(p.url),
      urlB64: p.url.length > 0 ? p.url : undefined,
    }),
  })
}

/** algod's Application: its params and global state. */
export function applicationResponse(state: LedgerState, appId: bigint): algosdk.modelsv2.Application | undefined {
  const rec = state.apps.get(idKey(appId))
  if (rec === undefined) return undefined
  const p = rec.params
  const globals = state.globals.get(idKey(appId))
  return new m.Application({
    id: appId,
    params: new m.ApplicationParams({
      creator: addr(rec.creator),
      approvalProgram: p.approvalProgram,
      clearStateProgram: p.clearStateProgram,
      extraProgramPages: p.extraProgramPages || undefined,
      globalState: globals && globals.size > 0 ? keyValues(globals) : undefined,
      globalStateSchema: new m.ApplicationStateSchema(p.globalStateSchema),
      localStateSchema: new m.ApplicationStateSchema(p.localStateSchema),
      version: BigInt(p.version) || undefined,
      sizeSponsor: isZero(p.sizeSponsor) ? undefined : addr(p.sizeSponsor),
      foreignBoxReads: p.foreignBoxReads || undefined,
      familyBoxAccess: p.familyBoxAccess || undefined,
    }),
  })
}
