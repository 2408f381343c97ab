// Where Tinyman v2 lives on the public networks, without algosdk: the web app's network table reads
// this (@grove/sdk/venue-ids) on its first load, before the SDK itself is loaded.

/** Tinyman v2's own validator app ids on the public networks. */
export const TINYMAN_V2_VALIDATOR_IDS = { testnet: 148_607_000n, mainnet: 1_002_541_853n } as const

/** How Tinyman v2's own programs are labelled (the deployment record's name for them, here beside the ids). */
export { TINYMAN_V2_LABEL } from '../deployment.ts'
