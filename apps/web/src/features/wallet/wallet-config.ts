// Which wallets and networks use-wallet is configured with, derived from Grove's network
// table and the user's settings. Loaded only with the wallet runtime (it imports use-wallet).
import { LogLevel, WalletId, type NetworkConfig, type SupportedWallet, type WalletManagerConfig } from '@txnlab/use-wallet-react'
import { NETWORKS, type NetworkId, type NetworkInfo } from '@/lib/networks.ts'
import { effectiveAlgod, type Settings } from '@/lib/settings.ts'
import { LOCAL_KMD } from './wallet-constants.ts'


/** Wallets offered on every network. */
const PUBLIC_WALLETS: SupportedWallet[] = [
  WalletId.DEFLY,
  WalletId.PERA,
  WalletId.KIBISIS,
  { id: WalletId.LUTE, options: { siteName: 'Grove' } },
]

/** Wallets that hold keys in the browser or a local daemon: test networks only. */
function testWallets(network: NetworkInfo): SupportedWallet[] {
  return [
    // The localnet's default kmd wallet has an empty password, so there is nothing to ask.
    { id: WalletId.KMD, options: { ...LOCAL_KMD, promptForPassword: () => Promise.resolve('') } },
    // Localnet accounts are throwaway development keys, so keeping the mnemonic lets the session
    // survive a reload there; on public test networks it is asked for again, as use-wallet defaults.
    { id: WalletId.MNEMONIC, options: { persistToStorage: network.id === 'localnet' } },
  ]
}

/** Id of a wallet config entry. */
export function walletIdOf(wallet: SupportedWallet): string {
  return typeof wallet === 'string' ? wallet : wallet.id
}

/** Wallets the modal offers on `network`: the four public ones, plus KMD and Mnemonic on test networks. */
export function offeredWallets(network: NetworkInfo): SupportedWallet[] {
  return network.isTestnet ? [...PUBLIC_WALLETS, ...testWallets(network)] : [...PUBLIC_WALLETS]
}

/**
 * Wallets the manager runs: the offered ones, plus a persisted Mnemonic session on a production
 * network, so that use-wallet's own check refuses it ("Production network detected. Aborting.")
 * and the user is told, rather than the session silently vanishing.
 */
export function managedWallets(network: NetworkInfo, persistedWallet: string | null): SupportedWallet[] {
  const offered = offeredWallets(network)
  if (persistedWallet === WalletId.MNEMONIC && !network.isTestnet) return [...offered, WalletId.MNEMONIC]
  return offered
}

/** use-wallet's network table: Grove's networks with the user's algod override applied. */
export function walletNetworks(settings: Settings): Record<NetworkId, NetworkConfig> {
  const entries = Object.values(NETWORKS).map((n): [NetworkId, NetworkConfig] => {
    const algod = effectiveAlgod({ ...settings, network: n.id })
    return [
      n.id,
      {
        algod: { baseServer: algod.server, port: algod.port, token: algod.token, headers: {} },
        isTestnet: n.isTestnet,
        ...(n.genesisId ? { genesisId: n.genesisId } : {}),
      },
    ]
  })
  return Object.fromEntries(entries) as Record<NetworkId, NetworkConfig>
}

/** The whole WalletManager config for the current settings; debug turns on use-wallet's debug log. */
export function walletManagerConfig(settings: Settings, persistedWallet: string | null): WalletManagerConfig {
  return {
    wallets: managedWallets(NETWORKS[settings.network], persistedWallet),
    networks: walletNetworks(settings),
    defaultNetwork: settings.network,
    // Settings own the network choice; use-wallet's own persisted network must not override it.
    options: { resetNetwork: true, logLevel: settings.debug ? LogLevel.DEBUG : LogLevel.WARN },
  }
}
