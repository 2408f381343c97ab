// The transaction model the AVM reads: go-algorand's transactions.Transaction plus the ApplyData
// (logs, created ids, inner transactions) that `txn`/`gtxn`/`itxn` can see. Every field is
// present, so a zero transaction needs no special cases. Amounts and ids are canonical uint64s
// (number below 2^53, bigint above) so they go on the stack as they are.

import type { Uint64 } from './eval/values.ts'

/** The transaction type strings, in go-algorand's TypeEnum order ('' is the unknown type, 0). */
export const TXN_TYPES = ['', 'pay', 'keyreg', 'acfg', 'axfer', 'afrz', 'appl', 'stpf', 'hb'] as const

/** A transaction type string. */
export type TxnType = (typeof TXN_TYPES)[number]

/** `txn TypeEnum` of a type string; unknown types are 0. */
export function typeEnum(type: string): number {
  const i = (TXN_TYPES as readonly string[]).indexOf(type)
  return i < 0 ? 0 : i
}

/** The type string for a TypeEnum value, or undefined when the value names no type. */
export function typeFromEnum(value: number): TxnType | undefined {
  return value >= 1 && value < TXN_TYPES.length ? TXN_TYPES[value] : undefined
}

/** Application call OnCompletion values. */
export const OnCompletion = {
  NoOp: 0,
  OptIn: 1,
  CloseOut: 2,
  ClearState: 3,
  UpdateApplication: 4,
  DeleteApplication: 5,
} as const

/** A box reference as a transaction carries it: `index` 0 is the called app, i is foreignApps[i-1]. */
export interface BoxRef {
  index: number
  name: Uint8Array
}

/**
 * One entry of a v13 access list (`al`). Exactly one member is set; `holding`, `locals` and
 * `box` point at other entries by 1-based position (0 = the sender / the called app).
 */
export interface ResourceRef {
  address?: Uint8Array
  asset?: Uint64
  app?: Uint64
  holding?: { address: number; asset: number }
  locals?: { address: number; app: number }
  box?: { app: number; name: Uint8Array }
}

/** Asset parameters as set by an acfg transaction or held by the ledger. */
export interface AssetParams {
  total: Uint64
  decimals: number
  defaultFrozen: boolean
  unitName: Uint8Array
  assetName: Uint8Array
  url: Uint8Array
  metadataHash: Uint8Array
  manager: Uint8Array
  reserve: Uint8Array
  freeze: Uint8Array
  clawback: Uint8Array
}

/** A state schema (counts of uint and byte-slice keys). */
export interface StateSchema {
  numUint: number
  numByteSlice: number
}

/** A transaction with its apply data, as the AVM sees it. */
export interface Txn {
  type: string
  sender: Uint8Array
  fee: Uint64
  firstValid: Uint64
  lastValid: Uint64
  note: Uint8Array
  lease: Uint8Array
  genesisId: string
  genesisHash: Uint8Array
  group: Uint8Array
  rekeyTo: Uint8Array
  // pay
  receiver: Uint8Array
  amount: Uint64
  closeRemainderTo: Uint8Array
  // keyreg
  votePk: Uint8Array
  selectionPk: Uint8Array
  stateProofPk: Uint8Array
  voteFirst: Uint64
  voteLast: Uint64
  voteKeyDilution: Uint64
  nonparticipation: boolean
  // axfer
  xferAsset: Uint64
  assetAmount: Uint64
  assetSender: Uint8Array
  assetReceiver: Uint8Array
  assetCloseTo: Uint8Array
  // acfg
  configAsset: Uint64
  assetParams: AssetParams
  // afrz
  freezeAsset: Uint64
  freezeAccount: Uint8Array
  assetFrozen: boolean
  // appl
  applicationId: Uint64
  onCompletion: number
  applicationArgs: Uint8Array[]
  accounts: Uint8Array[]
  foreignAssets: Uint64[]
  foreignApps: Uint64[]
  boxes: BoxRef[]
  access: ResourceRef[]
  approvalProgram: Uint8Array
  clearStateProgram: Uint8Array
  globalStateSchema: StateSchema
  localStateSchema: StateSchema
  extraProgramPages: number
  rejectVersion: Uint64
  /** Transaction id when the caller already knows it (the AVM computes it otherwise). */
  txId?: Uint8Array
  // apply data
  logs: Uint8Array[]
  /** Asset id created by this (acfg) transaction, 0 if none. */
  createdAssetId: Uint64
  /** App id created by this (appl) transaction, 0 if none. */
  createdApplicationId: Uint64
  /** Inner transactions this app call performed, in order. */
  innerTxns: Txn[]
}

/** 32 zero bytes: the zero address. */
export const ZERO_ADDRESS: Uint8Array = new Uint8Array(32)

/** Empty asset parameters. */
export function zeroAssetParams(): AssetParams {
  return {
    total: 0,
    decimals: 0,
    defaultFrozen: false,
    unitName: new Uint8Array(0),
    assetName: new Uint8Array(0),
    url: new Uint8Array(0),
    metadataHash: new Uint8Array(0),
    manager: new Uint8Array(32),
    reserve: new Uint8Array(32),
    freeze: new Uint8Array(32),
    clawback: new Uint8Array(32),
  }
}

/** An entirely zero-valued transaction (type ''), as go-algorand's logic test harness uses. */
export function zeroTxn(): Txn {
  return {
    type: '',
    sender: new Uint8Array(32),
    fee: 0,
    firstValid: 0,
    lastValid: 0,
    note: new Uint8Array(0),
    lease: new Uint8Array(32),
    genesisId: '',
    genesisHash: new Uint8Array(32),
    group: new Uint8Array(32),
    rekeyTo: new Uint8Array(32),
    receiver: new Uint8Array(32),
    amount: 0,
    closeRemainderTo: new Uint8Array(32),
    votePk: new Uint8Array(32),
    selectionPk: new Uint8Array(32),
    stateProofPk: new Uint8Array(64),
    voteFirst: 0,
    voteLast: 0,
    voteKeyDilution: 0,
    nonparticipation: false,
    xferAsset: 0,
    assetAmount: 0,
    assetSender: new Uint8Array(32),
    assetReceiver: new Uint8Array(32),
    assetCloseTo: new Uint8Array(32),
    configAsset: 0,
    assetParams: zeroAssetParams(),
    freezeAsset: 0,
    freezeAccount: new Uint8Array(32),
    assetFrozen: false,
    applicationId: 0,
    onCompletion: 0,
    applicationArgs: [],
    accounts: [],
    foreignAssets: [],
    foreignApps: [],
    boxes: [],
    access: [],
    approvalProgram: new Uint8Array(0),
    clearStateProgram: new Uint8Array(0),
    globalStateSchema: { numUint: 0, numByteSlice: 0 },
    localStateSchema: { numUint: 0, numByteSlice: 0 },
    extraProgramPages: 0,
    rejectVersion: 0,
    logs: [],
    createdAssetId: 0,
    createdApplicationId: 0,
    innerTxns: [],
  }
}

/** A zero transaction with the given fields set. */
export function makeTxn(fields: Partial<Txn>): Txn {
  return { ...zeroTxn(), ...fields }
}

/** A transaction's fields without its apply data (what an inner transaction starts from). */
export function clearApplyData(txn: Txn): Txn {
  return { ...txn, logs: [], createdAssetId: 0, createdApplicationId: 0, innerTxns: [] }
}
