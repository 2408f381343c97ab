// Wallet errors arrive as whatever the wallet SDK threw; the UI shows one readable sentence.
// use-wallet's own texts (e.g. "Production network detected. Aborting.") pass through as written.
import { NETWORK_ERROR, readableError } from '@/lib/toast/readable-error.ts'
import { LOCAL_KMD_URL } from './wallet-constants.ts'

/** What use-wallet's Mnemonic wallet throws on a production network. */
export const PRODUCTION_REFUSAL = 'Production network detected. Aborting.'

/** A readable message for an error from connecting, resuming or disconnecting `walletId`. */
export function walletErrorMessage(error: unknown, walletId?: string): string {
  // use-wallet's refusal of a key-holding wallet on mainnet is already plain words; keep it exact.
  if (error instanceof Error && error.message === PRODUCTION_REFUSAL) return PRODUCTION_REFUSAL
  const message = readableError(error)
  // KMD is a local daemon, so "network unreachable" really means "the localnet is not running".
  if (walletId === 'kmd' && message === NETWORK_ERROR) return `Cannot reach KMD at ${LOCAL_KMD_URL}. Start the localnet with \`npm start\` and try again.`
  return message
}
