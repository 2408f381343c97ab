// The vault's failures as sentences: its own ERR codes, and the DEX's when a buyback's inner swap fails.
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import DEX_ARC56 from '@grove/contracts/artifacts/Dex.arc56.json' with { type: 'json' }
import { VAULT_SPEC } from './contract.ts'

/** The sentence for each `ERR:*` the vault asserts with (and the DEX's, for a buyback's inner swap). */
export const VAULT_ERROR_MESSAGES: Record<string, string> = {
  'ERR:NOT_CREATOR': 'Only the vault’s creator can bootstrap it',
  'ERR:BOOTSTRAPPED': 'The vault already created sGROVE',
  'ERR:NOT_BOOTSTRAPPED': 'The vault has not created sGROVE yet',
  'ERR:BAD_INPUT_TYPE': 'The deposit must be an asset transfer',
  'ERR:BAD_INPUT_ASSET': 'Stake GROVE and unstake sGROVE: the deposit is of another asset',
  'ERR:BAD_RECEIVER': 'The deposit must be sent to the vault',
  'ERR:BAD_SENDER': 'The deposit must come from the account that calls the vault',
  'ERR:CLOSE_TO': 'The deposit must not close your account',
  'ERR:CLAWBACK': 'The deposit must be a plain transfer from your account, not a clawback',
  'ERR:REKEY': 'The deposit must not rekey your account',
  'ERR:ZERO_AMOUNT': 'Enter an amount above zero',
  'ERR:LOCKED_SHARES': 'The first stake must be more than 1,000 units of GROVE (0.001 GROVE): that much is locked in the vault forever',
  'ERR:ZERO_OUT': 'The amount is too small: it would give nothing at the vault’s rate',
  'ERR:SLIPPAGE': 'The rate or the price moved beyond your bound (a buyback: the pool is more than 1% away from its TWAP after fees)',
  'ERR:OVERFLOW': 'The amount is too large for the vault’s math',
  'ERR:MBR': 'The payment does not cover the vault’s minimum balance for this',
  'ERR:BAD_ASSET': 'The vault cannot hold or buy back this asset (ALGO needs no opt-in; GROVE and sGROVE are the vault’s own)',
  'ERR:OPTED_IN': 'The vault already holds this asset',
  'ERR:NOT_OPTED_IN': 'The vault does not hold this asset',
  'ERR:ASSET_ORDER': 'Each pool must be given as (a, b) with a < b',
  'ERR:SAME_ASSET': 'A route hop from an asset to itself',
  'ERR:NO_OBSERVATION': 'The vault has not observed a pool on this route yet: observe it, then wait 10 minutes',
  'ERR:OBSERVATION_TOO_RECENT': 'The vault’s observation of a pool on this route is less than 10 minutes old: wait, then buy back',
  'ERR:BAD_PATH': 'A buyback route has 1 to 4 hops and ends in GROVE',
  'ERR:NOTHING_TO_BUY': 'The vault holds none of this asset to buy back',
  'ERR:NO_POOL': 'There is no pool for a hop of this route',
  'ERR:NO_LIQUIDITY': 'A pool on this route is empty',
  'ERR:PAUSED': 'Swaps are paused by the protocol admin',
  'ERR:FROZEN': 'The token’s issuer has frozen a holding this needs',
}

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
  if (code) return { code, message: VAULT_ERROR_MESSAGES[code] ?? code, detail }
  return { message: detail.split('\n')[0]!.slice(0, 200) || 'Something went wrong', detail }
}
