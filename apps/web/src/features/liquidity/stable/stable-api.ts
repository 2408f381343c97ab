// The Stable app's pools, read through the SDK's stable readers (one query, as the DEX's pools are),
// and the one query for a built stable group (create, add, remove) that the review simulates and the
// wallet signs. The SDK loads on demand, so this code reaches only the liquidity page's chunk.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { algodKey } from '@/lib/algod.ts'
import type { Deployment } from '@/lib/deployment.ts'
import type { AlgodConfig } from '@/lib/networks.ts'
import { lastRoundQuery } from '@/lib/pools/pools.ts'
import { preparedQuery } from '@/lib/tx/prepared-query.ts'
import { prepareContractAction, withReader, type ContractAction, type GroveSdk } from '@/lib/tx/sdk.ts'
import type { TxContext } from '@/lib/tx/types.ts'

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

// What identifies a group: the action's kind, pool key and amounts (and whether the pool is still
// empty), not its reserves, so a trade elsewhere does not rebuild it.
function actionKey(action: ContractAction<'Stable'>): string[] {
  const pool = 'pool' in action ? [`${action.pool.a}-${action.pool.b}-${action.pool.feeBps}`, String(action.pool.lpIssued === 0n)] : []
  const values = Object.entries(action)
    .filter(([k]) => k !== 'pool')
    .map(([k, v]) => `${k}=${String(v)}`)
  return [...pool, ...values]
}

/** The one query for a built stable group; never cached beyond the review, never retried. */
export function preparedStableQuery(sdk: GroveSdk | null, ctx: TxContext | null, action: ContractAction<'Stable'> | null) {
  return preparedQuery('stable-liquidity', sdk, ctx, action ? actionKey(action) : null, (d, c) => prepareContractAction(d, c, 'Stable', action!))
}
