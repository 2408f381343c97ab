// What the service follows: a Grove deployment's app ids, first round and stable coin.
import { readFileSync } from 'node:fs'

/** The ids the follower needs from a deployment record. */
export interface Deployment {
  network: string
  dexAppId: bigint
  registryAppId: bigint
  /** The first round with Grove on it (the DEX's creation round); following starts here. */
  firstRound: bigint
  /** The stable coin whose ALGO pool gives USD prices (gUSD on localnet, USDC elsewhere); none = no USD prices. */
  stableAssetId?: bigint
}

const big = (v: unknown): bigint | undefined => (v === undefined || v === null ? undefined : BigInt(v as number | string))

/**
 * A deployment from a JSON record: either `{ dexAppId, registryAppId, firstRound?, stableAssetId? }`
 * or `npm start`'s `grove.json` (`{ deployment, seed }`, whose seed names gUSD). firstRound defaults
 * to 1, which only suits a localnet.
 */
export function parseDeployment(json: unknown): Deployment {
  const root = (json ?? {}) as Record<string, unknown>
  const d = (root.deployment ?? root) as Record<string, unknown>
  const seedTokens = ((root.seed as { tokens?: { unitName: string; assetId: number }[] } | undefined)?.tokens ?? []) as { unitName: string; assetId: number }[]
  const dexAppId = big(d.dexAppId)
  const registryAppId = big(d.registryAppId)
  if (dexAppId === undefined || registryAppId === undefined) throw new Error('The deployment record needs dexAppId and registryAppId.')
  const stable = big(d.stableAssetId ?? d.usdAssetId) ?? big(seedTokens.find((t) => t.unitName === 'gUSD')?.assetId)
  return {
    network: String(d.network ?? 'localnet'),
    dexAppId,
    registryAppId,
    firstRound: big(d.firstRound) ?? 1n,
    ...(stable !== undefined ? { stableAssetId: stable } : {}),
  }
}

/** Reads a deployment record file (see parseDeployment). */
export function readDeployment(file: string): Deployment {
  return parseDeployment(JSON.parse(readFileSync(file, 'utf8')))
}
