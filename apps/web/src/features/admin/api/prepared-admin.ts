// The admin action the review shows and the wallet signs: built once per action, never cached beyond the review.
import type { AdminAction } from '@grove/sdk'
import { prepareContractAction, type GroveSdk } from '@/lib/tx/sdk.ts'
import { keyOf, preparedQuery } from '@/lib/tx/prepared-query.ts'
import type { TxContext } from '@/lib/tx/types.ts'

/** The one query for a built admin group; idle until the review opens. */
export function preparedAdminQuery(sdk: GroveSdk | null, ctx: TxContext | null, action: AdminAction | null) {
  return preparedQuery('admin', sdk, ctx, action ? [keyOf(action)] : null, (s, c) => prepareContractAction(s, c, 'Registry', action!))
}
