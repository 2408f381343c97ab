// The SDK's venue objects for a network's venue refs (lib/pools/venues.ts). It brings the SDK's
// venues module and algosdk, so only code that itself loads on demand imports it (the swap page's
// router loader): a first visit does not carry it.
import { groveVenue, stableVenue, tinymanVenue, type Venue } from '@grove/sdk/venues'
import { algodClient } from '../algod.ts'
import type { AlgodConfig } from '../networks.ts'
import type { VenueRef } from './venues.ts'

/** The SDK's venue objects for `refs` over the node. */
export async function loadVenues(algod: AlgodConfig, refs: readonly VenueRef[]): Promise<Venue[]> {
  const client = await algodClient(algod)
  return refs.map((ref) => {
    switch (ref.name) {
      case 'grove':
        return groveVenue({ algod: client, dexAppId: BigInt(ref.dexAppId), registryAppId: BigInt(ref.registryAppId) }) as unknown as Venue
      case 'stable':
        return stableVenue({ algod: client, stablePoolsAppId: BigInt(ref.stablePoolsAppId), registryAppId: BigInt(ref.registryAppId) }) as unknown as Venue
      case 'tinyman':
        return tinymanVenue({ algod: client, validatorAppId: BigInt(ref.validatorAppId), label: ref.label }) as unknown as Venue
    }
  })
}
