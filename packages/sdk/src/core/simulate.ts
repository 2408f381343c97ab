// The one transaction path's algod steps, shared by every contract's actions and every app above
// them: a group's validity window, its unsigned simulation (the review's balance changes, and the
// budget padding's measure), and signing, submitting and confirming it.
import { decodeMsgpack, encodeUnsignedSimulateTransaction, modelsv2, SignedTransaction, waitForConfirmation } from 'algosdk'
import type { Algodv2, AtomicTransactionComposer, SuggestedParams, Transaction } from 'algosdk'
import { assertSimulationSucceeded, simulatedBalanceChanges, type BalanceChanges } from './simulate-changes.ts'

/** Rounds a confirmation is waited for before giving up. */
export const CONFIRMATION_ROUNDS = 4

/** Where a confirmed group landed: the id of its last transaction (the app call) and its round. */
export interface Confirmed {
  txId: string
  round: bigint
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
  return simulatedBalanceChanges(assertSimulationSucceeded(await algod.simulateTransactions(simulateRequest(txns)).do()), sender)
}

/** Signs a composer's group with its signers (one wallet request), submits it and waits for its block. */
export async function executeGroup(algod: Algodv2, composer: AtomicTransactionComposer): Promise<Confirmed> {
  const result = await composer.execute(algod, CONFIRMATION_ROUNDS)
  return { txId: result.txIDs[result.txIDs.length - 1]!, round: BigInt(result.confirmedRound) }
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
