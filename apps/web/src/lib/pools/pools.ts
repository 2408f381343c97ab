// The DEX's pools, read through the DEX module's reader (the SDK loaded on demand) over the deployment.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { algodGet, algodKey } from '../algod.ts'
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

/** Key prefix of every other venue's pools (Tinyman's), read by the router: a confirmed transaction and a new block refresh them with Grove's. */
export const venuePoolsKey = (algod: AlgodConfig) => [...algodKey(algod), 'venue-pools'] as const

/** How often a trading page asks the node for its latest round (a public network makes a block every ~3 s). */
export const ROUND_POLL_MS = 2_000

/** The one query for the node's latest round, asked every ROUND_POLL_MS while a trading page is open. */
export function lastRoundQuery(algod: AlgodConfig) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'last-round'],
    queryFn: async () => BigInt((await algodGet<{ 'last-round': number }>(algod, '/v2/status'))['last-round']),
    refetchInterval: ROUND_POLL_MS,
    staleTime: 0,
    retry: false,
  })
}

/** Every pool read, Grove's and the other venues', as one invalidation. */
export async function refreshPools(client: QueryClient, algod: AlgodConfig, deployment: Deployment | null): Promise<void> {
  await Promise.all([
    deployment ? client.invalidateQueries({ queryKey: poolsQuery(algod, deployment).queryKey }) : undefined,
    client.invalidateQueries({ queryKey: venuePoolsKey(algod) }),
  ])
}

/**
 * Re-reads every venue's pools on each new block, as Uniswap re-quotes per block: a quote is never
 * older than the chain's last block by more than one poll (another account's trade included).
 */
export function usePoolsPerBlock(algod: AlgodConfig, deployment: Deployment | null): void {
  const client = useQueryClient()
  const round = useQuery(lastRoundQuery(algod)).data
  const seen = useRef<bigint | undefined>(undefined)
  useEffect(() => {
    if (round === undefined) return
    const before = seen.current
    seen.current = round
    if (before !== undefined && round > before) void refreshPools(client, algod, deployment)
  }, [round, client, algod, deployment])
}
