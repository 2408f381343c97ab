// The demo's orders (orders.ts) on a localnet with the pools they trade on, at 1 gUSD = 5 ALGO,
// 1 goETH = 3,000 gUSD, 1 FERN = 0.5 ALGO: a limit order below the market that a filler's route pays,
// two above it, and two recurring orders due a minute after placing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlgorandClient, Config, microAlgo } from '@algorandfoundation/algokit-utils'
import { deploy, type DeployResult } from '@grove/contracts/deploy'
import { startLocalnet, type Localnet } from '@grove/localnet'
import { buildAddLiquidity, buildCreatePool, dexContract, firstAddMinLp, leastPayment, ordersContract, type GroveContext } from '@grove/sdk'
import { findRoute, groveVenue, type Venue } from '@grove/sdk/venues'
import type { SeedAccount } from '../src/seed-account.ts'
import { seedOrders, type SeededOrder } from '../src/orders.ts'

let net: Localnet
let algorand: AlgorandClient
let ids: DeployResult
let demo: SeedAccount
let placed: SeededOrder[]
const assets: Record<string, bigint> = { ALGO: 0n }

beforeAll(async () => {
  Config.configure({ logger: { error: () => {}, warn: () => {}, info: () => {}, verbose: () => {}, debug: () => {} } })
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const [a, k] = [new URL(net.algod.url), new URL(net.kmd.url)]
  algorand = AlgorandClient.fromConfig({
    algodConfig: { server: `${a.protocol}//${a.hostname}`, port: a.port, token: net.algod.token },
    kmdConfig: { server: `${k.protocol}//${k.hostname}`, port: k.port, token: net.kmd.token },
  })
  const dispenser = await algorand.account.localNetDispenser()
  ids = await deploy({ algorand, deployer: dispenser, network: 'localnet' })
  const account = async (): Promise<SeedAccount> => {
    const acct = algorand.account.random()
    await algorand.send.payment({ sender: dispenser.addr, receiver: acct.addr, amount: microAlgo(1_000_000_000_000n) })
    return acct
  }
  const [maker, trader] = [await account(), await account()]
  demo = await account()
  const ctx = (who: SeedAccount): GroveContext => ({ algod: algorand.client.algod, ids, sender: who.addr, signer: who.signer })
  for (const [unit, decimals] of [['gUSD', 6], ['goETH', 8], ['FERN', 6]] as const) {
    assets[unit] = (await algorand.send.assetCreate({ sender: maker.addr, total: 10n ** 18n, decimals, unitName: unit, assetName: unit })).assetId
    for (const who of [demo, trader]) {
      await algorand.send.assetOptIn({ sender: who.addr, assetId: assets[unit]! })
      await algorand.send.assetTransfer({ sender: maker.addr, receiver: who.addr, assetId: assets[unit]!, amount: 10n ** 14n })
    }
  }
  for (const [x, y, ux, uy] of [['ALGO', 'gUSD', 500_000_000_000n, 100_000_000_000n], ['gUSD', 'goETH', 3_000_000_000_000n, 100_000_000_000n], ['ALGO', 'FERN', 50_000_000_000n, 100_000_000_000n]] as const) {
    const [ax, ay] = [assets[x]!, assets[y]!]
    await (await buildCreatePool(ctx(maker), ax, ay)).composer.execute(algorand.client.algod, 4)
    const pool = (await dexContract.readers.pool({ algod: algorand.client.algod, ids }, ax, ay))!
    const [amountA, amountB] = pool.a === ax ? [ux, uy] : [uy, ux]
    await (await buildAddLiquidity(ctx(maker), pool, amountA, amountB, firstAddMinLp(amountA, amountB, 0n))).composer.execute(algorand.client.algod, 4)
  }
  placed = await seedOrders({ algod: algorand.client.algod, deployment: ids, demo, traders: [trader, trader], asset: (unit) => assets[unit]! })
}, 300_000)

afterAll(() => net?.stop())

describe('the demo orders', () => {
  it('leaves a limit order below the market that a route pays, two above it, and two recurring orders due a minute after placing', async () => {
    expect(placed.map((o) => `${o.kind} ${o.sell}→${o.buy}`)).toEqual(['limit ALGO→gUSD', 'limit gUSD→ALGO', 'limit goETH→gUSD', 'recurring ALGO→FERN', 'recurring gUSD→goETH'])
    const reader = { algod: algorand.client.algod, ids }
    const orders = await ordersContract.readers.all(reader)
    expect(orders).toHaveLength(5)
    expect(orders.filter((o) => o.owner === demo.addr.toString())).toHaveLength(3)
    const venues = [groveVenue({ algod: algorand.client.algod, dexAppId: ids.dexAppId, registryAppId: ids.registryAppId }) as unknown as Venue]
    const outOf = async (o: (typeof orders)[number]) => (await findRoute(venues, { kind: 'exact-in', assetIn: o.assetIn, assetOut: o.assetOut, amount: o.remaining }, [])).plan!.amountOut
    const limits = orders.filter((o) => o.interval === 0n)
    // below the market: the route pays more than the price; above it: less
    for (const o of limits) expect((await outOf(o)) > leastPayment(o, o.remaining), `${o.assetIn}→${o.assetOut}`).toBe(o.owner !== demo.addr.toString())
    const recurring = orders.filter((o) => o.interval > 0n)
    expect(recurring.map((o) => o.interval).sort()).toEqual([120n, 180n])
    for (const o of recurring) expect(o.nextFill).toBe(o.observedAt + 60n)
  })
})
