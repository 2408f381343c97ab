// The chart's picker in two steps: the pairs, then the pools of the chosen pair. A pair may trade in
// several pools (Grove's fee tiers, its stable pool, Tinyman's), which the pool step names by venue,
// kind and tier (lib/pools/venues.ts's poolLabel). Pure, so the grouping is tested beside it.
import { poolMatches } from '@/lib/analytics/derive.ts'
import type { ApiPool } from '@/lib/analytics/types.ts'

type PickerPool = Pick<ApiPool, 'id' | 'assetA' | 'assetB'>

/** A pair on the picker: its key (the lower asset id first, "0-1001") and its pools in the list's order. */
export interface ChartPair<P extends PickerPool> {
  key: string
  pools: P[]
}

/** The key of a pool's pair, whichever side each asset is on. */
export const pairKey = (pool: PickerPool): string => (pool.assetA.id < pool.assetB.id ? `${pool.assetA.id}-${pool.assetB.id}` : `${pool.assetB.id}-${pool.assetA.id}`)

/**
 * `pools` (deepest first) grouped by pair, each pair where its deepest pool is: the pairs of which a
 * pool matches `query` (every pair when it is empty), and always the pair of `current`.
 */
export function chartPairs<P extends PickerPool>(pools: readonly P[], query = '', current?: P): ChartPair<P>[] {
  const pairs = new Map<string, P[]>()
  for (const p of pools) {
    const key = pairKey(p)
    pairs.set(key, [...(pairs.get(key) ?? []), p])
  }
  const kept = current ? pairKey(current) : null
  return [...pairs].filter(([key, ps]) => key === kept || ps.some((p) => poolMatches(p, query))).map(([key, ps]) => ({ key, pools: ps }))
}
