// The router's code and the venues' pools, loaded on demand (route-book.ts's query), so a first
// visit's JavaScript stays within its budget: the SDK's venues module and the route view, the
// network's venues built from their refs (lib/pools/venues.ts), and the pools of every venue but
// Grove among the assets asked (Grove's are the market's, already read).
import * as mod from '@grove/sdk/venues'
import type { AlgodConfig } from '@/lib/networks.ts'
import { loadVenues } from '@/lib/pools/load-venues.ts'
import type { VenueRef } from '@/lib/pools/venues.ts'
import * as view from '../route-view.ts'

/** The SDK's venues module: the router and each venue. */
export type VenuesSdk = typeof mod

/** The loaded router: the modules, the built venues and the other venues' pools among the assets asked. */
export interface RouterParts {
  mod: VenuesSdk
  view: typeof view
  venues: mod.Venue[]
  /** Pools of every venue but Grove among the assets asked. */
  pools: mod.VenuePool[]
}

/** Builds the venues of `refs` over the node and reads the non-Grove pools among `assets`. */
export async function loadRouter(algod: AlgodConfig, refs: readonly VenueRef[], assets: readonly bigint[]): Promise<RouterParts> {
  const venues = await loadVenues(algod, refs)
  const { pools } = await mod.loadPools(
    venues.filter((v) => v.name !== 'grove'),
    assets,
  )
  return { mod, view, venues, pools: [...pools] }
}
