// The admin action the review shows and the wallet signs: built once per action, never cached beyond the review.
// A stable pool's ramp is the Stable app's group; once it lands the pool is read back from algod, so the
// toast says what the contract set (A's ends and times), not what the form asked.
import type { stable } from '@grove/sdk'
import { prepareContractAction, withReader, type GroveSdk } from '@/lib/tx/sdk.ts'
import { keyOf, preparedQuery } from '@/lib/tx/prepared-query.ts'
import type { PreparedTx, TxContext } from '@/lib/tx/types.ts'
import { isStableAdminAction, type AdminReviewAction, type StableAdminAction } from '../admin-actions.ts'

/** A built admin group; a stable pool's, once sent, holds the pool as algod has it after (`after`, undefined until then or if it cannot be read). */
export type PreparedAdminTx = PreparedTx & { after?: stable.StablePoolState }

/** The one query for a built admin group; idle until the review opens. */
export function preparedAdminQuery(sdk: GroveSdk | null, ctx: TxContext | null, action: AdminReviewAction | null) {
  return preparedQuery<PreparedAdminTx>('admin', sdk, ctx, action ? [keyOf(action)] : null, (s, c) => (isStableAdminAction(action!) ? prepareStableAdmin(s, c, action) : prepareContractAction(s, c, 'Registry', action!)))
}

async function prepareStableAdmin(sdk: GroveSdk, ctx: TxContext, action: StableAdminAction): Promise<PreparedAdminTx> {
  const built = await prepareContractAction(sdk, ctx, 'Stable', action)
  const { a, b, feeBps } = action.pool
  const tx: PreparedAdminTx = {
    ...built,
    async send() {
      const result = await built.send()
      tx.after = await withReader(ctx.algod, ctx.deployment!, (s, r) => s.stableContract.readers.pool(r, a, b, feeBps)).catch(() => undefined)
      return result
    },
  }
  return tx
}
