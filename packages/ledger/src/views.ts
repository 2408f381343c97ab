// The views the Node facade's reads return (node.ts): an account's record with its holdings,
// created assets and apps and local states, an account's holding of one asset or local state in
// one app, an asset's or app's record, read from the state's maps at the latest round. The algod
// API builds algod's REST models from them (@grove/localnet's algod/models.ts).

import algosdk from 'algosdk'
import { minBalance } from '@grove/avm'
import type { AccountAppView, AccountAssetView, AccountView, AppView, AssetView, LocalStateView } from './node.ts'
import { hex, idKey, type KeyValue, type LedgerState } from './state.ts'

/** An address's account: an unknown address is an empty account, as in algod. */
export function accountView(state: LedgerState, address: string, round: bigint): AccountView {
  const pk = algosdk.decodeAddress(address).publicKey
  const k = hex(pk)
  const record = state.accountData(pk)
  return {
    address,
    round,
    record,
    minBalance: minBalance(record, state.proto),
    holdings: [...(state.holdings.get(k) ?? [])].map(([id, holding]) => ({ assetId: BigInt(id), holding })),
    createdAssets: [...state.assets].filter(([, a]) => hex(a.creator) === k).map(([id]) => assetView(state, BigInt(id))!),
    createdApps: [...state.apps].filter(([, a]) => hex(a.creator) === k).map(([id]) => appView(state, BigInt(id))!),
    localStates: [...(state.locals.get(k) ?? [])].map(([id, kv]) => localStateView(state, BigInt(id), kv)),
  }
}

function localStateView(state: LedgerState, appId: bigint, keyValues: Map<string, KeyValue>): LocalStateView {
  return { appId, schema: state.appParams(Number(appId))?.params.localStateSchema ?? { numUint: 0, numByteSlice: 0 }, keyValues }
}

/** The address's holding of the asset and the asset when it created it; undefined when neither. */
export function accountAssetView(state: LedgerState, address: string, assetId: bigint, round: bigint): AccountAssetView | undefined {
  const pk = algosdk.decodeAddress(address).publicKey
  const holding = state.holdings.get(hex(pk))?.get(idKey(assetId))
  const rec = state.assets.get(idKey(assetId))
  const created = rec !== undefined && hex(rec.creator) === hex(pk) ? assetView(state, assetId) : undefined
  if (holding === undefined && created === undefined) return undefined
  return { round, assetId, holding, created }
}

/** The address's local state in the app and the app when it created it; undefined when neither. */
export function accountAppView(state: LedgerState, address: string, appId: bigint, round: bigint): AccountAppView | undefined {
  const pk = algosdk.decodeAddress(address).publicKey
  const local = state.locals.get(hex(pk))?.get(idKey(appId))
  const rec = state.apps.get(idKey(appId))
  const created = rec !== undefined && hex(rec.creator) === hex(pk) ? appView(state, appId) : undefined
  if (local === undefined && created === undefined) return undefined
  return { round, local: local && localStateView(state, appId, local), created }
}

/** The asset's record; undefined when it does not exist. */
export function assetView(state: LedgerState, assetId: bigint): AssetView | undefined {
  const record = state.assets.get(idKey(assetId))
  return record === undefined ? undefined : { id: assetId, record }
}

/** The app's record and global state; undefined when it does not exist. */
export function appView(state: LedgerState, appId: bigint): AppView | undefined {
  const record = state.apps.get(idKey(appId))
  return record === undefined ? undefined : { id: appId, record, globals: state.globals.get(idKey(appId)) }
}
