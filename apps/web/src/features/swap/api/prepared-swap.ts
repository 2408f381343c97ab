// The swap group the review modal shows and the wallet signs: built (and its opcode budget
// measured by simulation) once per quote, so the fee shown is the fee paid.
import { prepareContractAction, type GroveSdk, type Route } from '@/lib/tx/sdk.ts'
import { preparedQuery } from '@/lib/tx/prepared-query.ts'
import type { TxContext } from '@/lib/tx/types.ts'

/** The one query for a built swap group; never cached beyond the review, never retried. */
export function preparedSwapQuery(sdk: GroveSdk | null, ctx: TxContext | null, route: Route | null, limit: bigint | null) {
  const key = route && limit !== null ? [route.assetIn.toString(), route.path.join('-'), route.amountIn.toString(), route.exactOut?.toString(), limit.toString()] : null
  return preparedQuery('swap', sdk, ctx, key, (s, c) => prepareContractAction(s, c, 'Dex', { kind: 'swap', route: route!, limit: limit! }))
}
