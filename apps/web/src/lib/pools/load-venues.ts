// The SDK's venue objects for a network's venue refs (lib/pools/venues.ts). It brings the SDK's
// venues module and algosdk, so only code that itself loads on demand imports it (the swap page's
// router loader): a first visit does not carry it.
import { groveVenue, tinymanVenue, type Venue } from '@grove/sdk/venues'
import { algodClient } from '../algod.ts'
import type { AlgodConfig } from '../networks.ts'
import type { VenueRef } from './venues.ts'

/** The SDK's venue objects for `refs` over the node. */
export async function loadVenues(algod: AlgodConfig, refs: readonly VenueRef[]): Promise<Venue[]> {
  const client = await algodClient(algod)
  return refs.map((ref) =>
    ref.name === 'grove'
      ? (groveVenue({ algod: client, dexAppId: BigInt(ref.dexAppId), registryAppId: BigInt(ref.registryAppId) }) as unknown as Venue)
      : (tinymanVenue({ algod: client, validatorAppId: BigInt(ref.validatorAppId), label: ref.label }) as unknown as Venue),
  )
}
