// The one prepare → simulate → send path of a group built by the SDK: every page's action (the DEX's,
// the locks', the registry's, staking's, the vault's) becomes a PreparedTx here, so the review
// simulates exactly the group the wallet then signs, and one SDK call confirms it.
import type { AtomicTransactionComposer, Algodv2, SuggestedParams, Transaction } from 'algosdk'
import type * as GroveSdkModule from '@grove/sdk'
import type { PreparedTx, TxContext } from './types.ts'

/** The loaded SDK (sdk.ts loads it; typed here from the package so the two files do not import each other). */
type GroveSdk = typeof GroveSdkModule

/** A built group as a review holds it: its fee, its unsigned simulation and its one send. */
export function preparedTx(sdk: GroveSdk, algod: Algodv2, sender: string, built: { composer: AtomicTransactionComposer; fee: bigint }): PreparedTx {
  return {
    fee: built.fee,
    simulate: () => sdk.simulateChanges(algod, built.composer.buildGroup().map((t) => t.txn), sender),
    send: () => sdk.executeGroup(algod, built.composer, sender),
  }
}

/**
 * Groups prepared together (claim all) as one PreparedTx: each group simulated on today's state,
 * which the earlier ones do not change for it, the changes summed; signed in ONE wallet request (the
 * user approves once) and sent group after group, each atomic.
 */
export function preparedGroupsTx(sdk: GroveSdk, algod: Algodv2, ctx: Pick<TxContext, 'sender' | 'signer'>, built: { groups: Transaction[][]; fee: bigint }): PreparedTx {
  const { groups } = built
  return {
    fee: built.fee,
    groups: groups.length,
    async simulate() {
      const all = await Promise.all(groups.map((txns) => sdk.simulateChanges(algod, txns, ctx.sender)))
      const assets = new Map<bigint, bigint>()
      for (const c of all) for (const [a, v] of c.assets) assets.set(a, (assets.get(a) ?? 0n) + v)
      for (const [a, v] of assets) if (v === 0n) assets.delete(a)
      return { ...all[0]!, assets, fee: all.reduce((s, c) => s + c.fee, 0n) }
    },
    async send() {
      const flat = groups.flat()
      const signed = await ctx.signer(flat, flat.map((_, i) => i))
      let at = 0
      return sdk.sendSignedGroups(
        algod,
        groups.map((g) => ({ signed: signed.slice(at, (at += g.length)), lastTxId: g[g.length - 1]!.txID() })),
      )
    },
  }
}

/** The node's suggested params with the user's validity window (settings), for a group the user signs. */
export async function signingParams(sdk: GroveSdk, algod: Algodv2, ctx: Pick<TxContext, 'validityRounds'>): Promise<SuggestedParams> {
  return sdk.withValidity(await algod.getTransactionParams().do(), ctx.validityRounds)
}
