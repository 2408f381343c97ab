// What the chain's persistence (replay.ts: restore and snapshots; durability.ts: the log's appends and
// flushes) reads and writes of a Chain, named here so they import this file and chain.ts imports
// them: one direction. Chain (chain.ts) is the one implementation.
import type algosdk from 'algosdk'
import type { AppliedTxn } from './apply/types.ts'
import type { StoredBlock } from './block-bytes.ts'
import type { BlockStore } from './block-store.ts'
import type { RemoteState } from './fork.ts'
import type { KeptDeltas } from './kept-deltas.ts'
import type { NodeOptions, SubmitResult } from './node.ts'
import type { OnlineStake } from './online.ts'
import type { ChainLog } from './persist.ts'
import type { LedgerState } from './state.ts'

/** A confirmed top-level transaction: its block and what applying it produced. */
export interface Confirmed {
  round: bigint
  stxn: algosdk.SignedTransaction
  applied: AppliedTxn
}

/** A logged block not yet flushed: the journal position and log size before it, to undo it if its flush fails. */
export interface UnflushedMark {
  cp: number
  size: number
  undone: boolean
}

/** The chain as its log and snapshots see it (chain.ts documents each member). */
export interface ChainStore {
  readonly baseRound: bigint
  readonly blocks: BlockStore
  readonly keepRounds: number | undefined
  loggedFrom: bigint
  readonly txns: Map<string, Confirmed>
  readonly leases: Map<string, bigint>
  readonly deltas: KeptDeltas
  readonly online: OnlineStake
  readonly state: LedgerState
  readonly fork: RemoteState | undefined
  readonly genesisHash: Uint8Array
  readonly fault: NodeOptions['fault']
  readonly unflushed: UnflushedMark[]
  clock: bigint
  offset: bigint | undefined
  dataDir: string | undefined
  snapshotRound: bigint
  log: ChainLog | undefined
  devSnapshotsHeld(): boolean
  lastRound(): bigint
  commitGroup(signedGroupBytes: Uint8Array, stored?: StoredBlock): SubmitResult
  close(): Promise<void>
}
