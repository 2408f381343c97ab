// The one prepare → simulate → send path of a group built by the SDK: every page's action (the DEX's,
// the locks', the registry's, staking's, the vault's) becomes a PreparedTx here, so the review
// simulates exactly the group the wallet then signs, and one SDK call confirms it.
import type { AtomicTransactionComposer, Algodv2, SuggestedParams } from 'algosdk'
import type { GroveSdk } from './sdk.ts'
import type { PreparedTx, TxContext } from './types.ts'

/** A built group as a review holds it: its fee, its unsigned simulation and its one send. */
export function preparedTx(sdk: GroveSdk, algod: Algodv2, sender: string, built: { composer: AtomicTransactionComposer; fee: bigint }): PreparedTx {
  return {
    fee: built.fee,
    simulate: () => sdk.simulateChanges(algod, built.composer.buildGroup().map((t) => t.txn), sender),
    send: () => sdk.executeGroup(algod, built.composer),
  }
}

/** The node's suggested params with the user's validity window (settings), for a group the user signs. */
export async function signingParams(sdk: GroveSdk, algod: Algodv2, ctx: Pick<TxContext, 'validityRounds'>): Promise<SuggestedParams> {
  return sdk.withValidity(await algod.getTransactionParams().do(), ctx.validityRounds)
}
