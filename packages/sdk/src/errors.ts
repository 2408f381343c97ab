// @grove/sdk/errors: the one error table (algod, the AVM, each contract's ERR: codes) without
// algosdk or the contracts' specs, so the web app can word failures on its first load.
import { explainError as explainWith, type ProgramErrors, type ReadableError } from './core/errors.ts'
import { DEX_ERROR_MESSAGES } from './dex/errors.ts'
import { REGISTRY_ERROR_MESSAGES } from './registry/errors.ts'

export * from './core/errors.ts'
export { AMM_ERROR_MESSAGES, DEX_ERROR_MESSAGES, type AmmErrorCode } from './dex/errors.ts'
export { REGISTRY_ERROR_MESSAGES } from './registry/errors.ts'

/** The sentence for each `ERR:*` message Grove's contracts assert with. */
export const CONTRACT_ERROR_MESSAGES: Record<string, string> = { ...REGISTRY_ERROR_MESSAGES, ...DEX_ERROR_MESSAGES }

/**
 * Explains a failure in one sentence (see core/errors.ts). Contract asserts are named only for the
 * `programs` given (their specs carry the pcs); the package's index passes Grove's by default.
 */
export function explainError(error: unknown, programs: readonly ProgramErrors[] = []): ReadableError {
  return explainWith(error, programs, CONTRACT_ERROR_MESSAGES)
}
