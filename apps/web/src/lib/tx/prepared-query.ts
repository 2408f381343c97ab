// The one query for a group a review shows and the wallet signs: built once per action (so the fee
// shown is the fee paid), never cached beyond the review, never retried (a failure is the answer).
// Every page's prepared action (swap, liquidity, staking, locks and projects, the vault, admin) is
// this query with its own builder.
import { queryOptions } from '@tanstack/react-query'
import type { GroveSdk } from './sdk.ts'
import type { PreparedTx, TxContext } from './types.ts'

/** A key naming an action by what it holds: bigints as decimal strings, maps as their entries. */
export function keyOf(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v instanceof Map ? [...v.entries()] : v))
}

/**
 * The one query for a built group: `scope` names the page's actions, `key` the action (null while
 * there is none: the query idles), `build` makes the group once the SDK and the signer are there.
 */
export function preparedQuery<T extends PreparedTx>(
  scope: string,
  sdk: GroveSdk | null | undefined,
  ctx: TxContext | null,
  key: readonly unknown[] | null,
  build: (sdk: GroveSdk, ctx: TxContext) => Promise<T>,
) {
  return queryOptions({
    queryKey: ['prepared', scope, ctx?.sender ?? null, ctx?.validityRounds ?? null, ...(key ?? [null])],
    queryFn: () => build(sdk!, ctx!),
    enabled: sdk != null && ctx !== null && key !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    structuralSharing: false,
  })
}
