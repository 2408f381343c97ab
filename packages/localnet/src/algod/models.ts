// algod's REST response models built from the ledger's records (go's daemon/algod/api/server/v2
// converters): the block response, TEAL values and key-value stores, the node status, suggested params, boxes, the
// account, holding, local-state, asset and application views, and an applied transaction's pending
// view (a confirmed one's, and each of simulate's: simulate-models.ts). Handlers encode them with modelReply.

import algosdk from 'algosdk'
import type { StackValue } from '@grove/avm'
import {
  txnToSdk,
  type AccountAppView,
  type AccountAssetView,
  type AccountView,
  type AppliedTxn,
  type AppView,
  type AssetView,
  type BoxView,
  type ConfirmedTxn,
  type KeyValue,
  type LocalStateView,
  type NodeStatus,
  type TxnParams,
  type ValueDelta,
} from '@grove/ledger'

const m = algosdk.modelsv2
/** go's basics.Status texts. */
const STATUS_TEXT = ['Offline', 'Online', 'Not Participating'] as const

function isZero(b: Uint8Array): boolean {
  for (const x of b) if (x !== 0) return false
  return true
}

const addr = (b: Uint8Array): string => algosdk.encodeAddress(b)

/** msgpack fixmap(1) then fixstr "block": the head of algod's block response. */
const BLOCK_RESPONSE_HEAD = new Uint8Array([0x81, 0xa5, ...new TextEncoder().encode('block')])

/**
 * GET /v2/blocks/{round}'s msgpack body from the ledger's encoded block: go's `{block, cert}` response
 * around the block's own canonical bytes, not encoded again. Dev mode certifies nothing, and a
 * localnet's algod leaves the empty cert out, so the body is the one-entry map `{block: …}`.
 */
export function blockResponse(encodedBlock: Uint8Array): Uint8Array {
  const out = new Uint8Array(BLOCK_RESPONSE_HEAD.length + encodedBlock.length)
  out.set(BLOCK_RESPONSE_HEAD)
  out.set(encodedBlock, BLOCK_RESPONSE_HEAD.length)
  return out
}

export function tealValue(v: StackValue): algosdk.modelsv2.TealValue {
  return typeof v === 'object' ? new m.TealValue({ type: 1, bytes: v, uint: 0 }) : new m.TealValue({ type: 2, bytes: new Uint8Array(), uint: BigInt(v) })
}

export function keyValues(map: ReadonlyMap<string, KeyValue> | undefined): algosdk.modelsv2.TealKeyValue[] {
  return [...(map?.values() ?? [])].map((kv) => new m.TealKeyValue({ key: kv.key, value: tealValue(kv.value) }))
}

/** algod's NodeStatusResponse of a dev-mode node: never catching up, never upgrading. */
export function statusResponse(s: NodeStatus): algosdk.modelsv2.NodeStatusResponse {
  return new m.NodeStatusResponse({
    catchupTime: 0,
    lastRound: s.lastRound,
    lastVersion: s.protocol,
    nextVersion: s.protocol,
    nextVersionRound: s.lastRound + 1n,
    nextVersionSupported: true,
    stoppedAtUnsupportedRound: false,
    timeSinceLastRound: BigInt(Math.max(0, s.sinceLastBlockMs)) * 1_000_000n,
  })
}

/** algod's TransactionParametersResponse: the fee per byte is 0 (the pool is never congested). */
export function transactionParamsResponse(p: TxnParams): algosdk.modelsv2.TransactionParametersResponse {
  return new m.TransactionParametersResponse({ consensusVersion: p.protocol, fee: 0, minFee: p.minFee, genesisHash: p.genesisHash, genesisId: p.genesisId, lastRound: p.lastRound })
}

/** algod's Box: its name, value and the round read at. */
export function boxResponse(b: BoxView): algosdk.modelsv2.Box {
  return new m.Box({ name: b.name, value: b.value, round: b.round })
}

function b64(b: Uint8Array): string {
  return Buffer.from(b).toString('base64')
}

/** A state delta's entries as algod lists them (keys base64; the ledger keys them by hex). */
function deltaList(d: Map<string, ValueDelta>): algosdk.modelsv2.EvalDeltaKeyValue[] {
  return [...d].map(([k, v]) => new m.EvalDeltaKeyValue({ key: b64(Buffer.from(k, 'hex')), value: new m.EvalDelta({ action: v.action, bytes: v.bytes && b64(v.bytes), uint: v.uint === undefined ? undefined : BigInt(v.uint) }) }))
}

/**
 * algod's PendingTransactionResponse of an applied transaction (go's v2 converters), with its state
 * deltas and inner transactions (recursing): `round` is its confirmed round (undefined in simulate),
 * `accounts` the accounts array its local deltas index into (after the sender, then shared accounts).
 */
export function pendingResponse(stxn: algosdk.SignedTransaction, a: AppliedTxn, round: bigint | undefined, accounts: Uint8Array[]): algosdk.modelsv2.PendingTransactionResponse {
  const ad = a.applyData
  const localStateDelta = [...ad.localDeltas].map(([i, d]) => {
    const who = i === 0 ? stxn.txn.sender.publicKey : (accounts[i - 1] ?? ad.sharedAccts[i - 1 - accounts.length] ?? new Uint8Array(32))
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

/** algod's PendingTransactionResponse of a confirmed transaction (recursing into inners). */
export function confirmedResponse(c: ConfirmedTxn): algosdk.modelsv2.PendingTransactionResponse {
  return pendingResponse(c.stxn, c.applied, c.round, c.applied.txn.accounts)
}

/** algod's Account: its record, holdings, created assets and apps, local states. */
export function accountResponse(a: AccountView): algosdk.modelsv2.Account {
  const d = a.record
  const schema = d.totalAppSchema
  return new m.Account({
    address: a.address,
    amount: BigInt(d.balance),
    amountWithoutPendingRewards: BigInt(d.balance),
    minBalance: a.minBalance,
    pendingRewards: 0,
    rewards: 0,
    rewardBase: 0,
    round: a.round,
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
    assets: a.holdings.map(({ assetId, holding }) => new m.AssetHolding({ assetId, amount: BigInt(holding.amount), isFrozen: holding.frozen })),
    createdAssets: a.createdAssets.map(assetResponse),
    createdApps: a.createdApps.map(applicationResponse),
    appsLocalState: a.localStates.map(localStateResponse),
    incentiveEligible: d.incentiveEligible || undefined,
    sigType: undefined,
  })
}

function localStateResponse(l: LocalStateView): algosdk.modelsv2.ApplicationLocalState {
  return new m.ApplicationLocalState({ id: l.appId, schema: new m.ApplicationStateSchema(l.schema), keyValue: l.keyValues.size > 0 ? keyValues(l.keyValues) : undefined })
}

/** algod's AccountAssetResponse: the address's holding of the asset and the asset's params when it created it. */
export function accountAssetResponse(v: AccountAssetView): algosdk.modelsv2.AccountAssetResponse {
  const h = v.holding
  return new m.AccountAssetResponse({
    round: v.round,
    assetHolding: h && new m.AssetHolding({ assetId: v.assetId, amount: BigInt(h.amount), isFrozen: h.frozen }),
    createdAsset: v.created && assetResponse(v.created).params,
  })
}

/** algod's AccountApplicationResponse: the address's local state in the app and the app's params when it created it. */
export function accountApplicationResponse(v: AccountAppView): algosdk.modelsv2.AccountApplicationResponse {
  return new m.AccountApplicationResponse({ round: v.round, appLocalState: v.local && localStateResponse(v.local), createdApp: v.created && applicationResponse(v.created).params })
}

/** algod's Asset: its params, texts decoded where they are valid UTF-8. */
export function assetResponse(a: AssetView): algosdk.modelsv2.Asset {
  const p = a.record.params
  const text = (b: Uint8Array): string | undefined => {
    const s = new TextDecoder('utf-8', { fatal: false }).decode(b)
    return b.length > 0 && !s.includes('\ufffd') ? s : undefined
  }
  const opt = (b: Uint8Array): string | undefined => (isZero(b) || b.length === 0 ? undefined : addr(b))
  return new m.Asset({
    index: a.id,
    params: new m.AssetParams({
      creator: addr(a.record.creator),
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
export function applicationResponse(a: AppView): algosdk.modelsv2.Application {
  const p = a.record.params
  return new m.Application({
    id: a.id,
    params: new m.ApplicationParams({
      creator: addr(a.record.creator),
      approvalProgram: p.approvalProgram,
      clearStateProgram: p.clearStateProgram,
      extraProgramPages: p.extraProgramPages || undefined,
      globalState: a.globals && a.globals.size > 0 ? keyValues(a.globals) : undefined,
      globalStateSchema: new m.ApplicationStateSchema(p.globalStateSchema),
      localStateSchema: new m.ApplicationStateSchema(p.localStateSchema),
      version: BigInt(p.version) || undefined,
      sizeSponsor: isZero(p.sizeSponsor) ? undefined : addr(p.sizeSponsor),
      foreignBoxReads: p.foreignBoxReads || undefined,
      familyBoxAccess: p.familyBoxAccess || undefined,
    }),
  })
}
