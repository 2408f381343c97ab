// The deployment record: the one list of Grove's contracts and assets, and the JSON file that says
// where they live on a network. The build compiles the list, deploy() creates it, `npm run deploy`
// and `npm start` write the record, the SDK and the web app read it. Dependency-free, so the web
// app and scripts import it without algosdk. Adding a contract: its source, one entry in
// CONTRACTS, its SDK module (packages/sdk/src/<contract>/).
import { VENUE_CONTRACTS } from './venues.ts'

/** The networks Grove deploys to. */
export const NETWORKS = ['localnet', 'testnet', 'mainnet'] as const
/** One of `NETWORKS`. */
export type NetworkName = (typeof NETWORKS)[number]

/**
 * Grove's contracts, in deployment order (a contract may read the ids of those before it): the
 * class name the artifacts and clients are named after, the TEALScript source, the key of its app
 * id in a deployment record, and how messages name it.
 */
export const CONTRACTS = [
  { name: 'Registry', source: 'programs/registry.algo.ts', idKey: 'registryAppId', label: 'registry' },
  { name: 'Dex', source: 'programs/dex.algo.ts', idKey: 'dexAppId', label: 'DEX' },
  { name: 'Locks', source: 'programs/locks.algo.ts', idKey: 'lockAppId', label: 'locks' },
  { name: 'Staking', source: 'programs/staking.algo.ts', idKey: 'stakingAppId', label: 'staking' },
  { name: 'Vault', source: 'programs/vault.algo.ts', idKey: 'vaultAppId', label: 'vault' },
  { name: 'Orders', source: 'programs/orders.algo.ts', idKey: 'ordersAppId', label: 'orders' },
  { name: 'Stable', source: 'programs/stable.algo.ts', idKey: 'stablePoolsAppId', label: 'stable pools' },
] as const

/** The assets a deployment creates, by the key of their id in a deployment record. */
export const DEPLOYED_ASSETS = [
  { name: 'GROVE', idKey: 'groveAssetId' },
  { name: 'sGROVE', idKey: 'sGroveAssetId' },
] as const

/** The class name of one of Grove's contracts ("Dex", "Registry"). */
export type ContractName = (typeof CONTRACTS)[number]['name']
/** The record key of a contract's app id ("dexAppId"). */
export type AppIdKey = (typeof CONTRACTS)[number]['idKey']
/** The record key of a deployed asset's id ("groveAssetId"). */
export type AssetIdKey = (typeof DEPLOYED_ASSETS)[number]['idKey']

/**
 * Where Grove lives on one network: every contract's app id and every deployed asset's id (JSON
 * numbers: ids stay below 2^53), and the round the deployment started at, where a chain follower
 * (the analytics service) starts reading.
 */
export type Deployment = { network: NetworkName; firstRound: number } & { [K in AppIdKey | AssetIdKey]: number } & { [K in VenueIdKey | StableIdKey]?: number } & {
  tinymanPrograms?: TinymanPrograms
}

/**
 * The stable coin whose pools give USD prices: the localnet's is the demo seed's (written into the
 * record by `npm start`); a public network's record may name one, and otherwise it is Circle's USDC
 * there (STABLE_ASSET_IDS). Prices are never found by a token's symbol, which anyone can take.
 */
export const STABLE_ID_KEY = 'stableAssetId' as const
/** The record key of the stable coin's id. */
export type StableIdKey = typeof STABLE_ID_KEY

/** Circle's USDC on each public network (from Circle's own announcements): the stable coin where a record names none. */
export const STABLE_ASSET_IDS: Readonly<Partial<Record<NetworkName, number>>> = {
  testnet: 10458941,
  mainnet: 31566704,
}

/** The stable coin's asset id on `network`: the record's, else the network's well-known one; null on a localnet without one. */
export function stableAssetIdOf(network: NetworkName, deployment?: Pick<Deployment, StableIdKey> | null): number | null {
  return deployment?.stableAssetId ?? STABLE_ASSET_IDS[network] ?? null
}

/**
 * Venues' app ids a record may carry besides Grove's own (VENUE_CONTRACTS, deployed on the localnet
 * only; on public networks the SDK knows the real protocol's ids): absent when not deployed.
 */
export const VENUE_ID_KEYS = ['tinymanAppId'] as const
/** The record key of a venue's app id ("tinymanAppId"). */
export type VenueIdKey = (typeof VENUE_ID_KEYS)[number]

/**
 * Which programs the record's Tinyman validator runs: Tinyman's own, read from a checkout of
 * tinyman-amm-contracts-v2 (GROVE_TINYMAN_DIR), or the Tinyman v2-compatible venue built here
 * (VENUE_CONTRACTS); a record with tinymanAppId and no tinymanPrograms is "compatible".
 */
export const TINYMAN_PROGRAMS = ['tinyman-v2', 'compatible'] as const
/** One of `TINYMAN_PROGRAMS`. */
export type TinymanPrograms = (typeof TINYMAN_PROGRAMS)[number]

/** How Tinyman v2's own validator is labelled: on public networks, and on the localnet when it runs Tinyman's programs. */
export const TINYMAN_V2_LABEL = 'Tinyman v2'

/** The label of a deployment's Tinyman validator: TINYMAN_V2_LABEL when it runs Tinyman's own programs, the compatible venue's otherwise. */
export function tinymanLabel(deployment: { tinymanPrograms?: TinymanPrograms }): string {
  return deployment.tinymanPrograms === 'tinyman-v2' ? TINYMAN_V2_LABEL : VENUE_CONTRACTS[0].label
}

/** A deployment record that cannot be read; the message names the file's problem. */
export class DeploymentError extends Error {
  override name = 'DeploymentError'
}

const KEYS: readonly string[] = ['network', 'firstRound', ...CONTRACTS.map((c) => c.idKey), ...DEPLOYED_ASSETS.map((a) => a.idKey)]

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0

/**
 * Checks a parsed JSON value as a deployment record (of `network`, when given) and returns it with
 * exactly the record's keys. Throws a DeploymentError naming the first problem.
 */
export function toDeployment(value: unknown, network?: NetworkName): Deployment {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new DeploymentError('a deployment record must be a JSON object')
  const v = value as Record<string, unknown>
  if (!NETWORKS.includes(v.network as NetworkName)) throw new DeploymentError(`network must be one of ${NETWORKS.join(', ')}, not ${JSON.stringify(v.network)}`)
  if (network !== undefined && v.network !== network) throw new DeploymentError(`the record is for ${String(v.network)}, not ${network}`)
  if (!(typeof v.firstRound === 'number' && Number.isSafeInteger(v.firstRound) && v.firstRound >= 0)) {
    throw new DeploymentError(`firstRound must be a round number (0 or more), not ${JSON.stringify(v.firstRound)}`)
  }
  for (const key of KEYS.slice(2)) {
    if (!isId(v[key])) throw new DeploymentError(`${key} must be a positive integer id, not ${JSON.stringify(v[key])}`)
  }
  const venues = VENUE_ID_KEYS.filter((k) => v[k] !== undefined)
  for (const key of venues) if (!isId(v[key])) throw new DeploymentError(`${key} must be a positive integer id, not ${JSON.stringify(v[key])}`)
  const programs = v.tinymanPrograms === undefined ? [] : ['tinymanPrograms']
  if (programs.length && !TINYMAN_PROGRAMS.includes(v.tinymanPrograms as TinymanPrograms)) {
    throw new DeploymentError(`tinymanPrograms must be one of ${TINYMAN_PROGRAMS.join(', ')}, not ${JSON.stringify(v.tinymanPrograms)}`)
  }
  if (programs.length && v.tinymanAppId === undefined) throw new DeploymentError('tinymanPrograms needs the tinymanAppId it describes')
  const stable = v[STABLE_ID_KEY] === undefined ? [] : [STABLE_ID_KEY]
  if (stable.length && !isId(v[STABLE_ID_KEY])) throw new DeploymentError(`${STABLE_ID_KEY} must be a positive integer id, not ${JSON.stringify(v[STABLE_ID_KEY])}`)
  return Object.fromEntries([...KEYS, ...venues, ...stable, ...programs].map((k) => [k, v[k]])) as Deployment
}

/** Parses a deployment record's JSON text (of `network`, when given); throws a DeploymentError when it is not one. */
export function parseDeployment(json: string, network?: NetworkName): Deployment {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch (e) {
    throw new DeploymentError(`a deployment record must be JSON: ${e instanceof Error ? e.message : String(e)}`)
  }
  return toDeployment(value, network)
}

/** The JSON text of a deployment record, keys in the record's order, with a final newline. */
export function serializeDeployment(deployment: Deployment): string {
  return JSON.stringify(toDeployment(deployment), null, 2) + '\n'
}

/** The app id of contract `name` in a deployment. */
export function appIdOf(deployment: Deployment, name: ContractName): number {
  return deployment[CONTRACTS.find((c) => c.name === name)!.idKey]
}

/** A deployment with bigint ids and round, as algosdk and the SDK take them. */
export type DeploymentIds = { network: NetworkName; firstRound: bigint } & { [K in AppIdKey | AssetIdKey]: bigint } & { [K in VenueIdKey | StableIdKey]?: bigint } & {
  tinymanPrograms?: TinymanPrograms
}

/** A deployment record's ids as bigints. */
export function deploymentIds(deployment: Deployment): DeploymentIds {
  const d = toDeployment(deployment)
  const keys = [...KEYS, ...[...VENUE_ID_KEYS, STABLE_ID_KEY].filter((k) => d[k] !== undefined)]
  const ids: Record<string, unknown> = Object.fromEntries(keys.map((k) => [k, k === 'network' ? d.network : BigInt(d[k as keyof Deployment]!)]))
  if (d.tinymanPrograms !== undefined) ids.tinymanPrograms = d.tinymanPrograms
  return ids as DeploymentIds
}

/** The deployment record of bigint ids (checked: every id positive and below 2^53). */
export function deploymentRecord(ids: DeploymentIds): Deployment {
  const keys = [...KEYS, ...[...VENUE_ID_KEYS, STABLE_ID_KEY].filter((k) => ids[k] !== undefined)]
  const record = Object.fromEntries(keys.map((k) => [k, k === 'network' ? ids.network : Number(ids[k as keyof DeploymentIds])]))
  return toDeployment(ids.tinymanPrograms === undefined ? record : { ...record, tinymanPrograms: ids.tinymanPrograms })
}
