// The one query for a built stable group (create, add, remove) that the review simulates and the wallet
// signs (the pools' query is lib/pools/stable-pools.ts, which the dashboard reads too).
import { preparedQuery } from '@/lib/tx/prepared-query.ts'
import { prepareContractAction, type ContractAction, type GroveSdk } from '@/lib/tx/sdk.ts'
import type { TxContext } from '@/lib/tx/types.ts'

// What identifies a group: the action's kind, pool key and amounts (and whether the pool is still
// empty), not its reserves, so a trade elsewhere does not rebuild it.
function actionKey(action: ContractAction<'Stable'>): string[] {
  const pool = 'pool' in action ? [`${action.pool.a}-${action.pool.b}-${action.pool.feeBps}`, String('lpIssued' in action.pool && action.pool.lpIssued === 0n)] : []
  const values = Object.entries(action)
    .filter(([k]) => k !== 'pool')
    .map(([k, v]) => `${k}=${String(v)}`)
  return [...pool, ...values]
}

/** The one query for a built stable group; never cached beyond the review, never retried. */
export function preparedStableQuery(sdk: GroveSdk | null, ctx: TxContext | null, action: ContractAction<'Stable'> | null) {
  return preparedQuery('stable-liquidity', sdk, ctx, action ? actionKey(action) : null, (d, c) => prepareContractAction(d, c, 'Stable', action!))
}
