// The demo's Tinyman side on a fresh embedded localnet, after Grove's demo seed as `npm start` runs it:
// the validator and its pools at the table's depths, Grove's pools untouched, and a demo swap whose
// best route uses both venues, sent, moving exactly the router's plan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { startLocalnet, type Localnet } from '@grove/localnet'
import { deploy, type DeployResult } from '@grove/contracts/deploy'
import { GroupBuilder, dexContract, type Pool } from '@grove/sdk'
import { bestRoute, buildRoute, loadPools, onlyVenues, planVenues } from '@grove/sdk/venues'
import { DEMO_TINYMAN_POOLS, demoVenues, seedTinyman, type TinymanSeedResult } from '../src/tinyman.ts'
import { historyStart, kmdAccounts, seed, travelTo, type SeedAccount, type SeedResult } from '../src/seed.ts'

let net: Localnet
let algorand: AlgorandClient
let ids: DeployResult
let result: SeedResult
let tinyman: TinymanSeedResult
let groveBefore: Pool[]
let admin: SeedAccount

beforeAll(async () => {
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const algod = new URL(net.algod.url)
  const kmd = new URL(net.kmd.url)
  algorand = AlgorandClient.fromConfig({
    algodConfig: { server: `${algod.protocol}//${algod.hostname}`, port: algod.port, token: net.algod.token },
    kmdConfig: { server: `${kmd.protocol}//${kmd.hostname}`, port: kmd.port, token: net.kmd.token },
  })
  admin = await algorand.account.localNetDispenser()
  await travelTo(algorand.client.algod, historyStart())
  ids = await deploy({ algorand, deployer: admin, network: 'localnet' })
  result = await seed({ algorand, admin, deployment: ids, holders: await kmdAccounts(algorand), trades: 10 })
  groveBefore = await dexContract.readers.pools({ algod: algorand.client.algod, ids })
  tinyman = await seedTinyman({ algorand, admin, tokens: result.tokens })
}, 400_000)

afterAll(() => net?.stop())

const asset = (unit: string) => (unit === 'ALGO' ? 0n : result.tokens.find((t) => t.unitName === unit)!.assetId)

describe('the demo Tinyman pools', () => {
  it('seeds each table pool on the validator, Grove pools keeping their reserves', async () => {
    const venues = demoVenues(algorand.client.algod, { ...ids, tinymanAppId: tinyman.validatorAppId })
    expect(tinyman.pools.map((p) => p.pair)).toEqual(DEMO_TINYMAN_POOLS.map((p) => p.pair))
    for (const { pair } of DEMO_TINYMAN_POOLS) {
      const [pool] = await venues[1]!.findPools(asset(pair[0]), asset(pair[1]))
      expect(pool?.reserves.every((r) => r > 0n)).toBe(true)
    }
    expect(await dexContract.readers.pools({ algod: algorand.client.algod, ids })).toEqual(groveBefore)
  })

  it('routes a large ALGO → gUSD swap over both venues for more than either alone, and the group moves exactly the plan', async () => {
    const venues = demoVenues(algorand.client.algod, { ...ids, tinymanAppId: tinyman.validatorAppId })
    const [algo, gusd] = [0n, asset('gUSD')]
    const book = await loadPools(venues, [algo, gusd, asset('GROVE'), asset('goETH')])
    const request = { kind: 'exact-in' as const, assetIn: algo, assetOut: gusd, amount: 200_000_000_000n }
    const plan = bestRoute(book, request)!
    expect(planVenues(plan).sort()).toEqual(['grove', 'tinyman'])
    for (const v of ['grove', 'tinyman'] as const) expect(plan.amountOut).toBeGreaterThan(bestRoute(onlyVenues(book, [v]), request)!.amountOut)
    const group = await GroupBuilder.create({ algod: algorand.client.algod, sender: admin.addr, signer: admin.signer })
    const { fee } = await buildRoute(group, book, plan, plan.amountOut)
    const balance = async (a: bigint) =>
      a === 0n ? (await algorand.client.algod.accountInformation(admin.addr).do()).amount : ((await algorand.client.algod.accountAssetInformation(admin.addr, a).do()).assetHolding?.amount ?? 0n)
    const before = [await balance(algo), await balance(gusd)]
    await group.send()
    const after = [await balance(algo), await balance(gusd)]
    expect([before[0]! - after[0]! - fee, after[1]! - before[1]!]).toEqual([plan.amountIn, plan.amountOut])
  })
})
