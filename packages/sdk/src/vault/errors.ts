// The vault's failures as sentences (its row of the one error table, ../errors.ts): its own ERR codes,
// and the DEX's when a buyback's inner swap fails.
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import DEX_ARC56 from '@grove/contracts/artifacts/Dex.arc56.json' with { type: 'json' }
import { CONTRACT_ERRORS, contractErrorMessage } from '../errors.ts'
import { VAULT_SPEC } from './contract.ts'

/** The sentence for each `ERR:*` the vault asserts with, and the DEX's for a buyback's inner swap (the vault's row of `CONTRACT_ERRORS`). */
export const VAULT_ERROR_MESSAGES: Record<string, string> = CONTRACT_ERRORS.Vault

/** A vault failure, readable. */
export interface VaultError {
  /** The contract's code, when a vault or DEX assert failed. */
  code?: string
  message: string
  detail: string
}

const DEX_SPEC = DEX_ARC56 as unknown as Arc56Contract

const codeAt = (spec: Arc56Contract, pc: number): string | undefined => spec.sourceInfo?.approval.sourceInfo.find((s) => s.pc.includes(pc))?.errorMessage

/**
 * Explains a failed vault call. The innermost logic failure is named first in algod's text (a
 * buyback's swap fails inside the DEX): each `Details: app=A, pc=N` is looked up in the vault's spec
 * when A is `vaultAppId`, else in the DEX's; an `ERR:*` already in the text is used as is.
 */
export function explainVaultError(error: unknown, ids: { vaultAppId?: bigint; dexAppId?: bigint } = {}): VaultError {
  const detail = error instanceof Error ? [error.message, error.cause instanceof Error ? error.cause.message : ''].join(' ') : String(error)
  let code = /ERR:[A-Z_]+/.exec(detail)?.[0]
  if (!code) {
    for (const m of detail.matchAll(/Details: app=(\d+), pc=(\d+)/g)) {
      const app = BigInt(m[1]!)
      const pc = Number(m[2])
      const specs = app === ids.vaultAppId ? [VAULT_SPEC] : app === ids.dexAppId ? [DEX_SPEC] : [VAULT_SPEC, DEX_SPEC]
      code = specs.map((s) => codeAt(s, pc)).find((c) => c?.startsWith('ERR:'))
      if (code) break
    }
  }
  if (code) return { code, message: contractErrorMessage('Vault', code), detail }
  return { message: detail.split('\n')[0]!.slice(0, 200) || 'Something went wrong', detail }
}
