// The registry's projects, listed from its "p" ‖ asset boxes through the SDK (loaded on demand).
import { queryOptions } from '@tanstack/react-query'
import { algodKey } from '@/lib/algod.ts'
import type { AlgodConfig } from '@/lib/networks.ts'

/** The one query for every registered project, verified first. */
export function projectsQuery(algod: AlgodConfig, registryAppId: number) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'registry-projects', registryAppId],
    queryFn: async () => {
      const [sdk, algosdk] = await Promise.all([import('@grove/sdk'), import('algosdk')])
      return sdk.listProjects(new algosdk.Algodv2(algod.token, algod.server, algod.port), BigInt(registryAppId))
    },
    staleTime: 10_000,
    retry: 1,
  })
}
