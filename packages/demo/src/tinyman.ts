// The demo's Tinyman side: the Tinyman v2-compatible (local) validator deployed beside Grove and pools
// for several pairs, some overlapping Grove's demo pools at other depths and prices (so the best route
// for some swaps uses both venues), one a pair Grove has no pool for. Seeded after Grove's demo, from
// the admin's own holdings: Grove's pools and history stay as they were.
import type { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import VENUE_ARC56 from '@grove/contracts/artifacts/TinymanV2Venue.arc56.json' with { type: 'json' }
import type { Algodv2 } from 'algosdk'
import { TINYMAN_LOCAL_LABEL, createTinymanPool, groveVenue, tinymanVenue, type Venue } from '@grove/sdk/venues'
import { ALGO_PRICE_USD, DEMO_TOKENS, GROVE_PRICE_USD, type SeedAccount, type SeededToken } from './seed.ts'

/**
 * The demo's Tinyman pools (by unit name, ALGO for asset 0): the USD depth of each side and how far
 * the second token's price there is off Grove's reference (+0.015: 1.5% more of it per first token).
 */
export const DEMO_TINYMAN_POOLS: readonly { pair: [string, string]; depthUsd: number; skew: number }[] = [
  { pair: ['ALGO', 'gUSD'], depthUsd: 800_000, skew: 0.015 },
  { pair: ['gUSD', 'goETH'], depthUsd: 2_000_000, skew: -0.01 },
  { pair: ['ALGO', 'FERN'], depthUsd: 200_000, skew: 0.02 },
  { pair: ['ALGO', 'MOSS'], depthUsd: 80_000, skew: 0 },
]

/** What the Tinyman seed made. */
export interface TinymanSeedResult {
  validatorAppId: bigint
  pools: { pair: [string, string]; address: string; poolTokenId: bigint }[]
}

/** Deploys the validator (its app account funded to its minimum balance) and seeds DEMO_TINYMAN_POOLS from `admin`. */
export async function seedTinyman(params: { algorand: AlgorandClient; admin: SeedAccount; tokens: readonly SeededToken[] }): Promise<TinymanSeedResult> {
  const { algorand, admin, tokens } = params
  algorand.account.setSignerFromAccount(admin)
  const { appClient } = await algorand.client
    .getAppFactory({ appSpec: VENUE_ARC56 as unknown as Arc56Contract, defaultSender: admin.addr })
    .send.create({ method: 'createApplication', args: [], suppressLog: true })
  await algorand.send.payment({ sender: admin.addr, receiver: appClient.appAddress, amount: AlgoAmount.MicroAlgo(100_000), suppressLog: true })
  const validatorAppId = appClient.appId
  const price = (unit: string) => (unit === 'ALGO' ? ALGO_PRICE_USD : unit === 'GROVE' ? GROVE_PRICE_USD : DEMO_TOKENS.find((t) => t.unitName === unit)!.priceUsd)
  const token = (unit: string) => (unit === 'ALGO' ? { assetId: 0n, decimals: 6 } : tokens.find((t) => t.unitName === unit)!)
  const units = (usd: number, unit: string) => BigInt(Math.round((usd / price(unit)) * 10 ** token(unit).decimals))
  const pools: TinymanSeedResult['pools'] = []
  for (const p of DEMO_TINYMAN_POOLS) {
    const [x, y] = p.pair
    const made = await createTinymanPool(
      { algod: algorand.client.algod, sender: admin.addr, signer: admin.signer, validatorAppId },
      token(x).assetId,
      token(y).assetId,
      units(p.depthUsd, x),
      units(p.depthUsd * (1 + p.skew), y),
    )
    pools.push({ pair: p.pair, ...made })
  }
  return { validatorAppId, pools }
}

/**
 * The demo's Tinyman validator among the apps `creator` made, found by its approval program: how a
 * fork of a seeded Grove finds the remote's validator without writing anything. Undefined when none.
 */
export async function findTinymanValidator(algod: Algodv2, creator: string): Promise<bigint | undefined> {
  const approval = VENUE_ARC56.byteCode.approval
  const account = await algod.accountInformation(creator).do()
  const app = (account.createdApps ?? []).find((a) => a.params && Buffer.from(a.params.approvalProgram).toString('base64') === approval)
  return app?.id
}

/** Grove's DEX and, when the deployment has one, the local Tinyman validator, as the router's venues. */
export function demoVenues(algod: Algodv2, deployment: { dexAppId: bigint; registryAppId: bigint; tinymanAppId?: bigint }): Venue[] {
  const venues = [groveVenue({ algod, dexAppId: deployment.dexAppId, registryAppId: deployment.registryAppId }) as unknown as Venue]
  if (deployment.tinymanAppId) venues.push(tinymanVenue({ algod, validatorAppId: deployment.tinymanAppId, label: TINYMAN_LOCAL_LABEL }) as unknown as Venue)
  return venues
}
