// The demo's Tinyman side: a Tinyman v2 validator deployed beside Grove (the Tinyman v2-compatible (local)
// venue built here, or Tinyman's own programs from a checkout: tinyman-checkout.ts) and pools for several pairs, some overlapping Grove's demo pools at other depths and prices (so the best route
// for some swaps uses both venues), one a pair Grove has no pool for. Seeded after Grove's demo, from
// the admin's own holdings: Grove's pools and history stay as they were.
import type { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { AlgoAmount } from '@algorandfoundation/algokit-utils/types/amount'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import VENUE_ARC56 from '@grove/contracts/artifacts/TinymanV2Venue.arc56.json' with { type: 'json' }
import { tinymanLabel, type TinymanPrograms } from '@grove/contracts/deployment'
import type { Algodv2 } from 'algosdk'
import { createTinymanPool, groveVenue, tinymanVenue, type Venue } from '@grove/sdk/venues'
import { ALGO_PRICE_USD, DEMO_TOKENS, GROVE_PRICE_USD, type SeedAccount, type SeededToken } from './seed.ts'
import { TINYMAN_SCHEMA, type TinymanCheckoutPrograms } from './tinyman-checkout.ts'

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
  /** Which programs the validator runs (the deployment record's tinymanPrograms). */
  programs: TinymanPrograms
  pools: { pair: [string, string]; address: string; poolTokenId: bigint }[]
}

/** Creates the validator from a checkout's programs (Tinyman's own create call: no arguments, the creator its fee roles). */
async function createCheckoutValidator(algorand: AlgorandClient, admin: SeedAccount, checkout: TinymanCheckoutPrograms): Promise<{ appId: bigint; appAddress: string }> {
  const pages = Math.ceil((checkout.approval.length + checkout.clear.length) / 2048)
  const { appId, appAddress } = await algorand.send.appCreate({
    sender: admin.addr,
    approvalProgram: checkout.approval,
    clearStateProgram: checkout.clear,
    schema: TINYMAN_SCHEMA,
    extraProgramPages: pages - 1,
    suppressLog: true,
  })
  return { appId, appAddress: appAddress.toString() }
}

/**
 * Deploys the validator (its app account funded to its minimum balance) and seeds DEMO_TINYMAN_POOLS
 * from `admin`: Tinyman's own programs when `checkout` is given (loadTinymanCheckout), the Tinyman
 * v2-compatible (local) venue otherwise.
 */
export async function seedTinyman(params: { algorand: AlgorandClient; admin: SeedAccount; tokens: readonly SeededToken[]; checkout?: TinymanCheckoutPrograms }): Promise<TinymanSeedResult> {
  const { algorand, admin, tokens, checkout } = params
  algorand.account.setSignerFromAccount(admin)
  const app = checkout
    ? await createCheckoutValidator(algorand, admin, checkout)
    : await algorand.client
        .getAppFactory({ appSpec: VENUE_ARC56 as unknown as Arc56Contract, defaultSender: admin.addr })
        .send.create({ method: 'createApplication', args: [], suppressLog: true })
        .then(({ appClient }) => ({ appId: appClient.appId, appAddress: appClient.appAddress.toString() }))
  await algorand.send.payment({ sender: admin.addr, receiver: app.appAddress, amount: AlgoAmount.MicroAlgo(100_000), suppressLog: true })
  const validatorAppId = app.appId
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
  return { validatorAppId, programs: checkout ? 'tinyman-v2' : 'compatible', pools }
}

/**
 * The demo's Tinyman validator among the apps `creator` made, found by its approval program (the
 * compatible venue's, or Tinyman's own when `checkout` is given): how a fork of a seeded Grove finds
 * the remote's validator without writing anything. Undefined when none.
 */
export async function findTinymanValidator(algod: Algodv2, creator: string, checkout?: TinymanCheckoutPrograms): Promise<{ appId: bigint; programs: TinymanPrograms } | undefined> {
  const approvals: [string, TinymanPrograms][] = [[VENUE_ARC56.byteCode.approval, 'compatible']]
  if (checkout) approvals.unshift([Buffer.from(checkout.approval).toString('base64'), 'tinyman-v2'])
  const account = await algod.accountInformation(creator).do()
  for (const [approval, programs] of approvals) {
    const app = (account.createdApps ?? []).find((a) => a.params && Buffer.from(a.params.approvalProgram).toString('base64') === approval)
    if (app) return { appId: app.id, programs }
  }
  return undefined
}

/** Grove's DEX and, when the deployment has one, the localnet's Tinyman validator (labelled by the programs it runs), as the router's venues. */
export function demoVenues(algod: Algodv2, deployment: { dexAppId: bigint; registryAppId: bigint; tinymanAppId?: bigint; tinymanPrograms?: TinymanPrograms }): Venue[] {
  const venues = [groveVenue({ algod, dexAppId: deployment.dexAppId, registryAppId: deployment.registryAppId }) as unknown as Venue]
  if (deployment.tinymanAppId) venues.push(tinymanVenue({ algod, validatorAppId: deployment.tinymanAppId, label: tinymanLabel(deployment) }) as unknown as Venue)
  return venues
}
