// algod's REST response models built from the ledger's records (go's daemon/algod/api/server/v2
// converters): TEAL values and key-value stores, the node status, the account, holding,
// local-state, asset and application views, and a confirmed transaction's pending view (the
// ledger's builder, which simulate's result shares). Handlers encode them with modelReply.

import algosdk from 'algosdk'
import type { StackValue } from '@grove/avm'
import { pendingResponse, type AccountAppView, type AccountAssetView, type AccountView, type AppView, type AssetView, type ConfirmedTxn, type KeyValue, type LocalStateView, type NodeStatus } from '@grove/ledger'

const m = algosdk.modelsv2
/** go's basics.Status texts. */
const STATUS_TEXT = ['Offline', 'Online', 'Not Participating'] as const

function isZero(b: Uint8Array): boolean {
  for (const x of b) if (x !== 0) return false
  return true
}

const addr = (b: Uint8Array): string => algosdk.encodeAddress(b)

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
