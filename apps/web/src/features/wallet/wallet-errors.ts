// Wallet errors arrive as whatever the wallet SDK threw; the UI shows one readable sentence.

/** A readable message for a wallet error; use-wallet's own texts (e.g. "Production network detected. Aborting.") pass through. */
export function walletErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'string' && error) return error
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined
  if (typeof message === 'string' && message) return message
  return 'The wallet reported an unknown error'
}
