// Where Grove's contracts live on each network. The contracts package writes one
// `apps/web/deployments/<network>.json` per deployment; until a network has that file the
// protocol is not deployed there, and pages say so instead of showing invented data.
import type { NetworkId } from './networks.ts'

/** App ids of a Grove deployment on one network. */
export interface Deployment {
  network: NetworkId
  dexAppId: number
  stakingAppId: number
  lockAppId: number
  registryAppId: number
  groveAssetId: number
}

const files = import.meta.glob<{ default: unknown }>('/deployments/*.json', { eager: true })

function isDeployment(value: unknown, network: NetworkId): value is Deployment {
  if (typeof value !== 'object' || value === null) return false
  const d = value as Record<string, unknown>
  const ids = ['dexAppId', 'stakingAppId', 'lockAppId', 'registryAppId', 'groveAssetId']
  return d.network === network && ids.every((k) => Number.isSafeInteger(d[k]) && (d[k] as number) > 0)
}

/** The deployment on `network`, or null when Grove is not deployed there (or the file is malformed). */
export function deploymentFor(network: NetworkId, sources: Record<string, { default: unknown }> = files): Deployment | null {
  const value = sources[`/deployments/${network}.json`]?.default
  return isDeployment(value, network) ? value : null
}
