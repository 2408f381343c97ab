// The vault's failures as sentences: its row of the one error table (../errors.ts), which also words
// a buyback's inner DEX swap for the vault's caller.
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import DEX_ARC56 from '@grove/contracts/artifacts/Dex.arc56.json' with { type: 'json' }
import { CONTRACT_ERRORS, explainError, type ReadableError } from '../errors.ts'
import { VAULT_SPEC } from './contract.ts'

/** The sentence for each `ERR:*` the vault asserts with, and the DEX's for a buyback's inner swap (the vault's row of `CONTRACT_ERRORS`). */
export const VAULT_ERROR_MESSAGES: Record<string, string> = CONTRACT_ERRORS.Vault

const DEX_SPEC = DEX_ARC56 as unknown as Arc56Contract

/**
 * Explains a failed vault call as `explainError` does, with the vault's spec and the DEX's (a
 * buyback's swap fails inside the DEX, whose codes the vault's row words): by app id when given.
 */
export function explainVaultError(error: unknown, ids: { vaultAppId?: bigint; dexAppId?: bigint } = {}): ReadableError {
  return explainError(error, [
    { spec: VAULT_SPEC, appId: ids.vaultAppId },
    { spec: DEX_SPEC, appId: ids.dexAppId, row: 'Vault' },
  ])
}
