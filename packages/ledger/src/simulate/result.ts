// Simulate's request and result in the ledger's own terms (go's ledger/simulation: Request,
// Result, TxnGroupResult, TxnResult, TransactionTrace, ResourceTracker, ResourcesInitialStates).
// The algod API builds algod's SimulateResponse from a result (@grove/localnet's
// algod/simulate-models.ts), as go's v2 handlers convert simulation.Result.

import type algosdk from 'algosdk'
import type { StackValue } from '@grove/avm'
import type { AppliedTxn } from '../apply.ts'

/** Trace options (go's ExecTraceConfig): `enable` is the basic trace, the others add to it. */
export interface ExecTraceConfig {
  enable: boolean
  stackChange: boolean
  scratchChange: boolean
  stateChange: boolean
}

/** A simulate request (go's simulation.Request): the groups and the relaxations asked for. */
export interface SimulateRequest {
  txnGroups: algosdk.SignedTransaction[][]
  /** Simulate after this round (0 or absent: the latest). */
  round?: bigint
  allowEmptySignatures?: boolean
  allowMoreLogging?: boolean
  allowUnnamedResources?: boolean
  extraOpcodeBudget?: number
  fixSigners?: boolean
  traceConfig?: ExecTraceConfig
}

/** The relaxations a simulation ran with (go's ResultEvalOverrides); absent fields were not asked for. */
export interface EvalOverrides {
  allowEmptySignatures?: boolean
  allowUnnamedResources?: boolean
  maxLogCalls?: number
  maxLogSize?: number
  extraOpcodeBudget?: number
  fixSigners?: boolean
}

/** An app state write one opcode made (go's StateOperation): global, local or box; write or delete. */
export interface StateOperation {
  appStateType: 'g' | 'l' | 'b'
  operation: 'w' | 'd'
  key: Uint8Array
  /** The value after the write; absent for a delete. */
  newValue?: StackValue
  /** The account of a local-state write. */
  account?: Uint8Array
}

/** One opcode's trace (go's OpcodeTraceUnit); the stack, scratch and state parts only when traced. */
export interface OpcodeTraceUnit {
  pc: number
  /** Indexes (in the transaction's inner traces) of the inner transactions an itxn_submit spawned. */
  spawnedInners?: number[]
  stackPopCount?: number
  stackAdditions?: StackValue[]
  scratchChanges?: { slot: number; newValue: StackValue }[]
  stateChanges?: StateOperation[]
}

/** A transaction's exec trace (go's TransactionTrace): its programs' opcodes, hashes and inner transactions' traces. */
export interface TransactionTrace {
  approval?: OpcodeTraceUnit[]
  approvalHash?: Uint8Array
  clear?: OpcodeTraceUnit[]
  clearHash?: Uint8Array
  lsig?: OpcodeTraceUnit[]
  lsigHash?: Uint8Array
  inner: TransactionTrace[]
  /** Set when a failing or rejecting clear-state program's effects were rolled back: its error ('' when it rejected). */
  rollback?: string
}

/** Resources a group's programs used without naming them (go's ResourceTracker, simplified). */
export interface UnnamedResources {
  accounts: Uint8Array[]
  assets: bigint[]
  apps: bigint[]
  boxes: { app: bigint; name: Uint8Array }[]
  extraBoxRefs: number
  assetHoldings: { account: Uint8Array; asset: bigint }[]
  appLocals: { account: Uint8Array; app: bigint }[]
}

/** A key's value before the group first touched it (undefined: the key did not exist). */
export interface InitialValue {
  key: Uint8Array
  value: StackValue | undefined
}

/** One app's initial states (go's AppKVPairs per app): globals, boxes, and locals per account. */
export interface AppInitialStates {
  id: bigint
  globals: InitialValue[]
  boxes: InitialValue[]
  locals: { account: Uint8Array; values: InitialValue[] }[]
}

/** One transaction's result (go's TxnResult). */
export interface SimulateTxnResult {
  /** The transaction as sent. */
  stxn: algosdk.SignedTransaction
  /** Its apply data (logs, state deltas, inner transactions); absent when the group failed before it ran. */
  applied: AppliedTxn | undefined
  appBudgetConsumed: number
  logicSigBudgetConsumed: number
  /** Fees it and its inner transactions paid, in µAlgos. */
  feesPaid: bigint
  /** Its exec trace, present when tracing was enabled. */
  trace?: TransactionTrace
  /** Resources it alone used unnamed (programs before v9). */
  unnamedResources?: UnnamedResources
  /** The signer fix-signers found for it. */
  fixedSigner?: Uint8Array
}

/** One group's result (go's TxnGroupResult). */
export interface SimulateGroupResult {
  txnResults: SimulateTxnResult[]
  /** The failure, with the path to the failing transaction (top-level index, then inner indexes). */
  failure?: { message: string; path: number[] }
  /** Budget pooled by the group's app calls; absent when the group has none. */
  appBudgetAdded?: number
  appBudgetConsumed: number
  groupFeesPaid: bigint
  /** Fee usage in micro-units of the minimum fee (go's GroupUsage). */
  groupUsage: bigint
  /** Resources used unnamed group-wide (programs from v9, and every box). */
  unnamedResources?: UnnamedResources
}

/** A simulation's result (go's simulation.Result). */
export interface SimulateResult {
  version: number
  /** The round the groups were simulated after. */
  lastRound: bigint
  txnGroups: SimulateGroupResult[]
  /** The relaxations used; absent when none was asked for. */
  evalOverrides?: EvalOverrides
  /** The trace options, when tracing was enabled. */
  traceConfig?: ExecTraceConfig
  /** Initial values of the app state the group touched, when state changes were traced. */
  initialStates?: AppInitialStates[]
}
