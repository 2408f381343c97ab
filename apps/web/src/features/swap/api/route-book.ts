// The router of the swap page, loaded on demand (the SDK's venues module and the route view, with
// algosdk: a first visit's JavaScript stays within its budget): the network's venues built from
// their refs, and the pools of the venues other than Grove for the pair and its hub assets (Grove's
// pools are the market's, already read). The page adds Grove's pools and quotes synchronously.
import { queryOptions } from '@tanstack/react-query'
import { venuePoolsKey } from '@/lib/pools/pools.ts'
import type { AlgodConfig } from '@/lib/networks.ts'
import { venueAppId, type VenueRef } from '@/lib/pools/venues.ts'

/** The one query for the router and the non-Grove pools among `assets` (the pair and its hubs); pools move with each trade (refreshed per block and after the user's own, see usePoolsPerBlock). */
export function routeBookQuery(algod: AlgodConfig, refs: readonly VenueRef[], assets: readonly bigint[]) {
  return queryOptions({
    queryKey: [...venuePoolsKey(algod), 'route-book', refs.map((r) => `${r.name}:${venueAppId(r)}`).join(','), ...assets.map(String)],
    queryFn: () => import('./router-loader.ts').then((m) => m.loadRouter(algod, refs, assets)),
    staleTime: 5_000,
    refetchInterval: 15_000,
    retry: 1,
    structuralSharing: false,
  })
}
