// The router's code and the venues' pools, loaded on demand (route-book.ts's query), so a first
// visit's JavaScript stays within its budget: the SDK's venues module and the route view, the
// network's venues built from their refs (lib/pools/venues.ts), and the pools of every venue but
// Grove among the assets asked (Grove's are the market's, already read).
import * as mod from '@grove/sdk/venues'
import type { AlgodConfig } from '@/lib/networks.ts'
import { loadVenues } from '@/lib/pools/load-venues.ts'
import type { VenueRef } from '@/lib/pools/venues.ts'
import * as view from '../route-view.ts'
import type { RouterParts } from './route-book.ts'

/** Builds the venues of `refs` over the node and reads the non-Grove pools among `assets`. */
export async function loadRouter(algod: AlgodConfig, refs: readonly VenueRef[], assets: readonly bigint[]): Promise<RouterParts> {
  const venues = await loadVenues(algod, refs)
  const { pools } = await mod.loadPools(
    venues.filter((v) => v.name !== 'grove'),
    assets,
  )
  return { mod, view, venues, pools: [...pools] }
}
