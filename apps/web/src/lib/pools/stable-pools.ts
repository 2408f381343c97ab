// The Stable app's pools (Curve's invariant), read through the SDK's stable readers in one query as the
// DEX's pools are, and as the market's figures read them: each pool with its amplifier now, so the
// price book prices its coins by the invariant (the liquidity page and the dashboard read them).
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { MarketPool } from '@grove/sdk/figures'
import { algodKey } from '../algod.ts'
import type { Deployment } from '../deployment.ts'
import type { AlgodConfig } from '../networks.ts'
import { withReader, type GroveSdk } from '../tx/sdk.ts'
import { lastRoundQuery } from './pools.ts'

/** The one query for every stable pool of the deployment's Stable app; pools move with each trade, so it refreshes often. */
export function stablePoolsQuery(algod: AlgodConfig, deployment: Deployment | null) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'stable-pools', deployment?.stablePoolsAppId ?? 0],
    queryFn: () => withReader(algod, deployment!, (sdk, r) => sdk.stableContract.readers.all(r)),
    enabled: deployment !== null && Boolean(deployment.stablePoolsAppId),
    staleTime: 5_000,
    refetchInterval: 15_000,
    retry: 1,
  })
}

/** Re-reads the stable pools on each new block, as usePoolsPerBlock does the DEX's: another account's trade moves them. */
export function useStablePoolsPerBlock(algod: AlgodConfig, deployment: Deployment | null): void {
  const client = useQueryClient()
  const round = useQuery(lastRoundQuery(algod)).data
  const seen = useRef<bigint | undefined>(undefined)
  useEffect(() => {
    if (round === undefined) return
    const before = seen.current
    seen.current = round
    if (before !== undefined && round > before && deployment) void client.invalidateQueries({ queryKey: stablePoolsQuery(algod, deployment).queryKey })
  }, [round, client, algod, deployment])
}

/** Stable pools as the market's figures read them: each with its amplifier at chain time `now` (a ramp moves it). */
export function stableMarketPools(sdk: GroveSdk, pools: readonly Awaited<ReturnType<GroveSdk['stableContract']['readers']['all']>>[number][], now: bigint): MarketPool[] {
  return pools.map((p) => ({ lpAsset: p.lpAsset, a: p.a, b: p.b, reserveA: p.reserveA, reserveB: p.reserveB, lpIssued: p.lpIssued, feeBps: p.feeBps, amp: Number(sdk.stable.ampAt(p, now)) / Number(sdk.stable.A_PRECISION) }))
}
