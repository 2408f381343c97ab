// The active network as pages need it: its table entry, the algod in use and Grove's
// deployment there (null when not deployed).
import { useQuery } from '@tanstack/react-query'
import { algodHealthQuery } from './algod.ts'
import { deploymentFor, useDeployment, type Deployment } from './deployment.ts'
import { NETWORKS, explorerLinks, type AlgodConfig, type NetworkInfo } from './networks.ts'
import { effectiveAlgod, useSettings } from './settings.ts'

/** What a page needs to know about where it is running. */
export interface ProtocolContext {
  network: NetworkInfo
  algod: AlgodConfig
  deployment: Deployment | null
}

/** The active network (with the explorer chosen in settings), its algod endpoint and Grove's deployment on it; follows settings changes. */
export function useProtocol(): ProtocolContext {
  const settings = useSettings()
  const algod = effectiveAlgod(settings)
  const network = { ...NETWORKS[settings.network], explorer: explorerLinks(settings.network, settings.explorer) }
  return { network, algod, deployment: useDeployment(settings.network, algod) }
}

/** Why a page has no deployment to work with (null: none, or not known yet). */
export type DeploymentProblem = 'unreachable' | 'not-deployed' | null

/**
 * Why a page has no deployment to work with: 'unreachable' when this network has a Grove deployment
 * but its node does not answer (a custom node down, mistyped or refusing this page), 'not-deployed'
 * when the network has none, null while the node is being asked or when Grove is there. Where the
 * node still matters without Grove (Tinyman v2's network, or a custom node), one that does not
 * answer reads as unreachable too.
 */
export function useDeploymentProblem(): DeploymentProblem {
  const settings = useSettings()
  const { algod, deployment } = useProtocol()
  const health = useQuery({ ...algodHealthQuery(algod), enabled: deployment === null })
  if (deployment !== null) return null
  if (deploymentFor(settings.network) === null) {
    const nodeMatters = NETWORKS[settings.network].tinymanAppId !== undefined || settings.algodOverrides[settings.network] !== undefined
    return nodeMatters && health.isError ? 'unreachable' : 'not-deployed'
  }
  return health.isError ? 'unreachable' : health.isSuccess ? 'not-deployed' : null
}

/** The words an action button shows for that problem. */
export const DEPLOYMENT_PROBLEM_LABEL = { unreachable: 'The node cannot be reached', 'not-deployed': 'Grove is not deployed on this network' } as const
