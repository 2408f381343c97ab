// What applying produces and what it needs (go's transactions.ApplyData and the evaluator's
// group context), shared by the apply/ files, the chain and simulate.

import { type EvalTracer, type Txn, type Uint64, type UnnamedResourcePolicy } from '@grove/avm'

/** A state change in an EvalDelta: set bytes (1), set uint (2) or delete (3). */
export interface ValueDelta {
  action: 1 | 2 | 3
  bytes?: Uint8Array
  uint?: Uint64
}

/** What applying one transaction produced (go's ApplyData). */
export interface ApplyData {
  closingAmount: bigint
  assetClosingAmount: bigint
  createdAssetId: bigint
  createdAppId: bigint
  /** key hex → delta of the called app's global state. */
  globalDelta: Map<string, ValueDelta>
  /** account index (0 sender, i = accounts[i-1], beyond = sharedAccts) → key hex → delta. */
  localDeltas: Map<number, Map<string, ValueDelta>>
  /** Accounts with local deltas that the transaction does not list. */
  sharedAccts: Uint8Array[]
  logs: Uint8Array[]
  /** Inner transactions with their own apply data. */
  inner: AppliedTxn[]
}

/** A transaction as applied: the AVM model (with created ids and logs) and its apply data. */
export interface AppliedTxn {
  txn: Txn
  applyData: ApplyData
}

/** The group-level context: where the chain is and what it has seen. */
export interface GroupContext {
  /** The round the group will be committed in. */
  round: bigint
  genesisId: string
  genesisHash: Uint8Array
  /** Whether a txid was committed in a round whose validity may still overlap. */
  seenTxId(txId: string): boolean
  /** The last valid round of an active lease (sender hex + lease hex), if any. */
  leaseUntil(key: string): bigint | undefined
  /** Signatures were verified when the group was first accepted (replaying the node's own log). */
  verified?: boolean
  /** Simulate's relaxations and observers (simulate.ts); absent when submitting. */
  sim?: SimulateHooks
  /**
   * App programs' failures name the failing opcodes (`pc=P, opcodes=…`), as go's transaction pool
   * evaluates with EnableDeveloperAPI; simulate's failures always do, LogicSigs' only in simulate.
   */
  detailedEvalErrors?: boolean
}

/** What simulate changes in evaluation (go's ResultEvalOverrides plus its tracer). */
export interface SimulateHooks {
  /** Transactions without any signature skip verification (the authorizer is still checked). */
  allowEmptySignatures?: boolean
  /** Added to the group's pooled app budget. */
  extraOpcodeBudget?: number
  unnamedResources?: UnnamedResourcePolicy
  tracer?: EvalTracer
  /** With allowEmptySignatures: an unsigned txn is authorized by whoever the account's authorizer is. */
  fixSigners?: boolean
  /** Told when a top-level clear-state program fails or rejects (its effects are rolled back). */
  clearStateFailed?: (gi: number, error?: string) => void
  /** Filled when fixSigners changed a transaction's signer: group index → the signer it needed. */
  fixedSigners?: Map<number, Uint8Array>
  /** Filled by applyGroup as it runs, so a failed group still reports what it used. */
  consumed?: { app: number[]; logicSig: number[]; appBudgetAdded: number; verified: boolean; applied?: AppliedTxn[] }
}

/** A group after successful application. */
export interface AppliedGroup {
  txIds: string[]
  /** Each transaction's canonical encoding (what its id hashes), for the block's commitments. */
  txnBytes: Uint8Array[]
  applied: AppliedTxn[]
  /** Leases taken: key → last valid. */
  leases: Map<string, bigint>
  /** Per transaction: app opcode cost incl. its inner calls, and its logicsig's cost. */
  appBudgetConsumed: number[]
  logicSigBudgetConsumed: number[]
  /** The group's initial pooled app budget (before inner calls add theirs). */
  appBudgetAdded: number
}

export function emptyApplyData(): ApplyData {
  return {
    closingAmount: 0n,
    assetClosingAmount: 0n,
    createdAssetId: 0n,
    createdAppId: 0n,
    globalDelta: new Map(),
    localDeltas: new Map(),
    sharedAccts: [],
    logs: [],
    inner: [],
  }
}
