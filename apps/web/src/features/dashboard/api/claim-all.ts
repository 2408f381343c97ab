// "Claim all" as one prepared transaction: the SDK's staking buildClaim per program with something
// pending, packed into as few groups as the 16-transaction limit allows, simulated group by group
// for the review, then signed in ONE wallet request and sent group after group (each atomic).
import type { Transaction } from 'algosdk'
import { groveContextOf, type GroveSdk, type StakingPosition, type StakingProgram } from '@/lib/tx/sdk.ts'
import type { PreparedTx, TxContext } from '@/lib/tx/types.ts'
import { packGroups } from '../claim-all.ts'

/** A claim-all group set: the prepared transaction and how many groups it signs. */
export interface PreparedClaimAll extends PreparedTx {
  groups: number
  claims: number
}

/** Builds every claim of `programs` (the caller's positions in them), packs them and binds simulate and send. */
export async function prepareClaimAll(sdk: GroveSdk, ctx: TxContext, programs: readonly StakingProgram[], positions: ReadonlyMap<bigint, StakingPosition>, heldAssets: readonly bigint[]): Promise<PreparedClaimAll> {
  const [algosdk, grove] = await Promise.all([import('algosdk'), groveContextOf(sdk, ctx)])
  const { algod } = grove
  const base = { ...sdk.stakingContext(grove), now: await sdk.staking.latestTimestamp(algod) }
  // One after another: a reward asset an earlier claim opts into is held for the later ones.
  const held = new Set(heldAssets)
  const claims: { txns: Transaction[]; fee: bigint }[] = []
  for (const program of programs) {
    const built = await sdk.staking.buildClaim({ ...base, heldAssets: [...held] }, program, positions.get(program.id))
    for (const a of built.optIns) held.add(a)
    const txns = built.composer.buildGroup().map((t) => t.txn)
    claims.push({ txns, fee: built.fee })
  }
  const groups = packGroups(claims, (c) => c.txns.length).map((g) => {
    const txns = g.flatMap((c) => c.txns)
    for (const t of txns) t.group = undefined
    return algosdk.assignGroupID(txns)
  })
  return {
    groups: groups.length,
    claims: claims.length,
    fee: claims.reduce((s, c) => s + c.fee, 0n),
    async simulate() {
      // Groups run in order; each is simulated on today's state, which the earlier ones do not change for it (claims of other programs).
      const all = await Promise.all(groups.map((txns) => sdk.simulateChanges(algod, txns, ctx.sender)))
      const assets = new Map<bigint, bigint>()
      for (const c of all) for (const [a, v] of c.assets) assets.set(a, (assets.get(a) ?? 0n) + v)
      for (const [a, v] of assets) if (v === 0n) assets.delete(a)
      return { ...all[0]!, assets, fee: all.reduce((s, c) => s + c.fee, 0n) }
    },
    async send() {
      const flat = groups.flat()
      // One wallet request for every group: the user approves claim all once.
      const signed = await ctx.signer(flat, flat.map((_, i) => i))
      let at = 0
      return sdk.sendSignedGroups(
        algod,
        groups.map((g) => ({ signed: signed.slice(at, (at += g.length)), lastTxId: g[g.length - 1]!.txID() })),
      )
    },
  }
}
