// The venues a network trades on, as plain data (no SDK on a first load): Grove's DEX where it is
// deployed, Grove's stable pools where its Stable app is, and Tinyman v2's validator: the public networks' real ids (the network table), else the
// one a localnet deployment record names (labelled by the programs it runs). The one place pages,
// the market and the router's caller ask; the SDK's venues are built from these refs on demand
// (load-venues.ts).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { tinymanLabel, TINYMAN_V2_LABEL } from '@grove/sdk/deployment'
import { algodAnswers, algodGet, algodKey } from '../algod.ts'
import { deploymentFor, type Deployment } from '../deployment.ts'
import { NETWORKS, networkOfGenesis, type AlgodConfig } from '../networks.ts'
import { useProtocol } from '../protocol.ts'
import { useSettings } from '../settings.ts'
import { WELL_KNOWN_TOKENS } from '../tokens/well-known.ts'

/** A Tinyman v2 validator on a chain, and how pages name it. */
export interface TinymanRef {
  validatorAppId: number
  label: string
}

/** A venue a network trades on, by name, with what the SDK needs to build it. */
export type VenueRef =
  | { name: 'grove'; label: string; dexAppId: number; registryAppId: number }
  | { name: 'stable'; label: string; stablePoolsAppId: number; registryAppId: number }
  | ({ name: 'tinyman' } & TinymanRef)

/** A venue's name, as venue refs and the analytics service's pools carry it. */
export type VenueName = VenueRef['name']

/** How pages name Grove's own DEX. */
export const GROVE_LABEL = 'Grove'

/** How pages name Grove's stable pools as a venue (the SDK's stable venue's label). */
export const GROVE_STABLE_LABEL = 'Grove stable'

/** The app a venue ref names (its DEX, Stable app or validator): what tells two refs of one name apart. */
export function venueAppId(ref: VenueRef): number {
  return ref.name === 'grove' ? ref.dexAppId : ref.name === 'stable' ? ref.stablePoolsAppId : ref.validatorAppId
}

/**
 * How every pool listing names a pool's venue: Grove, or Tinyman as the network names its validator
 * (`tinyman`: "Tinyman v2", "Tinyman v2-compatible (local)" on the localnet). Two pools of one
 * pair on two venues read alike without it.
 */
export function venueLabel(venue: VenueName, tinyman: string = TINYMAN_V2_LABEL): string {
  return venue === 'grove' ? GROVE_LABEL : venue === 'stable' ? GROVE_STABLE_LABEL : tinyman
}

/** A pool's fee tier as every pool listing writes it: 30 bps → "0.3%", 5 → "0.05%". */
export const feeTierWords = (feeBps: number | bigint): string => `${(Number(feeBps) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`

/**
 * How a picker names one pool among a pair's several (fee tiers, kinds, venues): its venue, Grove
 * stable for a Grove pool on the stable invariant, and its tier: "Grove 0.3%", "Grove stable 0.05%",
 * "Tinyman v2 0.25%". `kind` is the analytics service's (a Grove pool is its DEX's or its Stable app's).
 */
export function poolLabel(pool: { venue: VenueName; kind?: 'constant-product' | 'stable'; feeBps: number | bigint }, tinyman?: string): string {
  return `${venueLabel(pool.kind === 'stable' ? 'stable' : pool.venue, tinyman)} ${feeTierWords(pool.feeBps)}`
}

/** The venues of a network, its Tinyman validator, and the well-known tokens offered where Grove has no pools. */
export interface NetworkVenues {
  /** The venues found so far (Grove first); empty while unknown or where there are none. */
  venues: VenueRef[]
  /** Tinyman v2 on the chain the node serves, or null. */
  tinyman: TinymanRef | null
  /** How pages name that chain's Tinyman validator (known before the node confirms it: a pool the analytics service lists is there). */
  tinymanLabel: string
  /** The well-known tokens of the chain the node serves (lib/tokens/well-known.ts): a public network's; none elsewhere. */
  wellKnown: readonly number[]
  /** False while the node is still being asked which chain it serves or whether the validator is there. */
  settled: boolean
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

/**
 * The venues trades route over: Grove's DEX where deployed (first), its stable pools where the
 * deployment has a Stable app, then Tinyman's validator when known.
 */
export function networkVenues(deployment: Deployment | null, tinyman: TinymanRef | null): VenueRef[] {
  const venues: VenueRef[] = []
  if (deployment) venues.push({ name: 'grove', label: GROVE_LABEL, dexAppId: deployment.dexAppId, registryAppId: deployment.registryAppId })
  if (deployment?.stablePoolsAppId) venues.push({ name: 'stable', label: GROVE_STABLE_LABEL, stablePoolsAppId: deployment.stablePoolsAppId, registryAppId: deployment.registryAppId })
  if (tinyman) venues.push({ name: 'tinyman', ...tinyman })
  return venues
}

/** The one query for the genesis id a node serves (GET /versions); a node's chain does not change under it. */
export function genesisQuery(algod: AlgodConfig) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'genesis-id'],
    queryFn: async () => String((await algodGet<{ genesis_id?: unknown }>(algod, '/versions', { timeoutMs: 8_000 })).genesis_id),
    staleTime: Infinity,
    retry: 1,
    retryOnMount: false,
  })
}

/** The one query asking whether app `appId` exists on the node (a validator the localnet's record names may not). */
export function appExistsQuery(algod: AlgodConfig, appId: number) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'app-exists', appId],
    queryFn: () => algodAnswers(algod, `/v2/applications/${appId}`),
    staleTime: Infinity,
    retry: 1,
    retryOnMount: false,
  })
}

/**
 * The venues of the active network and node. A network's own node serves its own chain, so its
 * genesis id is known without asking; a custom node is asked (GET /versions), so a custom node of
 * TestNet that serves the localnet trades on the localnet's Tinyman validator. A validator taken
 * from the localnet's record counts once the node says it exists.
 */
export function useNetworkVenues(): NetworkVenues {
  const settings = useSettings()
  const { algod, deployment } = useProtocol()
  const custom = settings.algodOverrides[settings.network] !== undefined
  const genesis = useQuery({ ...genesisQuery(algod), enabled: custom })
  const genesisId = custom ? genesis.data : NETWORKS[settings.network].genesisId
  const tinyman = tinymanFor(genesisId, deploymentFor('localnet'))
  const chain = networkOfGenesis(genesisId)
  // a validator from the localnet's record, not a public network's own
  const local = tinyman !== null && (chain === undefined || NETWORKS[chain].tinymanAppId === undefined)
  const exists = useQuery({ ...appExistsQuery(algod, tinyman?.validatorAppId ?? 0), enabled: local })
  const there = local ? (exists.data === true ? tinyman : null) : tinyman
  const settled = (!custom || !genesis.isPending) && (!local || !exists.isPending)
  return { venues: networkVenues(deployment, there), tinyman: there, tinymanLabel: tinyman?.label ?? TINYMAN_V2_LABEL, wellKnown: chain && chain !== 'localnet' ? WELL_KNOWN_TOKENS[chain] : [], settled }
}
