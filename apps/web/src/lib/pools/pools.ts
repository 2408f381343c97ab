// The DEX's pools, read through the SDK (loaded on demand): every pool of one DEX app.
import { queryOptions } from '@tanstack/react-query'
import { algodKey } from '../algod.ts'
import type { AlgodConfig } from '../networks.ts'
import { withSdk } from '../tx/sdk.ts'

/** The one query for every pool of a DEX app; pools move with each trade, so it refreshes often. */
export function poolsQuery(algod: AlgodConfig, dexAppId: number) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'pools', dexAppId],
    queryFn: () => withSdk(algod, (sdk, client) => sdk.fetchPools(client, BigInt(dexAppId))),
    staleTime: 5_000,
    refetchInterval: 15_000,
    retry: 1,
  })
}
