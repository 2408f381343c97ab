// The one transaction path's algod steps, shared by every contract's actions and every app above
// them: a group's validity window, its unsigned simulation (the review's balance changes, and the
// budget padding's measure), and signing, submitting and confirming it.
import { decodeMsgpack, encodeUnsignedSimulateTransaction, modelsv2, SignedTransaction, waitForConfirmation } from 'algosdk'
import type { Algodv2, AtomicTransactionComposer, SuggestedParams, Transaction } from 'algosdk'
import { DuplicateTransactionError, duplicateTxId } from './distinct.ts'
import { assertSimulationSucceeded, simulatedBalanceChanges, type BalanceChanges } from './simulate-changes.ts'

/** Rounds a confirmation is waited for before giving up. */
export const CONFIRMATION_ROUNDS = 4

/** Where a confirmed group landed: the id of its last transaction (the app call) and its round. */
export interface Confirmed {
  txId: string
  round: bigint
  /** Every transaction's id, in the group's order. */
  txIds?: string[]
  /** What the confirmed group did to the sender, read back from algod (never the quote); absent when algod no longer had it. */
  delivered?: BalanceChanges
}

/**
 * What confirmed transactions did to `address`, from algod's record of each (inner transactions
 * included): the figures a toast states after an action. Undefined when algod cannot say (a node
 * that dropped them from its pool of recent transactions).
 */
export async function confirmedChanges(algod: Algodv2, txIds: readonly string[], address: string): Promise<BalanceChanges | undefined> {
  try {
    const results = await Promise.all(txIds.map((id) => algod.pendingTransactionInformation(id).do()))
    if (results.some((r) => !r.confirmedRound)) return undefined
    return simulatedBalanceChanges({ txnGroups: [{ txnResults: results.map((txnResult) => ({ txnResult })) }] }, address)
  } catch {
    return undefined
  }
}

/** `params` with the user's validity window: the group stays valid `rounds` rounds from its first valid round. */
export function withValidity(params: SuggestedParams, rounds: number | bigint): SuggestedParams {
  return { ...params, lastValid: BigInt(params.firstValid) + BigInt(rounds) }
}

/**
 * The simulation request for one group, unsigned (no wallet prompt). Unnamed resources are not
 * allowed: a group that needs them would fail when sent.
 */
export function simulateRequest(txns: readonly Transaction[], extraOpcodeBudget?: number): modelsv2.SimulateRequest {
  return new modelsv2.SimulateRequest({
    txnGroups: [new modelsv2.SimulateRequestTransactionGroup({ txns: txns.map((t) => decodeMsgpack(encodeUnsignedSimulateTransaction(t), SignedTransaction)) })],
    allowEmptySignatures: true,
    ...(extraOpcodeBudget === undefined ? {} : { extraOpcodeBudget }),
  })
}

/** Simulates a built group unsigned and reads `sender`'s balance changes; rejects with a SimulationFailedError (algod's reason) when it would fail. */
export async function simulateChanges(algod: Algodv2, txns: readonly Transaction[], sender: string): Promise<BalanceChanges> {
  // algod would answer "transaction already in ledger", as if it had been sent: say what it is
  const twice = duplicateTxId(txns)
  if (twice) throw new DuplicateTransactionError(twice)
  return simulatedBalanceChanges(assertSimulationSucceeded(await algod.simulateTransactions(simulateRequest(txns)).do()), sender)
}

/** Signs a composer's group with its signers (one wallet request), submits it and waits for its block; with `sender`, reads what it delivered to the sender. */
export async function executeGroup(algod: Algodv2, composer: AtomicTransactionComposer, sender?: string): Promise<Confirmed> {
  const result = await composer.execute(algod, CONFIRMATION_ROUNDS)
  const txIds = result.txIDs
  const delivered = sender === undefined ? undefined : await confirmedChanges(algod, txIds, sender)
  return { txId: txIds[txIds.length - 1]!, round: BigInt(result.confirmedRound), txIds, ...(delivered ? { delivered } : {}) }
}

/** Submits groups already signed, one after another, each confirmed before the next; where the last landed. */
export async function sendSignedGroups(algod: Algodv2, groups: readonly { signed: Uint8Array[]; lastTxId: string }[]): Promise<Confirmed> {
  let last: Confirmed = { txId: '', round: 0n }
  for (const g of groups) {
    await algod.sendRawTransaction(g.signed).do()
    const confirmed = await waitForConfirmation(algod, g.lastTxId, CONFIRMATION_ROUNDS)
    last = { txId: g.lastTxId, round: BigInt(confirmed.confirmedRound ?? 0n) }
  }
  return last
}
