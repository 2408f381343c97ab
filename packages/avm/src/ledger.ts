// What the AVM needs from chain state, modelled on go-algorand's LedgerForSignature and
// LedgerForLogic (data/transactions/logic/eval.go). Every method is synchronous: the ledger
// keeps its state in memory (or behind a synchronous cache) and journals writes so a failed
// transaction can be reverted. Methods throw AvmError-compatible errors (plain Error whose
// message is algod's text) when the thing asked for cannot be read.

import type { ConsensusParams } from './proto.ts'
import type { StackValue, Uint64 } from './eval/values.ts'
import type { AssetParams, StateSchema, Txn } from './txn.ts'

/** An account's balance record as acct_params_get and balance see it. */
export interface AccountData {
  /** Balance in microalgos. */
  balance: Uint64
  /** Spending key (zero address when not rekeyed). */
  authAddr: Uint8Array
  totalAppSchema: StateSchema
  totalExtraAppPages: number
  totalAppParams: number
  totalAppLocalStates: number
  totalAssetParams: number
  totalAssets: number
  totalBoxes: number
  totalBoxBytes: number
  incentiveEligible: boolean
  lastProposed: Uint64
  lastHeartbeat: Uint64
}

/** An empty (never funded) account. */
export function emptyAccountData(): AccountData {
  return {
    balance: 0,
    authAddr: new Uint8Array(32),
    totalAppSchema: { numUint: 0, numByteSlice: 0 },
    totalExtraAppPages: 0,
    totalAppParams: 0,
    totalAppLocalStates: 0,
    totalAssetParams: 0,
    totalAssets: 0,
    totalBoxes: 0,
    totalBoxBytes: 0,
    incentiveEligible: false,
    lastProposed: 0,
    lastHeartbeat: 0,
  }
}

/** An account's online (agreement) data at the balance round, for voter_params_get. */
export interface VoterData {
  /** Online balance including rewards, 0 when offline. */
  balance: Uint64
  incentiveEligible: boolean
}

/** One asset holding. */
export interface AssetHolding {
  amount: Uint64
  frozen: boolean
}

/** An application's parameters. */
export interface AppParams {
  approvalProgram: Uint8Array
  clearStateProgram: Uint8Array
  globalStateSchema: StateSchema
  localStateSchema: StateSchema
  extraProgramPages: number
  /** Incremented on every update (v12 AppVersion). */
  version: Uint64
  /** Account paying for the app's size (v13), zero address when the creator does. */
  sizeSponsor: Uint8Array
  /** v13 app_params_set: any app with a box reference may read this app's boxes. */
  foreignBoxReads: boolean
  /** v13 app_params_set: apps with the same creator may read and write this app's boxes. */
  familyBoxAccess: boolean
}

/** Block header fields the `block` opcode and `txn FirstValidTime` read. */
export interface BlockHeader {
  round: Uint64
  seed: Uint8Array
  timestamp: number
  proposer: Uint8Array
  feesCollected: Uint64
  bonus: Uint64
  branch: Uint8Array
  branch512: Uint8Array
  feeSink: Uint8Array
  protocol: string
  txnCounter: Uint64
  proposerPayout: Uint64
  sha512_256TxnCommitment: Uint8Array
  sha256TxnCommitment: Uint8Array
  sha512TxnCommitment: Uint8Array
}

/** What a LogicSig may see: agreed-upon history only (go-algorand's LedgerForSignature). */
export interface SignatureLedger {
  /** The header of round `round`; throws (e.g. "no block header access") when unavailable. */
  blockHeader(round: Uint64): BlockHeader
  /** The network's genesis hash (32 bytes). */
  genesisHash(): Uint8Array
}

/**
 * Chain state for application programs (go-algorand's LedgerForLogic). Getters return
 * undefined for things that do not exist; state keys and box names are raw bytes.
 */
export interface Ledger extends SignatureLedger {
  /** The round being evaluated. */
  round(): Uint64
  /** Timestamp of the previous block (may be negative on odd test ledgers). */
  latestTimestamp(): number
  /** The balance record (an empty record for unknown addresses). */
  accountData(addr: Uint8Array): AccountData
  /** The address authorized to sign for `addr` (addr itself unless rekeyed). */
  authorizer(addr: Uint8Array): Uint8Array
  /** Online data at the agreement balance round. */
  voterData(addr: Uint8Array): VoterData
  /** Total online stake at the agreement balance round. */
  onlineStake(): Uint64

  assetHolding(addr: Uint8Array, asset: Uint64): AssetHolding | undefined
  /** Params and creator of an asset. */
  assetParams(asset: Uint64): { params: AssetParams; creator: Uint8Array } | undefined
  /** Params and creator of an app. */
  appParams(app: Uint64): { params: AppParams; creator: Uint8Array } | undefined
  optedIn(addr: Uint8Array, app: Uint64): boolean

  getLocal(addr: Uint8Array, app: Uint64, key: Uint8Array): StackValue | undefined
  /** Writes a local; throws algod's schema error when the local schema is exceeded. */
  setLocal(addr: Uint8Array, app: Uint64, key: Uint8Array, value: StackValue): void
  delLocal(addr: Uint8Array, app: Uint64, key: Uint8Array): void
  getGlobal(app: Uint64, key: Uint8Array): StackValue | undefined
  /** Writes a global; throws algod's schema error when the global schema is exceeded. */
  setGlobal(app: Uint64, key: Uint8Array, value: StackValue): void
  delGlobal(app: Uint64, key: Uint8Array): void

  /** Creates a box, charging the min balance of `appAddr`. */
  newBox(app: Uint64, name: Uint8Array, value: Uint8Array, appAddr: Uint8Array): void
  getBox(app: Uint64, name: Uint8Array): Uint8Array | undefined
  /** Replaces a box's contents (a different length resizes it, adjusting min balance). */
  setBox(app: Uint64, name: Uint8Array, value: Uint8Array): void
  /** Deletes a box; returns whether it existed. */
  delBox(app: Uint64, name: Uint8Array, appAddr: Uint8Array): boolean

  /** v13 app_params_set AppForeignBoxReads. */
  setForeignBoxReads(app: Uint64, enable: boolean): void
  /** v13 app_params_set AppFamilyBoxAccess. */
  setFamilyBoxAccess(app: Uint64, enable: boolean): void

  /**
   * Applies transaction `gi` of an inner group that the AVM has already validated and charged
   * (go-algorand's Perform). The ledger applies it to state (evaluating app calls with
   * `runInner`, which continues the caller's budget, resources and call depth) and returns the
   * applied transaction: the same fields plus created ids, logs and inner transactions.
   */
  perform(group: Txn[], gi: number, runInner: InnerAppRunner): Txn
  /** The last creatable id handed out; the next created asset or app gets counter()+1. */
  counter(): Uint64
}

/**
 * Runs the programs of inner app call `gi` (approval or clear state) in the caller's
 * environment. Returns whether the program approved, and the applied txn (logs, inners).
 */
export type InnerAppRunner = (program: Uint8Array, group: Txn[], gi: number, appId: Uint64) => { pass: boolean; txn: Txn }

function sat(x: bigint): bigint {
  return x > 0xffff_ffff_ffff_ffffn ? 0xffff_ffff_ffff_ffffn : x
}

/** The minimum balance an account must keep (go-algorand's basics.MinBalance, saturating). */
export function minBalance(acct: AccountData, proto: ConsensusParams): bigint {
  const p = BigInt
  let min = p(proto.minBalance)
  min += p(proto.minBalance) * p(acct.totalAssets)
  min += p(proto.appFlatParamsMinBalance) * p(acct.totalAppParams)
  min += p(proto.appFlatOptInMinBalance) * p(acct.totalAppLocalStates)
  min += p(acct.totalAppSchema.numUint) * p(proto.schemaMinBalancePerEntry + proto.schemaUintMinBalance)
  min += p(acct.totalAppSchema.numByteSlice) * p(proto.schemaMinBalancePerEntry + proto.schemaBytesMinBalance)
  min += p(proto.appFlatParamsMinBalance) * p(acct.totalExtraAppPages)
  min += p(proto.boxFlatMinBalance) * p(acct.totalBoxes)
  min += p(proto.boxByteMinBalance) * p(acct.totalBoxBytes)
  return sat(min)
}
