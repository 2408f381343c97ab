// Budget padding found by simulation: a group's app calls pool their opcode budget (700 each), so
// an action that needs more gets cheap extra calls. Simulating unsigned needs no wallet prompt.
import type { Algodv2, Transaction } from 'algosdk'
import { simulateRequest } from './simulate.ts'

/** Budget of one app call, pooled across the group (go-algorand's MaxAppProgramCost). */
export const APP_CALL_BUDGET = 700

/**
 * Opcode budget `txns` (a built group) needs beyond what its app calls bring, by one unsigned
 * simulation. A group that fails still reports what it used up to the failure, so its real error
 * shows when it is sent.
 */
export async function budgetShortfall(algod: Algodv2, txns: readonly Transaction[]): Promise<number> {
  const result = (await algod.simulateTransactions(simulateRequest(txns, 20_000)).do()).txnGroups[0]
  if (!result) return 0
  const calls = txns.filter((t) => t.type === 'appl').length
  return Number(result.appBudgetConsumed ?? 0) - APP_CALL_BUDGET * calls
}
