// The router of the swap page, loaded on demand (the SDK's venues module and the route view, with
// algosdk: a first visit's JavaScript stays within its budget): the network's venues built from
// their refs, and the pools of the venues other than Grove for the pair and its hub assets (Grove's
// pools are the market's, already read). The page adds Grove's pools and quotes synchronously.
import { queryOptions } from '@tanstack/react-query'
import type * as VenuesModule from '@grove/sdk/venues'
import type * as RouteView from '../route-view.ts'
import { tinymanLabel } from '@grove/sdk/deployment'
import { algodClient, algodKey } from '@/lib/algod.ts'
import type { Deployment } from '@/lib/deployment.ts'
import type { AlgodConfig } from '@/lib/networks.ts'

/** The SDK's venues module: the router and each venue. */
export type VenuesSdk = typeof VenuesModule

/** A venue a network trades on, with what the SDK needs to build it (the shape of lib/pools/venues.ts's VenueRef). */
export type RouteVenueRef = { name: 'grove'; label: string; dexAppId: number; registryAppId: number } | { name: 'tinyman'; label: string; validatorAppId: number }

/** The deployment's venues: Grove's DEX and the Tinyman validator its record names. */
export function deploymentVenues(deployment: Deployment | null): RouteVenueRef[] {
  if (!deployment) return []
  const refs: RouteVenueRef[] = [{ name: 'grove', label: 'Grove', dexAppId: deployment.dexAppId, registryAppId: deployment.registryAppId }]
  if (deployment.tinymanAppId) refs.push({ name: 'tinyman', label: tinymanLabel(deployment), validatorAppId: deployment.tinymanAppId })
  return refs
}

/** The loaded router: the modules, the built venues and the other venues' pools among the assets asked. */
export interface RouterParts {
  mod: VenuesSdk
  view: typeof RouteView
  venues: VenuesModule.Venue[]
  /** Pools of every venue but Grove among the assets asked. */
  pools: VenuesModule.VenuePool[]
}

/** The one query for the router and the non-Grove pools among `assets` (the pair and its hubs); pools move with each trade. */
export function routeBookQuery(algod: AlgodConfig, refs: readonly RouteVenueRef[], assets: readonly bigint[]) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'route-book', refs.map((r) => `${r.name}:${r.name === 'grove' ? r.dexAppId : r.validatorAppId}`).join(','), ...assets.map(String)],
    queryFn: async (): Promise<RouterParts> => {
      const [mod, view, client] = await Promise.all([import('@grove/sdk/venues'), import('../route-view.ts'), algodClient(algod)])
      const venues = refs.map((r) =>
        r.name === 'grove'
          ? (mod.groveVenue({ algod: client, dexAppId: BigInt(r.dexAppId), registryAppId: BigInt(r.registryAppId) }) as unknown as VenuesModule.Venue)
          : (mod.tinymanVenue({ algod: client, validatorAppId: BigInt(r.validatorAppId), label: r.label }) as unknown as VenuesModule.Venue),
      )
      const { pools } = await mod.loadPools(
        venues.filter((v) => v.name !== 'grove'),
        assets,
      )
      return { mod, view, venues, pools: [...pools] }
    },
    staleTime: 5_000,
    refetchInterval: 15_000,
    retry: 1,
    structuralSharing: false,
  })
}
