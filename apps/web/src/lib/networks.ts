// The networks Grove can run on. This table is the one source for algod defaults,
// genesis ids and explorer links; settings, the wallet layer and the badge read it.
import { TINYMAN_V2_VALIDATOR_IDS } from '@grove/sdk/venue-ids'
import { PUBLIC_ALGOD, PUBLIC_INDEXER } from './public-networks.ts'
import { RUNTIME } from './runtime.ts'

/** Identifier of a network Grove knows. */
export type NetworkId = 'localnet' | 'testnet' | 'mainnet'

/** How to reach an algod node: base URL (scheme + host), port ('' = the scheme's default) and API token. */
export interface AlgodConfig {
  server: string
  port: string
  token: string
}

/** How to reach an indexer (v2 REST API): same shape as algod's; the token is sent as X-Indexer-API-Token. */
export type IndexerConfig = AlgodConfig

/** Links to a block explorer for one network. */
export interface Explorer {
  /** Display name, e.g. "allo.info". */
  name: string
  tx(id: string): string
  account(address: string): string
  asset(id: bigint | number): string
}

/** Everything the app needs to know about one network. */
export interface NetworkInfo {
  id: NetworkId
  name: string
  /** Test networks allow the KMD and Mnemonic wallets; mainnet never does. */
  isTestnet: boolean
  algod: AlgodConfig
  /** The indexer that account history and ARC-69 metadata are read from. */
  indexer: IndexerConfig
  genesisId?: string
  /** Links of the default explorer; pages read the user's choice through useProtocol. */
  explorer?: Explorer
  /**
   * Origin of Grove's analytics service on this network; null where none runs (the trading pages work
   * without it). A build names one per public network (VITE_GROVE_ANALYTICS_URL_TESTNET / _MAINNET) and
   * a user may set their own under Settings (lib/settings.ts, effectiveAnalytics).
   */
  analytics: string | null
  /**
   * Tinyman v2's validator app on this network (its own program, nothing of Grove's): the public
   * networks' real ids; the localnet's comes from its deployment record (lib/pools/venues.ts).
   */
  tinymanAppId?: number
}

/** Block explorers the user can choose on /settings. */
export type ExplorerId = 'allo' | 'pera'

/** The explorers in display order, with their names. */
export const EXPLORERS: readonly { id: ExplorerId; name: string }[] = [
  { id: 'allo', name: 'allo.info' },
  { id: 'pera', name: 'Pera Explorer' },
]

/** Narrows an unknown value (persisted data) to a known explorer id. */
export function isExplorerId(value: unknown): value is ExplorerId {
  return EXPLORERS.some((e) => e.id === value)
}

/** Links of `explorer` for a public network; localnet has no indexer for an explorer to read, so none. */
export function explorerLinks(network: NetworkId, explorer: ExplorerId): Explorer | undefined {
  if (network === 'localnet') return undefined
  if (explorer === 'pera') {
    const base = network === 'mainnet' ? 'https://explorer.perawallet.app' : 'https://testnet.explorer.perawallet.app'
    return {
      name: 'Pera Explorer',
      tx: (id) => `${base}/tx/${encodeURIComponent(id)}/`,
      account: (address) => `${base}/address/${encodeURIComponent(address)}/`,
      asset: (id) => `${base}/asset/${id.toString()}/`,
    }
  }
  const base = network === 'mainnet' ? 'https://allo.info' : 'https://testnet.allo.info'
  return {
    name: 'allo.info',
    tx: (id) => `${base}/tx/${encodeURIComponent(id)}`,
    account: (address) => `${base}/account/${encodeURIComponent(address)}`,
    asset: (id) => `${base}/asset/${id.toString()}`,
  }
}

/** The networks, keyed by id. Localnet matches AlgoKit LocalNet, which the embedded ledger stands in for. */
export const NETWORKS: Record<NetworkId, NetworkInfo> = {
  localnet: {
    id: 'localnet',
    name: 'LocalNet',
    isTestnet: true,
    // `npm start` may run the localnet on other ports (GROVE_ALGOD_PORT): its server says them at run time (lib/runtime.ts).
    algod: { server: 'http://127.0.0.1', port: RUNTIME.algodPort || import.meta.env.VITE_GROVE_ALGOD_PORT || '4001', token: 'a'.repeat(64) },
    // The embedded localnet's indexer needs no token (as AlgoKit LocalNet's); GROVE_INDEXER_PORT may move it.
    indexer: { server: 'http://127.0.0.1', port: RUNTIME.indexerPort || import.meta.env.VITE_GROVE_INDEXER_PORT || '8980', token: '' },
    genesisId: 'dockernet-v1',
    // `npm start` says where it started the service (GROVE_ANALYTICS_PORT may move it).
    analytics: RUNTIME.analyticsUrl || import.meta.env.VITE_GROVE_ANALYTICS_URL || 'http://127.0.0.1:4010',
  },
  testnet: {
    id: 'testnet',
    name: 'TestNet',
    isTestnet: true,
    algod: { server: PUBLIC_ALGOD.testnet, port: '', token: '' },
    indexer: { server: PUBLIC_INDEXER.testnet, port: '', token: '' },
    genesisId: 'testnet-v1.0',
    explorer: explorerLinks('testnet', 'allo'),
    // a service that follows Tinyman alone runs without Grove's contracts (docs/deploying.md)
    analytics: import.meta.env.VITE_GROVE_ANALYTICS_URL_TESTNET || null,
    tinymanAppId: Number(TINYMAN_V2_VALIDATOR_IDS.testnet),
  },
  mainnet: {
    id: 'mainnet',
    name: 'MainNet',
    isTestnet: false,
    algod: { server: PUBLIC_ALGOD.mainnet, port: '', token: '' },
    indexer: { server: PUBLIC_INDEXER.mainnet, port: '', token: '' },
    genesisId: 'mainnet-v1.0',
    explorer: explorerLinks('mainnet', 'allo'),
    analytics: import.meta.env.VITE_GROVE_ANALYTICS_URL_MAINNET || null,
    tinymanAppId: Number(TINYMAN_V2_VALIDATOR_IDS.mainnet),
  },
}

/** Network ids in display order. */
export const NETWORK_IDS: readonly NetworkId[] = ['localnet', 'testnet', 'mainnet']

/** Narrows an unknown value (persisted data, env var, URL) to a known network id. */
export function isNetworkId(value: unknown): value is NetworkId {
  return typeof value === 'string' && (NETWORK_IDS as readonly string[]).includes(value)
}

/** The known network whose genesis id is `genesisId` (what a node's /versions names), if any. */
export function networkOfGenesis(genesisId: string | undefined): NetworkId | undefined {
  return genesisId === undefined ? undefined : NETWORK_IDS.find((id) => NETWORKS[id].genesisId === genesisId)
}
