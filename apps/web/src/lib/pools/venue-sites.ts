// Where a venue's own site shows one of its pools, for the networks where that site exists: Tinyman's
// app (app.tinyman.org on MainNet, testnet.tinyman.org on TestNet) opens a pool by its account's
// address. The localnet's Tinyman-compatible validator has no site, so its pools link nowhere.
import { tinymanPoolAddress } from '@grove/sdk/venues'
import { NETWORKS, type NetworkId } from '../networks.ts'

/** Tinyman's web app on each network that has one. */
export const TINYMAN_SITES: Readonly<Partial<Record<NetworkId, string>>> = {
  mainnet: 'https://app.tinyman.org',
  testnet: 'https://testnet.tinyman.org',
}

/** The page of Tinyman v2's pool of (a, b) on `network`'s Tinyman site, or null where the network has none. */
export function tinymanPoolPage(network: NetworkId, a: bigint, b: bigint): string | null {
  const site = TINYMAN_SITES[network]
  const validator = NETWORKS[network].tinymanAppId
  if (!site || !validator) return null
  return `${site}/pool/${tinymanPoolAddress(BigInt(validator), a, b)}`
}
