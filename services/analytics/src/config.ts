// What the service follows: a Grove deployment record (@grove/sdk/deployment, the one list of
// Grove's contracts) and the stable coin that gives USD prices.
import { readFileSync } from 'node:fs'
import { DeploymentError, deploymentIds, toDeployment, type AppIdKey, type AssetIdKey, type DeploymentIds } from '@grove/sdk/deployment'

/**
 * The ids the follower needs, as bigints: the DEX and registry always; the other contracts and
 * assets of the record when the deployment has them (tests deploy only what they exercise).
 */
export type Deployment = Pick<DeploymentIds, 'network' | 'firstRound' | 'dexAppId' | 'registryAppId'> &
  Partial<Pick<DeploymentIds, Exclude<AppIdKey | AssetIdKey, 'dexAppId' | 'registryAppId'>>> & {
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
  const ids = deploymentIds(toDeployment(record))
  return { ...ids, ...(stable !== undefined ? { stableAssetId: stable } : {}) }
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
