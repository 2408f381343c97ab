// What the service follows: a Grove deployment record (@grove/sdk/deployment, the one list of
// Grove's contracts), the Tinyman v2 validator beside it, and the stable coin that gives USD prices.
// Where Grove is not deployed, a record of the network and first round alone follows Tinyman v2.
import { readFileSync } from 'node:fs'
import { CONTRACTS, DEPLOYED_ASSETS, DeploymentError, NETWORKS, deploymentIds, toDeployment, type AppIdKey, type AssetIdKey, type DeploymentIds, type NetworkName, type VenueIdKey } from '@grove/sdk/deployment'
import { TINYMAN_V2_VALIDATOR_IDS } from '@grove/sdk/venue-ids'

/**
 * The ids the follower needs, as bigints: each contract and asset of the record when the deployment
 * has it (tests deploy only what they exercise; none where Grove is not deployed), and the Tinyman
 * v2 validator (the record's on the localnet, Tinyman's own on testnet and mainnet).
 */
export type Deployment = Pick<DeploymentIds, 'network' | 'firstRound'> &
  Partial<Pick<DeploymentIds, AppIdKey | AssetIdKey | VenueIdKey>> & {
    /** The stable coin whose pools give USD prices (gUSD on localnet, USDC elsewhere); none = no USD prices. */
    stableAssetId?: bigint
  }

const big = (v: unknown): bigint | undefined => (v === undefined || v === null ? undefined : BigInt(v as number | string))

/**
 * A deployment from JSON: a deployment record (checked by the record module), with an optional
 * `stableAssetId` beside its keys, or `npm start`'s `grove.json` (`{ deployment, seed }`, whose seed
 * names gUSD). Throws the record module's DeploymentError naming the first problem.
 */
export function parseDeployment(json: unknown): Deployment {
  const root = (json ?? {}) as Record<string, unknown>
  const record = (root.deployment ?? root) as Record<string, unknown>
  const seedTokens = ((root.seed as { tokens?: { unitName: string; assetId: number }[] } | undefined)?.tokens ?? []) as { unitName: string; assetId: number }[]
  const stable = big(record.stableAssetId ?? root.stableAssetId) ?? big(seedTokens.find((t) => t.unitName === 'gUSD')?.assetId)
  const ids: Deployment = grove(record) ? deploymentIds(toDeployment(record)) : venueOnly(record)
  const tinyman = ids.tinymanAppId ?? (ids.network === 'localnet' ? undefined : TINYMAN_V2_VALIDATOR_IDS[ids.network])
  return { ...ids, ...(tinyman !== undefined ? { tinymanAppId: tinyman } : {}), ...(stable !== undefined ? { stableAssetId: stable } : {}) }
}

/** Whether a record names any of Grove's contracts (then it must be a whole deployment record). */
const grove = (record: Record<string, unknown>) => ['registryAppId', 'dexAppId'].some((k) => record[k] !== undefined)

/** A network without Grove: `{ network, firstRound, tinymanAppId? }` (the validator defaults to Tinyman's own there). */
function venueOnly(record: Record<string, unknown>): Deployment {
  const network = record.network as NetworkName
  if (!NETWORKS.includes(network)) throw new DeploymentError(`network must be one of ${NETWORKS.join(', ')}, not ${JSON.stringify(record.network)}`)
  const firstRound = record.firstRound
  if (!(typeof firstRound === 'number' && Number.isSafeInteger(firstRound) && firstRound >= 0)) throw new DeploymentError(`firstRound must be a round number (0 or more), not ${JSON.stringify(firstRound)}`)
  const tinyman = big(record.tinymanAppId)
  if (network === 'localnet' && tinyman === undefined) throw new DeploymentError('registryAppId must be a positive integer id, not undefined (a localnet record without Grove needs tinymanAppId)')
  return { network, firstRound: BigInt(firstRound), ...(tinyman !== undefined ? { tinymanAppId: tinyman } : {}) }
}

/** Reads a deployment record file (see parseDeployment); the error names the file. */
export function readDeployment(file: string): Deployment {
  try {
    return parseDeployment(JSON.parse(readFileSync(file, 'utf8')))
  } catch (e) {
    if (e instanceof DeploymentError || e instanceof SyntaxError) throw new DeploymentError(`${file} is not a deployment record: ${e.message}`)
    throw e
  }
}

/**
 * The ids as the SDK's contract modules read them (`dexContract.readers`, …): a contract or asset
 * the record lacks as 0, an id algod refuses, so a read of a contract that is not deployed fails.
 */
export function readerIds(deployment: Deployment): DeploymentIds {
  const absent = Object.fromEntries([...CONTRACTS, ...DEPLOYED_ASSETS].map(({ idKey }) => [idKey, deployment[idKey] ?? 0n])) as Pick<DeploymentIds, AppIdKey | AssetIdKey>
  return { ...deployment, ...absent }
}

/** A deployment where Grove is deployed: the DEX and the registry at least. */
export type GroveDeployment = Deployment & Required<Pick<Deployment, 'dexAppId' | 'registryAppId'>>
