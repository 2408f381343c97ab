import { describe, expect, it } from 'vitest'
import { NETWORKS } from '@/lib/networks.ts'
import { DEFAULT_SETTINGS } from '@/lib/settings.ts'
import { managedWallets, offeredWallets, walletIdOf, walletManagerConfig, walletNetworks } from './wallet-config.ts'

const ids = (list: Parameters<typeof walletIdOf>[0][]) => list.map(walletIdOf)

describe('offeredWallets', () => {
  it.each([
    ['mainnet', ['defly', 'pera', 'kibisis', 'lute']],
    ['testnet', ['defly', 'pera', 'kibisis', 'lute', 'kmd', 'mnemonic']],
    ['localnet', ['defly', 'pera', 'kibisis', 'lute', 'kmd', 'mnemonic']],
  ] as const)('offers on %s: %j', (network, expected) => {
    expect(ids(offeredWallets(NETWORKS[network]))).toEqual(expected)
  })

  it('gives Lute the site name Grove', () => {
    const lute = offeredWallets(NETWORKS.mainnet).find((w) => walletIdOf(w) === 'lute')
    expect(lute).toEqual({ id: 'lute', options: { siteName: 'Grove' } })
  })

  it('points KMD at the localnet kmd and its default wallet', () => {
    const kmd = offeredWallets(NETWORKS.localnet).find((w) => walletIdOf(w) === 'kmd')
    expect(kmd).toMatchObject({ options: { baseServer: 'http://127.0.0.1', port: '4002', token: 'a'.repeat(64), wallet: 'unencrypted-default-wallet' } })
  })

  it('keeps a Mnemonic across reloads on localnet only', () => {
    const mnemonic = (network: 'localnet' | 'testnet') => offeredWallets(NETWORKS[network]).find((w) => walletIdOf(w) === 'mnemonic')
    expect(mnemonic('localnet')).toMatchObject({ options: { persistToStorage: true } })
    expect(mnemonic('testnet')).toMatchObject({ options: { persistToStorage: false } })
  })
})

describe('managedWallets', () => {
  it('runs a stored Mnemonic session on mainnet so use-wallet can refuse it out loud', () => {
    expect(ids(managedWallets(NETWORKS.mainnet, 'mnemonic'))).toContain('mnemonic')
  })

  it('runs only the offered wallets otherwise', () => {
    expect(ids(managedWallets(NETWORKS.mainnet, 'pera'))).toEqual(['defly', 'pera', 'kibisis', 'lute'])
    expect(ids(managedWallets(NETWORKS.mainnet, null))).toHaveLength(4)
  })
})

describe('walletNetworks', () => {
  it('maps Grove networks to use-wallet configs, applying the algod override', () => {
    const networks = walletNetworks({ ...DEFAULT_SETTINGS, algodOverrides: { testnet: { server: 'https://node.example', port: '443', token: 't' } } })
    expect(networks.testnet).toEqual({ algod: { baseServer: 'https://node.example', port: '443', token: 't', headers: {} }, isTestnet: true, genesisId: 'testnet-v1.0' })
    expect(networks.localnet.algod).toEqual({ baseServer: 'http://127.0.0.1', port: '4001', token: 'a'.repeat(64), headers: {} })
    expect(networks.mainnet.isTestnet).toBe(false)
  })
})

describe('walletManagerConfig', () => {
  it.each([
    [false, 2],
    [true, 0],
  ])('with debug %s sets log level %i and lets settings pick the network', (debug, level) => {
    const config = walletManagerConfig({ ...DEFAULT_SETTINGS, network: 'testnet', debug }, null)
    expect(config.options).toEqual({ resetNetwork: true, logLevel: level })
    expect(config.defaultNetwork).toBe('testnet')
  })
})
