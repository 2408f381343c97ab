// What a page hands the transaction runner and what it gets back: who signs, the built group, where it landed.
import type { BalanceChanges } from '@grove/sdk'
import type { TransactionSigner } from 'algosdk'
import type { Deployment } from '../deployment.ts'
import type { AlgodConfig } from '../networks.ts'

/** Who sends a transaction, through which wallet, to which deployment. */
export interface TxContext {
  algod: AlgodConfig
  /** Grove's deployment; null where Grove is not deployed (a swap through Tinyman alone, an opt-in). */
  deployment: Deployment | null
  sender: string
  signer: TransactionSigner
  /** Rounds the group stays valid (settings). */
  validityRounds: number
}

/** Where a confirmed group landed: the id of its last transaction (the app call) and the round. */
export interface TxResult {
  txId: string
  round: bigint
  /** What the confirmed group did to the sender's balances, as algod recorded it (absent when algod could not say). */
  delivered?: BalanceChanges
}

/** A built group, ready to sign: its exact fee, what it would do to the sender, and the call that signs, submits and confirms it (once). */
export interface PreparedTx {
  fee: bigint
  /** µALGO the group pays an app besides fees: a new pool's minimum balance (box, LP asset, opt-ins), or a new registry box's. */
  poolDeposit?: bigint
  /** Atomic groups signed in one wallet request and sent in order, when the action spans more than one (claim all). */
  groups?: number
  /**
   * Simulates this very group (the transactions `send` will ask the wallet to sign, unsigned) and
   * reads the sender's balance changes; rejects with algod's reason when the group would fail.
   */
  simulate(): Promise<BalanceChanges>
  send(): Promise<TxResult>
}
