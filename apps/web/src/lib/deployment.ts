// Where Grove's contracts live on each network. Public networks have a committed
// `apps/web/deployments/<network>.json` (written by `npm run deploy`); the localnet's ids differ
// per data directory, so `npm start`'s server says the deployment of the localnet it runs at run
// time (lib/runtime.ts; a build may also carry one in VITE_GROVE_DEPLOYMENT). Until a network has one the protocol is not deployed there, and pages
// say so instead of showing invented data. A localnet deployment is checked against algod, so a
// file left over from another data directory never points the app at the wrong apps.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { CONTRACTS, DEPLOYED_ASSETS, toDeployment, type Deployment } from '@grove/sdk/deployment'
import { AlgodAnswerError, algodBaseUrl, algodGet, algodHealthQuery } from './algod.ts'
import type { AlgodConfig, NetworkId } from './networks.ts'
import { RUNTIME } from './runtime.ts'

/** Where Grove's contracts and assets live on one network: the deployment record (@grove/sdk/deployment). */
export type { Deployment }

type Sources = Record<string, { default: unknown }>

const files = import.meta.glob<{ default: unknown }>('/deployments/*.json', { eager: true })

/** The deployment the server says at run time, or the one baked into this build (a JSON string), if any. */
function builtIn(json: string | undefined): Sources {
  if (!json) return {}
  try {
    const value = JSON.parse(json) as { network?: unknown }
    return { [`/deployments/${String(value.network)}.json`]: { default: value } }
  } catch {
    return {}
  }
}

const sources: Sources = { ...files, ...builtIn(RUNTIME.deployment ?? import.meta.env.VITE_GROVE_DEPLOYMENT) }

function parse(value: unknown, network: NetworkId): Deployment | null {
  if (value === undefined) return null
  try {
    return toDeployment(value, network)
  } catch (e) {
    console.warn(`Ignoring the ${network} deployment record: ${e instanceof Error ? e.message : String(e)}`)
    return null
  }
}

/** The deployment recorded for `network`, or null when Grove is not deployed there (or the record is malformed). */
export function deploymentFor(network: NetworkId, from: Sources = sources): Deployment | null {
  return parse(from[`/deployments/${network}.json`]?.default, network)
}

/** Why a deployment does not match the chain behind `algod`, or null when it does. */
export async function checkDeployment(algod: AlgodConfig, d: Deployment, fetchFn?: typeof fetch): Promise<string | null> {
  const get = (path: string) =>
    algodGet<{ params: Record<string, unknown> }>(algod, path, fetchFn ? { fetch: fetchFn } : {}).catch((error: unknown) => {
      if (error instanceof AlgodAnswerError) return null
      throw error
    })
  const [apps, assets] = await Promise.all([
    Promise.all(CONTRACTS.map((c) => get(`/v2/applications/${d[c.idKey]}`))),
    Promise.all(DEPLOYED_ASSETS.map((a) => get(`/v2/assets/${d[a.idKey]}`))),
  ])
  // the DEX first: a record from another data directory usually names no DEX here
  const order = [...CONTRACTS.keys()].sort((i, j) => Number(CONTRACTS[j]!.name === 'Dex') - Number(CONTRACTS[i]!.name === 'Dex'))
  for (const i of order) if (!apps[i]) return `${CONTRACTS[i]!.label} app ${d[CONTRACTS[i]!.idKey]} does not exist`
  const creator = apps[order[0]!]!.params.creator
  for (const i of order) if (apps[i]!.params.creator !== creator) return `${CONTRACTS[i]!.label} app ${d[CONTRACTS[i]!.idKey]} has another creator than the ${CONTRACTS[order[0]!]!.label}`
  for (const [i, a] of DEPLOYED_ASSETS.entries()) if (assets[i]?.params['unit-name'] !== a.name) return `asset ${d[a.idKey]} is not ${a.name}`
  return null
}

/** The one query checking a localnet deployment against algod (once per algod and deployment). */
export function deploymentCheckQuery(algod: AlgodConfig, d: Deployment | null) {
  return queryOptions({
    queryKey: ['algod', algodBaseUrl(algod), 'deployment-check', d],
    queryFn: async () => {
      const why = d && (await checkDeployment(algod, d))
      if (why) console.warn(`Ignoring the localnet deployment: ${why}`)
      return why
    },
    staleTime: Infinity,
    retry: false,
    // a failed check stays failed until the node answers again (algodHealthQuery polls it): every page
    // mounting useDeployment refetching it flipped the deployment on and off in a loop of requests
    retryOnMount: false,
  })
}

/**
 * Grove's deployment on `network`. A localnet deployment is trusted until algod contradicts it;
 * then (or when algod cannot be reached to check) it is null and pages show "not deployed".
 */
export function useDeployment(network: NetworkId, algod: AlgodConfig): Deployment | null {
  const d = deploymentFor(network)
  const check = useQuery({ ...deploymentCheckQuery(algod, d), enabled: d !== null && network === 'localnet' })
  // a node that does not answer holds nothing we can read: no deployment to work with (pages say why)
  const health = useQuery({ ...algodHealthQuery(algod), enabled: d !== null })
  // a check that failed while the node was down is made again once it answers
  const { refetch } = check
  const recheck = check.isError && health.isSuccess
  useEffect(() => {
    if (recheck) void refetch()
  }, [recheck, health.dataUpdatedAt, refetch])
  if (d === null || health.isError) return null
  if (network !== 'localnet') return d
  return check.isError || (check.isSuccess && check.data !== null) ? null : d
}
