// The networks Grove can run on. This table is the one source for algod defaults,
// genesis ids and explorer links; settings, the wallet layer and the badge read it.
import { PUBLIC_ALGOD } from './public-networks.ts'

/** Identifier of a network Grove knows. */
export type NetworkId = 'localnet' | 'testnet' | 'mainnet'

/** How to reach an algod node: base URL (scheme + host), port ('' = the scheme's default) and API token. */
export interface AlgodConfig {
  server: string
  port: string
  token: string
}

/** Links to a block explorer for one network. */
export interface Explorer {
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
  genesisId?: string
  explorer?: Explorer
  /** Origin of Grove's analytics service on this network; null where none runs (the trading pages work without it). */
  analytics: string | null
}

/** Lora (by AlgoKit) links for a public network; localnet has no indexer for it to read, so no explorer. */
function lora(network: 'testnet' | 'mainnet'): Explorer {
  const base = `https://lora.algokit.io/${network}`
  return {
    tx: (id) => `${base}/transaction/${encodeURIComponent(id)}`,
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
    // `npm start` may run the localnet on other ports (GROVE_ALGOD_PORT) and builds them in.
    algod: { server: 'http://127.0.0.1', port: import.meta.env.VITE_GROVE_ALGOD_PORT || '4001', token: 'a'.repeat(64) },
    genesisId: 'dockernet-v1',
    // `npm start` bakes in where it started the service (GROVE_ANALYTICS_PORT may move it).
    analytics: import.meta.env.VITE_GROVE_ANALYTICS_URL || 'http://127.0.0.1:4010',
  },
  testnet: {
    id: 'testnet',
    name: 'TestNet',
    isTestnet: true,
    algod: { server: PUBLIC_ALGOD.testnet, port: '', token: '' },
    genesisId: 'testnet-v1.0',
    explorer: lora('testnet'),
    analytics: null,
  },
  mainnet: {
    id: 'mainnet',
    name: 'MainNet',
    isTestnet: false,
    algod: { server: PUBLIC_ALGOD.mainnet, port: '', token: '' },
    genesisId: 'mainnet-v1.0',
    explorer: lora('mainnet'),
    analytics: null,
  },
}

/** Network ids in display order. */
export const NETWORK_IDS: readonly NetworkId[] = ['localnet', 'testnet', 'mainnet']

/** Narrows an unknown value (persisted data, env var, URL) to a known network id. */
export function isNetworkId(value: unknown): value is NetworkId {
  return typeof value === 'string' && (NETWORK_IDS as readonly string[]).includes(value)
}
