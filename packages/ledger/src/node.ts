// The facade the algod and kmd APIs (@grove/localnet) call. Reads of state return the ledger's
// own records (the views below: an account's record with its holdings, created assets and apps and
// local states; an asset's or app's record; a confirmed transaction's apply data); the algod API
// builds algod's REST models from them (@grove/localnet's algod/models.ts, go's v2 converters).
// The records are the state's own, not copies: read them before the next submit, never change them.
// Simulate takes and returns its own request and result (simulate/result.ts, go's ledger/simulation),
// from which the algod API builds algod's SimulateResponse.
// Rejections are thrown as `LedgerError` (errors.ts) carrying algod's message and HTTP status.

import type algosdk from 'algosdk'
import type { AssetHolding, StateSchema, Uint64 } from '@grove/avm'
import type { AppliedTxn } from './apply.ts'
import type { Consensus } from './genesis.ts'
import type { NodeForkOptions, RemoteState } from './fork.ts'
import type { AccountRecord, AppRecord, AssetRecord, KeyValue } from './records.ts'
import type { SimulateRequest, SimulateResult } from './simulate/result.ts'

export type { AccountRecord, AppRecord, AssetRecord, KeyValue } from './records.ts'
export type { AppliedTxn, ApplyData, ValueDelta } from './apply.ts'
export type * from './simulate/result.ts'

/** GET /v2/status's figures: the tip and how long ago it was made. */
export interface NodeStatus {
  lastRound: bigint
  /** The consensus version string the chain runs (it never upgrades). */
  protocol: string
  /** Milliseconds since the last block (never negative). */
  sinceLastBlockMs: number
}

/** GET /v2/transactions/params's figures: the tip, the consensus version, its minimum fee, the genesis. */
export interface TxnParams {
  lastRound: bigint
  protocol: string
  /** µAlgos (the fee per byte is always 0: the pool is never congested). */
  minFee: bigint
  genesisId: string
  genesisHash: Uint8Array
}

/** A box's contents at the latest round. */
export interface BoxView {
  round: bigint
  name: Uint8Array
  value: Uint8Array
}

/** A confirmed transaction: as signed, its apply data (with inner transactions), its round. */
export interface ConfirmedTxn {
  stxn: algosdk.SignedTransaction
  applied: AppliedTxn
  round: bigint
}

/** An asset: its id and record (params and creator). */
export interface AssetView {
  id: bigint
  record: AssetRecord
}

/** An app: its id, record (params and creator) and global state (raw key → value). */
export interface AppView {
  id: bigint
  record: AppRecord
  globals: ReadonlyMap<string, KeyValue> | undefined
}

/** An account's local state in an app, with the app's local schema (zero when the app is gone). */
export interface LocalStateView {
  appId: bigint
  schema: StateSchema
  keyValues: ReadonlyMap<string, KeyValue>
}

/** An account at the latest round: its record, minimum balance, holdings, created assets and apps, local states. */
export interface AccountView {
  address: string
  round: bigint
  record: AccountRecord
  minBalance: Uint64
  holdings: { assetId: bigint; holding: AssetHolding }[]
  createdAssets: AssetView[]
  createdApps: AppView[]
  localStates: LocalStateView[]
}

/** An account's holding of an asset and the asset when the account created it. */
export interface AccountAssetView {
  round: bigint
  assetId: bigint
  holding: AssetHolding | undefined
  created: AssetView | undefined
}

/** An account's local state in an app and the app when the account created it. */
export interface AccountAppView {
  round: bigint
  local: LocalStateView | undefined
  created: AppView | undefined
}

/** Options for `openNode` (chain.ts). */
export interface NodeOptions {
  /** Data directory for the crash-safe log; omitted = in memory only. */
  dataDir?: string
  /**
   * The consensus to run (genesis.ts): `current` by default for a new chain; a data directory's
   * chain keeps the one it was made with (naming another one refuses the directory).
   */
  consensus?: Consensus
  /**
   * A submitted group's failing app program names its opcodes (`pc=P, opcodes=…`), as algod with
   * EnableDeveloperAPI (AlgoKit LocalNet's setting) reports it; default true. Simulate always does.
   */
  detailedEvalErrors?: boolean
  /** Fork a remote algod (fork.ts): its state is read on first touch and pinned in `dataDir`. */
  fork?: NodeForkOptions
  /** Allow POST /grove/v1/impersonate (always allowed on a fork). Unsafe: for development only. */
  impersonation?: boolean
  /**
   * Keep only the latest `keepRounds` rounds (go's non-archival node): older blocks and their
   * transactions are dropped from memory and from the log on disk (keep-rounds.ts). Default: all.
   */
  keepRounds?: number
  /** Blocks kept in memory as bytes besides their place on disk (block-store.ts); default 1,024. */
  blockCache?: number
  /** Wall clock in milliseconds (tests inject one); default Date.now. */
  now?: () => number
  /**
   * Test-only fault injection: called as each stage of a commit ends (the log write: halfway
   * through it), so a test can make any stage throw and check that the refused group left nothing
   * behind, in memory or on disk.
   */
  fault?: (stage: CommitStage) => void
}

/** The stages of a commit, in order: apply (with the block's end), encode, deltas, log, flush (the `fault` hook names them). */
export type CommitStage = 'apply' | 'encode' | 'deltas' | 'log' | 'flush'

/** What a successful submit returns (algod's POST /v2/transactions body). */
export interface SubmitResult {
  /** Transaction id of the group's first transaction. */
  txId: string
  /**
   * With a data directory: resolves once the group's block is on disk. Concurrent submits share
   * one flush, so acknowledge the submit only after this (algod answers after its own commit).
   */
  durable?: Promise<void>
}

/** GET /v2/ledger/supply's figures (go's GetSupply). */
export interface Supply {
  /** The latest round. */
  round: bigint
  /** Money of online and offline accounts (go's Totals.Participating). */
  totalMoney: bigint
  /** Money of online accounts now. */
  onlineMoney: bigint
  /** Online money at the balance round (latest − 320), which agreement weighs. */
  onlineStake: bigint
}

/**
 * Told of each block as it commits, inside the commit's journaled checkpoint: `bytes` is the
 * block's canonical msgpack, `txIds` its transactions' ids in payset order. The undo it returns
 * runs if that commit is reverted (a failed step or flush), newest block first, so a follower
 * (the indexer) never holds a block the chain lost.
 */
export type CommitListener = (round: bigint, bytes: Uint8Array, txIds: readonly string[]) => (() => void) | void

/** The embedded localnet node: a dev-mode chain where every accepted group is a block at once. */
export interface Node {
  /** `dockernet-v1`. */
  readonly genesisId: string
  /** SHA512/256 of the genesis (32 bytes). */
  readonly genesisHash: Uint8Array
  /** A fork's remote state source: the API pins what a request reads before answering it (undefined: not a fork). */
  readonly fork: RemoteState | undefined
  /** The consensus this chain runs, and its version string (status, headers, params, genesis). */
  readonly consensus: Consensus
  readonly protocol: string

  /** GET /v2/status. */
  status(): NodeStatus
  /** GET /v2/transactions/params. */
  suggestedParams(): TxnParams
  /** The last committed round. */
  lastRound(): bigint
  /** The genesis block's round: 0, or on a fork the remote's latest round at its start, so local rounds continue the remote's. */
  genesisRound(): bigint
  /** The oldest round whose block is kept: the genesis round, or later once --keep-rounds dropped older ones. */
  firstRound(): bigint
  /** How many blocks are in memory as bytes now (the rest are read from disk when asked for). */
  cachedBlocks(): number

  /**
   * POST /v2/transactions: `signedGroupBytes` is one or more concatenated msgpack
   * SignedTransactions. In dev mode the group is applied and committed as a new block before
   * this returns. Throws LedgerError (status 400, algod's text) when rejected; nothing changes then.
   */
  submit(signedGroupBytes: Uint8Array): SubmitResult
  /**
   * POST /v2/transactions/simulate: evaluates without committing (the caller decodes algod's
   * SimulateRequest into the ledger's and encodes algod's SimulateResponse from the result).
   * Throws LedgerError for a request algod refuses (400, or 500 for a round past the tip).
   */
  simulate(request: SimulateRequest): SimulateResult

  /** GET /v2/ledger/supply. */
  supply(): Supply
  /** GET /v2/transactions/pending/{txid}: confirmed (or pool-rejected) txn, undefined if unknown. */
  pendingTransaction(txId: string): ConfirmedTxn | undefined

  /** GET /v2/accounts/{address}; an unknown address is an empty account, as in algod. */
  account(address: string): AccountView
  /** GET /v2/accounts/{address}/assets/{asset-id}; undefined when not opted in. */
  accountAsset(address: string, assetId: bigint): AccountAssetView | undefined
  /** GET /v2/accounts/{address}/applications/{app-id}; undefined when neither created nor opted in. */
  accountApplication(address: string, appId: bigint): AccountAppView | undefined
  /** GET /v2/assets/{id}; undefined when it does not exist. */
  asset(assetId: bigint): AssetView | undefined
  /** GET /v2/applications/{id}; undefined when it does not exist. */
  application(appId: bigint): AppView | undefined
  /** GET /v2/applications/{id}/boxes: box names (raw bytes), sorted. */
  boxNames(appId: bigint): Uint8Array[]
  /** GET /v2/applications/{id}/box?name=; undefined when absent. */
  box(appId: bigint, name: Uint8Array): BoxView | undefined

  /** The block of a committed round (algod's msgpack block shape), undefined if beyond the tip or dropped (--keep-rounds). */
  block(round: bigint): algosdk.Block | undefined
  /**
   * The block of a committed round in its canonical msgpack (go's ledger EncodedBlockCert, without
   * a cert: dev mode certifies nothing), or undefined beyond the tip. `headerOnly` drops the payset.
   * GET /v2/blocks/{round} wraps it in algod's response (localnet's algod handlers).
   */
  encodedBlock(round: bigint, headerOnly?: boolean): Uint8Array | undefined
  /**
   * GET /v2/deltas/{round}: go's StateDelta as a msgpack-ready map (field names as go-codec
   * writes them), or go's reason it is not kept (only the last few rounds are).
   */
  ledgerStateDelta(round: bigint): { delta: Map<string, unknown> } | { error: string }
  /** GET /v2/deltas/{round}/txn/group: each group's delta subset with its ids (group id, txids); undefined when not kept. */
  groupDeltasForRound(round: bigint): { ids: Uint8Array[]; delta: Map<string, unknown> }[] | undefined
  /** GET /v2/deltas/txn/group/{id}: the delta subset of the group holding txid or group id `id`. */
  groupDelta(id: Uint8Array): Map<string, unknown> | undefined

  /** Follows commits (see CommitListener); the rounds already committed are read with block(). Returns the unsubscribe. */
  onCommit(listener: CommitListener): () => void

  /** Resolves once round `round` + 1 exists, or after `timeoutMs` (wait-for-block-after). */
  waitForBlockAfter(round: bigint, timeoutMs: number): Promise<void>

  /** POST /v2/devmode/blocks/offset/{offset}: as go's dev mode, each new block is stamped the previous block's stamp plus `seconds`. */
  setBlockTimeOffset(seconds: bigint): void
  /** GET /v2/devmode/blocks/offset: undefined while never set (blocks follow the clock). */
  getBlockTimeOffset(): bigint | undefined

  /**
   * Grove's clock (no algod equivalent): new blocks are stamped the wall clock plus `seconds`
   * (negative dates them in the past, never before the previous block), as when no dev-mode offset
   * is set; clears the dev-mode offset. The demo seed dates its history with it.
   */
  setClockOffset(seconds: bigint): void
  /** The Grove clock offset in seconds (0 = the wall clock). */
  getClockOffset(): bigint
  /**
   * POST /grove/v1/mine/{n}: seals `n` empty blocks, each stamped as any block is (the clock, or
   * the dev-mode offset after the previous stamp), logged and flushed as a submit's. Resolves once durable.
   */
  mine(n: number): Promise<void>
  /**
   * POST /grove/v1/accounts/{address}/balance: sets the account's microAlgos (creating it), in a
   * block of its own so the change is logged, replayed and in the state delta. Throws LedgerError
   * (400) for a bad address, an amount past uint64 or below the account's minimum balance; nothing changes then.
   */
  setBalance(address: string, amount: bigint): Promise<void>
  /**
   * POST /grove/v1/accounts/{address}/assets/{asset-id}: sets the account's holding of the asset,
   * opting it in when it was not (its minimum balance grows), in a block of its own. Throws
   * LedgerError: 404 for an asset that does not exist, 400 for an amount past the asset's total or
   * a minimum balance the account cannot meet; nothing changes then.
   */
  setHolding(address: string, asset: bigint, amount: bigint): Promise<void>
  /**
   * POST /grove/v1/apps/{id}/program (Anvil's anvil_setCode): replaces the app's approval program,
   * and its clear state program when given, in a block of its own; the app's version counts one
   * more update. Throws LedgerError: 404 for an app that does not exist, 400 for a program that is
   * empty, fails the AVM's static check, does not fit the app's pages or mixes versions from v6;
   * nothing changes then.
   */
  setProgram(app: bigint, approval: Uint8Array, clear?: Uint8Array): Promise<void>
  /**
   * POST /grove/v1/snapshot (Anvil's evm_snapshot): marks the tip to revert to; resolves with the
   * snapshot's id and round. Reverts are cheap: kept undo records, not a copy of the state.
   */
  snapshot(): Promise<{ id: number; round: bigint }>
  /**
   * POST /grove/v1/revert/{id} (Anvil's evm_revert): returns the whole chain (state, blocks,
   * transactions, deltas, the indexer's view, the log on disk, the clock offsets) to snapshot `id`,
   * in time proportional to what changed since; consumes it and every later snapshot. Resolves with
   * the round it is back at and how many journaled writes it undid. Throws LedgerError 404 for an id not taken (or consumed).
   */
  revert(id: number): Promise<{ round: bigint; undone: number }>
  /**
   * POST /grove/v1/state/dump (Anvil's anvil_dumpState): the chain as one state file, its chain log
   * once every block is flushed; `installStateFile` (persist.ts) makes a data directory of it.
   * Throws LedgerError 409 for a node without a data directory.
   */
  dumpState(): Promise<Uint8Array>

  /**
   * POST /grove/v1/impersonate/{address} (Grove's, unsafe): accept `address`'s transactions without
   * a signature (sent with no sig, or with it as the auth address of a rekeyed sender). Only on a
   * fork or a node opened with `impersonation`; otherwise throws LedgerError 403. `false` stops it.
   */
  impersonate(address: string, on: boolean): void
  /** Flushes and closes the data directory (further submits throw). */
  close(): Promise<void>
}
