// "Claim all" as one prepared transaction: the staking module's claimMany action (each program's
// claim, packed into as few groups as the 16-transaction limit allows), simulated group by group for
// the review, then signed in ONE wallet request and sent group after group (each atomic).
import { prepareContractAction, type GroveSdk, type StakingPosition, type StakingProgram } from '@/lib/tx/sdk.ts'
import type { PreparedTx, TxContext } from '@/lib/tx/types.ts'

/** A claim-all group set: the prepared transaction and how many groups it signs. */
export interface PreparedClaimAll extends PreparedTx {
  groups: number
  claims: number
}

/** Builds every claim of `programs` (the caller's positions in them) through the staking module and binds simulate and send. */
export async function prepareClaimAll(sdk: GroveSdk, ctx: TxContext, programs: readonly StakingProgram[], positions: ReadonlyMap<bigint, StakingPosition>, heldAssets: readonly bigint[]): Promise<PreparedClaimAll> {
  const prepared = await prepareContractAction(sdk, ctx, 'Staking', { kind: 'claimMany', programs, positions }, { heldAssets })
  return { ...prepared, groups: prepared.groups ?? 1, claims: programs.length }
}
