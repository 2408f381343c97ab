// The DEX's pools, read through the DEX module's reader (the SDK loaded on demand) over the deployment.
import { queryOptions } from '@tanstack/react-query'
import { algodKey } from '../algod.ts'
import type { Deployment } from '../deployment.ts'
import type { AlgodConfig } from '../networks.ts'
import { withReader } from '../tx/sdk.ts'

/** The one query for every pool of the deployment's DEX; pools move with each trade, so it refreshes often. */
export function poolsQuery(algod: AlgodConfig, deployment: Deployment | null) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'pools', deployment?.dexAppId ?? 0],
    queryFn: () => withReader(algod, deployment!, (sdk, r) => sdk.dexContract.readers.pools(r)),
    enabled: deployment !== null,
    staleTime: 5_000,
    refetchInterval: 15_000,
    retry: 1,
  })
}
