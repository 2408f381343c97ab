// The ledger's records and their texts: key-values, app, asset and account records, go's account
// status and voting data, the hex and id keys the state's maps use, and the overspend text of an
// account (go's ledgercore.AccountData as `%+v` prints it).

import { microAlgosText, type AccountData, type AppParams, type AssetHolding, type AssetParams, type BlockHeader, type StackValue, type Uint64 } from '@grove/avm'
import algosdk from 'algosdk'
import { LedgerError } from './errors.ts'

/** A state value (uint or bytes) under its raw key. */
export interface KeyValue {
  key: Uint8Array
  value: StackValue
}

/** An app record: params and creator. */
export interface AppRecord {
  params: AppParams
  creator: Uint8Array
}

/** An asset record: params and creator. */
export interface AssetRecord {
  params: AssetParams
  creator: Uint8Array
}

/** What the state needs from the chain around it (the block being built). */
export interface ChainContext {
  round(): bigint
  latestTimestamp(): number
  blockHeader(round: Uint64): BlockHeader
  genesisHash(): Uint8Array
  feeSink: Uint8Array
  /** go's LookupAgreement: an account's online data as of `round` (absent: never online, so offline). */
  agreementData?(addr: Uint8Array, round: bigint): { balance: bigint; incentiveEligible: boolean } | undefined
  /** go's OnlineCirculation: online money as of `round` less what had expired by `voteRound`. */
  onlineCirculation?(round: bigint, voteRound: bigint): bigint
}

/** Lower-case hex of bytes. */
export function hex(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex')
}

/** Bytes of a lower-case hex string. */
export function unhex(h: string): Uint8Array {
  return new Uint8Array(Buffer.from(h, 'hex'))
}

/** A uint64 in the AVM's canonical form (number below 2^53, bigint above). */
export function u64(x: bigint): Uint64 {
  if (x < 0n || x > 0xffff_ffff_ffff_ffffn) throw new LedgerError(`uint64 overflow: ${x}`)
  return x <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(x) : x
}

/** The id key used in maps. */
export function idKey(id: Uint64): string {
  return String(id)
}

export function boxKey(app: Uint64, name: Uint8Array): string {
  return `${String(app)}:${hex(name)}`
}

export function isZeroBytes(b: Uint8Array): boolean {
  for (const x of b) if (x !== 0) return false
  return true
}

/** go's basics.Status: what an account does in consensus. */
export const AccountStatus = { Offline: 0, Online: 1, NotParticipating: 2 } as const
/** One of AccountStatus's values. */
export type AccountStatus = (typeof AccountStatus)[keyof typeof AccountStatus]

/** go's VotingData: the participation keys and voting window a keyreg registered. */
export interface VotingData {
  voteId: Uint8Array
  selectionId: Uint8Array
  stateProofId: Uint8Array
  voteFirst: Uint64
  voteLast: Uint64
  voteKeyDilution: Uint64
}

/** Rounds between a balance and the agreement that uses it (go's BalanceLookback: 2 × 80 × 2). */
export const BALANCE_LOOKBACK = 320n

/** The round whose balances agreement uses for round `r` (go's agreement.BalanceRound). */
export function balanceRound(r: bigint): bigint {
  return r > BALANCE_LOOKBACK ? r - BALANCE_LOOKBACK : 0n
}

/** An account record: the AVM's view plus consensus participation (absent means Offline, no keys). */
export interface AccountRecord extends AccountData {
  status?: AccountStatus
  voting?: VotingData
}

/** go's status texts (basics.Status.String). */
export const STATUS_TEXT: Record<AccountStatus, string> = { 0: 'Offline', 1: 'Online', 2: 'Not Participating' }

export function cloneAccount(d: AccountRecord): AccountRecord {
  return { ...d, totalAppSchema: { ...d.totalAppSchema } }
}

/** Whether an account record is entirely empty (go's AccountData.IsZero): it may be deleted. */
export function isEmptyAccount(d: AccountRecord): boolean {
  return (
    BigInt(d.balance) === 0n && (d.status ?? 0) === 0 && d.voting === undefined && !d.incentiveEligible && BigInt(d.lastHeartbeat) === 0n && isZeroBytes(d.authAddr) && d.totalAppSchema.numUint === 0 && d.totalAppSchema.numByteSlice === 0 &&
    d.totalExtraAppPages === 0 && d.totalAppParams === 0 && d.totalAppLocalStates === 0 && d.totalAssetParams === 0 &&
    d.totalAssets === 0 && d.totalBoxes === 0 && d.totalBoxBytes === 0
  )
}

export function schemaText(s: { numUint: number; numByteSlice: number }): string {
  return `{NumUint:${s.numUint} NumByteSlice:${s.numByteSlice}}`
}


/** go's `%+v` of a ledgercore.AccountData as an overspend reports it. */
export function accountDataText(d: AccountRecord, authAddr: Uint8Array): string {
  const bytes = (b: Uint8Array | undefined, n: number): string => `[${Array.from(b ?? new Uint8Array(n)).join(' ')}]`
  const v = d.voting
  return (
    `{AccountBaseData:{Status:${STATUS_TEXT[d.status ?? 0]} MicroAlgos:${microAlgosText(BigInt(d.balance))} RewardsBase:0 RewardedMicroAlgos:0.0A ` +
    `AuthAddr:${algosdk.encodeAddress(authAddr)} IncentiveEligible:${d.incentiveEligible} TotalAppSchema:${schemaText(d.totalAppSchema)} ` +
    `TotalExtraAppPages:${d.totalExtraAppPages} TotalAppParams:${d.totalAppParams} TotalAppLocalStates:${d.totalAppLocalStates} ` +
    `TotalAssetParams:${d.totalAssetParams} TotalAssets:${d.totalAssets} TotalBoxes:${d.totalBoxes} TotalBoxBytes:${d.totalBoxBytes} ` +
    `LastProposed:${String(d.lastProposed)} LastHeartbeat:${String(d.lastHeartbeat)}} VotingData:{VoteID:${bytes(v?.voteId, 32)} ` +
    `SelectionID:${bytes(v?.selectionId, 32)} StateProofID:${bytes(v?.stateProofId, 64)} ` +
    `VoteFirstValid:${String(v?.voteFirst ?? 0)} VoteLastValid:${String(v?.voteLast ?? 0)} VoteKeyDilution:${String(v?.voteKeyDilution ?? 0)}}}`
  )
}

/** An inner map's owner: an account's holdings or local states by app, one local state's key-values, or an app's globals. */
export type InnerOwner =
  | { kind: 'holdings'; addr: string }
  | { kind: 'locals'; addr: string }
  | { kind: 'local'; addr: string; app: string }
  | { kind: 'globals'; app: string }

/** A LedgerState's contents as a snapshot holds them. */
export interface StateSnapshot {
  accounts: Map<string, AccountRecord>
  holdings: Map<string, Map<string, AssetHolding>>
  locals: Map<string, Map<string, Map<string, KeyValue>>>
  assets: Map<string, AssetRecord>
  apps: Map<string, AppRecord>
  globals: Map<string, Map<string, KeyValue>>
  boxes: Map<string, Uint8Array>
  lastId: number
}
