// The venues a keeper routes through for a deployment: Grove's DEX, and Tinyman v2 where the network
// has it (the deployment's Tinyman app on the localnet, Tinyman's validator on testnet and mainnet).
import type { Algodv2 } from 'algosdk'
import { tinymanLabel, type Deployment } from '@grove/contracts/deployment'
import { groveVenue, tinymanVenue, TINYMAN_V2_VALIDATOR_IDS, type Venue } from '@grove/sdk/venues'

/** Every venue of `deployment`'s network the router may split a fill over. */
export function deploymentVenues(algod: Algodv2, deployment: Deployment): Venue[] {
  const venues = [groveVenue({ algod, dexAppId: BigInt(deployment.dexAppId), registryAppId: BigInt(deployment.registryAppId) }) as unknown as Venue]
  const tinyman = deployment.tinymanAppId !== undefined ? BigInt(deployment.tinymanAppId) : deployment.network === 'localnet' ? undefined : TINYMAN_V2_VALIDATOR_IDS[deployment.network]
  if (tinyman !== undefined) venues.push(tinymanVenue({ algod, validatorAppId: tinyman, label: tinymanLabel(deployment) }) as unknown as Venue)
  return venues
}
