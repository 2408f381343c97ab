// Rejections as data: every refusal the ledger makes is a LedgerError carrying algod's text
// and the HTTP status algod answers with, so the API layer only forwards them.

/** A refused transaction, group or lookup, with algod's message and status. */
export class LedgerError extends Error {
  /** HTTP status algod uses for this refusal (400 bad request, 404 not found ...). */
  readonly status: number

  constructor(message: string, status = 400) {
    super(message)
    this.name = 'LedgerError'
    this.status = status
  }
}

/** Throws a LedgerError (status 400) with `message`. */
export function reject(message: string): never {
  throw new LedgerError(message)
}
