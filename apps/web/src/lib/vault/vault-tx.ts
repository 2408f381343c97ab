// The vault's transactions for the page: each action built once through the SDK's vault object (so the
// review shows the fee that is paid), simulated unsigned for the balance changes, and signed by the
// connected wallet through the one transaction runner (lib/tx). Failures read as the vault's
// sentences (the SDK's vault error table), the DEX's for a buyback's inner swap.
import type * as GroveSdkModule from '@grove/sdk'
import { prepareContractAction, readableError, type GroveSdk } from '../tx/sdk.ts'
import { keyOf, preparedQuery } from '../tx/prepared-query.ts'
import type { PreparedTx, TxContext } from '../tx/types.ts'

/** What the stake page asks the vault to do (the SDK's union); each minimum is what the page promised. */
export type VaultAction = GroveSdkModule.VaultAction

/** Builds a vault action's group through the SDK's vault object, ready to simulate and sign. */
export function prepareVaultAction(sdk: GroveSdk, ctx: TxContext, action: VaultAction): Promise<PreparedTx> {
  return prepareContractAction(sdk, ctx, 'Vault', action)
}

/** Words for a failed vault action: the vault's (or the buyback's DEX) code first, else the DEX/wallet words. */
export function readableVaultError(sdk: GroveSdk, error: unknown, deployment?: { vaultAppId: number; dexAppId: number }): string {
  const explained = sdk.explainVaultError(error, deployment ? { vaultAppId: BigInt(deployment.vaultAppId), dexAppId: BigInt(deployment.dexAppId) } : {})
  return explained.code ? explained.message : readableError(sdk, error)
}

/** The one query for a vault action's built group; never cached beyond the review, never retried. */
export function preparedVaultQuery(sdk: GroveSdk | undefined, ctx: TxContext | null, action: VaultAction | null) {
  return preparedQuery('vault', sdk, ctx, action ? [keyOf(action)] : null, (d, c) => prepareVaultAction(d, c, action!))
}
