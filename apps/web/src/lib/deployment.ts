// Where Grove's contracts live on each network. Public networks have a committed
// `apps/web/deployments/<network>.json` (written by `npm run deploy`); the localnet's ids differ
// per data directory, so `npm start` bakes the deployment of the localnet it runs into its build
// (VITE_GROVE_DEPLOYMENT). Until a network has one the protocol is not deployed there, and pages
// say so instead of showing invented data. A localnet deployment is checked against algod, so a
// file left over from another data directory never points the app at the wrong apps.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { algodBaseUrl } from './algod.ts'
import type { AlgodConfig, NetworkId } from './networks.ts'

/** App ids of a Grove deployment on one network; staking and lock apps are absent until they exist. */
export interface Deployment {
  network: NetworkId
  dexAppId: number
  registryAppId: number
  groveAssetId: number
  stakingAppId?: number
  lockAppId?: number
}

type Sources = Record<string, { default: unknown }>

const files = import.meta.glob<{ default: unknown }>('/deployments/*.json', { eager: true })

/** The deployment `npm start` baked into this build (a JSON string), if any. */
function builtIn(json: string | undefined): Sources {
  if (!json) return {}
  try {
    const value = JSON.parse(json) as { network?: unknown }
    return { [`/deployments/${String(value.network)}.json`]: { default: value } }
  } catch {
    return {}
  }
}

const sources: Sources = { ...files, ...builtIn(import.meta.env.VITE_GROVE_DEPLOYMENT) }

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0

function parse(value: unknown, network: NetworkId): Deployment | null {
  if (typeof value !== 'object' || value === null) return null
  const d = value as Record<string, unknown>
  if (d.network !== network || !isId(d.dexAppId) || !isId(d.registryAppId) || !isId(d.groveAssetId)) return null
  const optional = (k: 'stakingAppId' | 'lockAppId') => (d[k] === undefined || d[k] === 0 ? {} : isId(d[k]) ? { [k]: d[k] } : null)
  const staking = optional('stakingAppId')
  const lock = optional('lockAppId')
  if (!staking || !lock) return null
  return { network, dexAppId: d.dexAppId, registryAppId: d.registryAppId, groveAssetId: d.groveAssetId, ...staking, ...lock }
}

/** The deployment recorded for `network`, or null when Grove is not deployed there (or the record is malformed). */
export function deploymentFor(network: NetworkId, from: Sources = sources): Deployment | null {
  return parse(from[`/deployments/${network}.json`]?.default, network)
}

/** Why a deployment does not match the chain behind `algod`, or null when it does. */
export async function checkDeployment(algod: AlgodConfig, d: Deployment, fetchFn: typeof fetch = fetch): Promise<string | null> {
  const get = async (path: string) => {
    const res = await fetchFn(`${algodBaseUrl(algod)}${path}`, { headers: algod.token ? { 'X-Algo-API-Token': algod.token } : {} })
    return res.ok ? ((await res.json()) as { params: Record<string, unknown> }) : null
  }
  const [dex, registry, grove] = await Promise.all([get(`/v2/applications/${d.dexAppId}`), get(`/v2/applications/${d.registryAppId}`), get(`/v2/assets/${d.groveAssetId}`)])
  if (!dex) return `DEX app ${d.dexAppId} does not exist`
  if (!registry) return `registry app ${d.registryAppId} does not exist`
  if (registry.params.creator !== dex.params.creator) return `registry app ${d.registryAppId} has another creator than the DEX`
  if (!grove || grove.params['unit-name'] !== 'GROVE') return `asset ${d.groveAssetId} is not GROVE`
  return null
}

/** The one query checking a localnet deployment against algod (once per algod and deployment). */
export function deploymentCheckQuery(algod: AlgodConfig, d: Deployment) {
  return queryOptions({
    queryKey: ['algod', algodBaseUrl(algod), 'deployment-check', d.dexAppId, d.registryAppId, d.groveAssetId],
    queryFn: async () => {
      const why = await checkDeployment(algod, d)
      if (why) console.warn(`Ignoring the localnet deployment: ${why}`)
      return why
    },
    staleTime: Infinity,
    retry: false,
  })
}

/**
 * Grove's deployment on `network`. A localnet deployment is trusted until algod contradicts it;
 * then (or when algod cannot be reached to check) it is null and pages show "not deployed".
 */
export function useDeployment(network: NetworkId, algod: AlgodConfig): Deployment | null {
  const d = deploymentFor(network)
  const check = useQuery({ ...deploymentCheckQuery(algod, d ?? { network, dexAppId: 0, registryAppId: 0, groveAssetId: 0 }), enabled: d !== null && network === 'localnet' })
  if (d === null || network !== 'localnet') return d
  return check.isError || (check.isSuccess && check.data !== null) ? null : d
}
