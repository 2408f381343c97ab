// A contract's events as one module of the follower: which apps it follows, how to decode their
// logs (the SDK's ARC-28 decoders from the contract's ARC-56 spec), and a batch that turns one
// poll's events into rows; a module may also read app calls themselves (the registry's admin methods
// log no events). One file each under src/modules: dex, staking, locks, projects, admin, vault.
import type { Algodv2 } from 'algosdk'
import type { DecodedEvent, eventDecoders } from '@grove/sdk'
import type { Sql } from '../db/database.ts'
import type { Deployment } from '../config.ts'

/** Where an event sits on the chain; (round, intra, logIndex) identifies it. */
export interface EventPosition {
  round: number
  /** Unix seconds of the block. */
  time: number
  /** The transaction's intra-round offset (inner transactions have their own). */
  intra: number
  /** The log's index among the transaction's logs (-1 for the app call itself). */
  logIndex: number
  txnId: string
  /** Base64 group id of the app call (null when it is not grouped or is an inner call). */
  groupId: string | null
  /** The app call's sender. */
  sender: string
  appId: bigint
}

/** What a module's batch may use besides SQL. */
export interface ModuleContext {
  algod: Algodv2
  deployment: Deployment
}

/** One app call the follower saw (successful: algod keeps no failed transactions). */
export interface AppCall {
  /** The ABI selector and arguments, as the transaction carries them. */
  args: Uint8Array[]
  /** Addresses the call references (an ABI address argument may be an index into them). */
  accounts: string[]
  /** The call's logs, raw (venues without ARC-28 events, Tinyman v2's "name %i" lines). */
  logs: Uint8Array[]
  /** The uints the call set in accounts' local state: address → key → new value (keys it left alone are absent). */
  localState: Map<string, Map<string, bigint>>
}

/** One poll's worth of a module's work, inside the poll's SQL transaction. */
export interface ModuleBatch {
  /** Handles one decoded event, in chain order. */
  handle(event: DecodedEvent, at: EventPosition): Promise<void> | void
  /** Handles an app call to one of the module's apps, in chain order, before its events (modules that read calls). */
  call?(call: AppCall, at: EventPosition): Promise<void> | void
  /** Writes what the events produced; runs once, before the watermark is saved. */
  flush(): Promise<void>
  /** Rows this batch wrote, per table (for logs and the bench). */
  counts(): Record<string, number>
}

/** A contract the follower follows. */
export interface ContractModule {
  name: string
  /** The app ids whose logs this module decodes (empty when the deployment lacks the contract). */
  appIds(deployment: Deployment): bigint[]
  /** The SDK's decoders of the contract's events (empty for a module that reads calls only). */
  decoders: ReturnType<typeof eventDecoders>
  /** Starts a batch inside the poll's transaction (loading whatever state it keeps from `sql`). */
  begin(sql: Sql, ctx: ModuleContext): Promise<ModuleBatch>
}
