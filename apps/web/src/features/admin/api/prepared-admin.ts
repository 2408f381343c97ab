// The admin action the review shows and the wallet signs: built once per action, never cached beyond the review.
import type { AdminAction } from '@grove/sdk'
import { queryOptions } from '@tanstack/react-query'
import type { Dex } from '@/lib/tx/dex.ts'
import type { TxContext } from '@/lib/tx/types.ts'

const keyOf = (action: AdminAction | null) => (action ? JSON.stringify(action, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) : null)

/** The one query for a built admin group; idle until the review opens. */
export function preparedAdminQuery(dex: Dex | null, ctx: TxContext | null, action: AdminAction | null) {
  return queryOptions({
    queryKey: ['prepared-admin', ctx?.sender, keyOf(action)],
    queryFn: () => dex!.prepareAdmin(ctx!, action!),
    enabled: dex !== null && ctx !== null && action !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    structuralSharing: false,
  })
}
