// The DEX's pools, read through the SDK (loaded on demand): every pool of one DEX app.
import { queryOptions } from '@tanstack/react-query'
import { algodKey } from '../algod.ts'
import type { AlgodConfig } from '../networks.ts'
import { loadDex } from '../tx/dex.ts'

/** The one query for every pool of a DEX app; pools move with each trade, so it refreshes often. */
export function poolsQuery(algod: AlgodConfig, dexAppId: number) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'pools', dexAppId],
    queryFn: async () => (await loadDex()).fetchPools(algod, dexAppId),
    staleTime: 5_000,
    refetchInterval: 15_000,
    retry: 1,
  })
}
