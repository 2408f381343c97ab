// The swap group the review modal shows and the wallet signs: built (and its opcode budget
// measured by simulation) once per quote, so the fee shown is the fee paid.
import { queryOptions } from '@tanstack/react-query'
import type { Dex, Route } from '@/lib/tx/dex.ts'
import type { TxContext } from '@/lib/tx/types.ts'

/** The one query for a built swap group; never cached beyond the review, never retried. */
export function preparedSwapQuery(dex: Dex | null, ctx: TxContext | null, route: Route | null, limit: bigint | null) {
  return queryOptions({
    queryKey: ['prepared-swap', ctx?.sender, ctx?.validityRounds, route?.assetIn.toString(), route?.path.join('-'), route?.amountIn.toString(), route?.exactOut?.toString(), limit?.toString()],
    queryFn: () => dex!.prepareSwap(ctx!, route!, limit!),
    enabled: dex !== null && ctx !== null && route !== null && limit !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    structuralSharing: false,
  })
}
