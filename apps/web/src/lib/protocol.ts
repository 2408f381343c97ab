// The active network as pages need it: its table entry, the algod in use and Grove's
// deployment there (null when not deployed).
import { useDeployment, type Deployment } from './deployment.ts'
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
