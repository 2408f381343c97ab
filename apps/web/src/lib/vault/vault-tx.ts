// The vault's transactions for the page: each action built once with the SDK's builders (so the
// review shows the fee that is paid), simulated unsigned for the balance changes, and signed by the
// connected wallet through the one transaction runner (lib/tx). Failures read as the vault's
// sentences (the SDK's vault error table), the DEX's for a buyback's inner swap.
import type * as GroveSdkModule from '@grove/sdk'
import type { Dex } from '../tx/dex.ts'
import { keyOf, preparedQuery } from '../tx/prepared-query.ts'
import { preparedTx, signingParams } from '../tx/prepared.ts'
import type { PreparedTx, TxContext } from '../tx/types.ts'
import { algodClient } from '../algod.ts'

/** What the stake page asks the vault to do (the SDK's union); each minimum is what the page promised. */
export type VaultAction = GroveSdkModule.VaultAction

/** Builds a vault action's group, ready to simulate and sign. */
export async function prepareVaultAction(dex: Dex, ctx: TxContext, action: VaultAction): Promise<PreparedTx> {
  const { sdk } = dex
  const algod = await algodClient(ctx.algod)
  const d = ctx.deployment
  const vctx = {
    algod,
    vaultAppId: BigInt(d.vaultAppId),
    dexAppId: BigInt(d.dexAppId),
    registryAppId: BigInt(d.registryAppId),
    groveAssetId: BigInt(d.groveAssetId),
    sGroveAssetId: BigInt(d.sGroveAssetId),
    sender: ctx.sender,
    signer: ctx.signer,
    suggestedParams: await signingParams(sdk, algod, ctx),
  }
  const built = await sdk.prepareVaultAction(vctx, action)
  return preparedTx(sdk, algod, ctx.sender, built)
}

/** Words for a failed vault action: the vault's (or the buyback's DEX) code first, else the DEX/wallet words. */
export function readableVaultError(dex: Dex, error: unknown, deployment?: { vaultAppId: number; dexAppId: number }): string {
  const explained = dex.sdk.explainVaultError(error, deployment ? { vaultAppId: BigInt(deployment.vaultAppId), dexAppId: BigInt(deployment.dexAppId) } : {})
  return explained.code ? explained.message : dex.readableError(error)
}

/** The one query for a vault action's built group; never cached beyond the review, never retried. */
export function preparedVaultQuery(dex: Dex | undefined, ctx: TxContext | null, action: VaultAction | null) {
  return preparedQuery('vault', dex, ctx, action ? [keyOf(action)] : null, (d, c) => prepareVaultAction(d, c, action!))
}
