// Every transaction of a group must be distinct: two that are one share an id, and algod refuses
// the group as "transaction already in ledger" (the group builder's notes keep them apart; this
// checks it before a build is handed out or simulated).
import type { Transaction } from 'algosdk'
import { DUPLICATE_IN_GROUP } from '../errors-core.ts'

/** Thrown by build() when two of the group's transactions share an id. */
export class DuplicateTransactionError extends Error {
  override name = 'DuplicateTransactionError'
  constructor(readonly txId: string) {
    super(`${DUPLICATE_IN_GROUP} (transaction ${txId})`)
  }
}

/** The first id two of `txns` share, if any (ids include the group id, so check after it is set). */
export function duplicateTxId(txns: readonly Transaction[]): string | undefined {
  const seen = new Set<string>()
  for (const t of txns) {
    const id = t.txID()
    if (seen.has(id)) return id
    seen.add(id)
  }
  return undefined
}
