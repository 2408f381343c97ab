// The admin action the review shows and the wallet signs: built once per action, never cached beyond the review.
import type { AdminAction } from '@grove/sdk'
import type { Dex } from '@/lib/tx/dex.ts'
import { keyOf, preparedQuery } from '@/lib/tx/prepared-query.ts'
import type { TxContext } from '@/lib/tx/types.ts'

/** The one query for a built admin group; idle until the review opens. */
export function preparedAdminQuery(dex: Dex | null, ctx: TxContext | null, action: AdminAction | null) {
  return preparedQuery('admin', dex, ctx, action ? [keyOf(action)] : null, (d, c) => d.prepareAdmin(c, action!))
}
