// The venues a network trades on, as plain data (no SDK on a first load): Grove's DEX where it is
// deployed, and Tinyman v2's validator: the public networks' real ids (the network table), else the
// one a localnet deployment record names (labelled by the programs it runs). The swap page builds
// the SDK's venues from these refs when it loads the router.
// (Reconstructed by the route-ui helper after overwriting the networks helper's first version by mistake.)
import { tinymanLabel, TINYMAN_V2_LABEL } from '@grove/sdk/deployment'
import type { Deployment } from '../deployment.ts'
import { NETWORKS, networkOfGenesis } from '../networks.ts'

/** A Tinyman v2 validator on a chain, and how pages name it. */
export interface TinymanRef {
  validatorAppId: number
  label: string
}

/** A venue a network trades on, by name, with what the SDK needs to build it. */
export type VenueRef = { name: 'grove'; label: string; dexAppId: number; registryAppId: number } | ({ name: 'tinyman' } & TinymanRef)

/** The venues of a network, its Tinyman validator, and the well-known tokens offered where Grove has no pools. */
export interface NetworkVenues {
  venues: VenueRef[]
  tinyman: TinymanRef | null
  wellKnown: readonly number[]
}

/**
 * The Tinyman v2 validator of the chain whose genesis id is `genesisId`: a public network's own
 * (even when a localnet record is given), else the one `local` (the localnet's record) names; null
 * when none is known (or the node was not asked yet).
 */
export function tinymanFor(genesisId: string | undefined, local: Deployment | null): TinymanRef | null {
  if (genesisId === undefined) return null
  const network = networkOfGenesis(genesisId)
  const publicId = network ? NETWORKS[network].tinymanAppId : undefined
  if (publicId !== undefined) return { validatorAppId: publicId, label: TINYMAN_V2_LABEL }
  if (local?.tinymanAppId) return { validatorAppId: local.tinymanAppId, label: tinymanLabel(local) }
  return null
}

/** The venues trades route over: Grove's DEX where deployed (first), then Tinyman's validator when known. */
export function networkVenues(deployment: Deployment | null, tinyman: TinymanRef | null): VenueRef[] {
  const venues: VenueRef[] = []
  if (deployment) venues.push({ name: 'grove', label: 'Grove', dexAppId: deployment.dexAppId, registryAppId: deployment.registryAppId })
  if (tinyman) venues.push({ name: 'tinyman', ...tinyman })
  return venues
}
