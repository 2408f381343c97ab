// The vault's failures as sentences: its row of the one error table (../errors.ts), which also words
// a buyback's inner DEX swap for the vault's caller; vaultContract.explain reads them.
import { CONTRACT_ERRORS } from '../errors.ts'

/** The sentence for each `ERR:*` the vault asserts with, and the DEX's for a buyback's inner swap (the vault's row of `CONTRACT_ERRORS`). */
export const VAULT_ERROR_MESSAGES: Record<string, string> = CONTRACT_ERRORS.Vault
