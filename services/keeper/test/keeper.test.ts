// The keeper on a localnet (issue 41, item 2): a limit order placed above the market is left alone
// while no route pays its price after fees, and filled by the next pass once the market moves; a
// recurring order is filled once due at its TWAP bound, and its stale observation renewed first;
// each fill is one JSON line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlgorandClient, Config, microAlgo } from '@algorandfoundation/algokit-utils'
import { deploy, type DeployResult } from '@grove/contracts/deploy'
import { startLocalnet, type Localnet } from '@grove/localnet'
import { buildAddLiquidity, buildCreatePool, buildSwapExactIn, dexContract, firstAddMinLp, ORDER_MIN_BALANCE, orderFee, ordersContract, type GroveContext } from '@grove/sdk'
import { groveVenue, type Venue } from '@grove/sdk/venues'
import { keeperLine, keeperTick, type KeeperOptions } from '../src/keeper.ts'

let net: Localnet
let algorand: AlgorandClient
let ids: DeployResult
let trader: GroveContext
let owner: GroveContext
let keeper: KeeperOptions
let usd: bigint
let clock = 0

const account = async (algo: bigint): Promise<GroveContext> => {
  const a = algorand.account.random()
  await algorand.send.payment({ sender: (await algorand.account.localNetDispenser()).addr, receiver: a.addr, amount: microAlgo(algo * 1_000_000n) })
  return { algod: algorand.client.algod, ids, sender: a.addr, signer: a.signer }
}
const send = (g: { composer: { execute: (algod: AlgorandClient['client']['algod'], rounds: number) => Promise<unknown> } }) => g.composer.execute(algorand.client.algod, 4)
const balance = async (who: GroveContext | KeeperOptions) => (await algorand.client.algod.accountInformation(who.sender).do()).amount
const order = (id: bigint) => ordersContract.readers.order({ algod: algorand.client.algod, ids }, id)
/** Block time `seconds` later, with a block at it. */
async function travel(seconds: number): Promise<void> {
  clock += seconds
  await algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${clock}`, data: null })
  await algorand.send.payment({ sender: trader.sender, signer: trader.signer, receiver: trader.sender, amount: microAlgo(0), note: `travel ${clock}` })
}

beforeAll(async () => {
  Config.configure({ logger: { error: () => {}, warn: () => {}, info: () => {}, verbose: () => {}, debug: () => {} } })
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const algod = new URL(net.algod.url)
  const kmd = new URL(net.kmd.url)
  algorand = AlgorandClient.fromConfig({
    algodConfig: { server: `${algod.protocol}//${algod.hostname}`, port: algod.port, token: net.algod.token },
    kmdConfig: { server: `${kmd.protocol}//${kmd.hostname}`, port: kmd.port, token: net.kmd.token },
  })
  ids = await deploy({ algorand, deployer: await algorand.account.localNetDispenser(), network: 'localnet' })
  trader = await account(100_000n)
  owner = await account(100n)
  const k = await account(100n)
  keeper = { ...k, venues: [groveVenue({ algod: algorand.client.algod, dexAppId: ids.dexAppId, registryAppId: ids.registryAppId }) as unknown as Venue] }
  usd = (await algorand.send.assetCreate({ sender: trader.sender, total: 10n ** 15n, decimals: 6, unitName: 'USD', assetName: 'USD' })).assetId
  await algorand.send.assetOptIn({ sender: owner.sender, assetId: usd, signer: owner.signer })
  await algorand.send.assetTransfer({ sender: trader.sender, receiver: owner.sender, assetId: usd, amount: 100_000_000n })
  // 1 USD = 5 ALGO
  await send(await buildCreatePool(trader, 0n, usd))
  const pool = await dexContract.readers.pool({ algod: algorand.client.algod, ids }, 0n, usd)
  await send(await buildAddLiquidity(trader, pool!, 50_000_000_000n, 10_000_000_000n, firstAddMinLp(50_000_000_000n, 10_000_000_000n, 50n)))
}, 300_000)

afterAll(() => net?.stop())

describe('keeper', () => {
  it('fills a limit order placed above the market once the market moves, keeping the spread after fees', async () => {
    // 10 USD for at least 55 ALGO: the pool pays about 49.8
    const placed = await ordersContract.prepare(owner, { kind: 'place-limit', assetIn: usd, assetOut: 0n, amount: 10_000_000n, minOut: 55_000_000n, expiry: 0n })
    await send(placed)
    expect(await keeperTick(keeper)).toEqual([])
    expect(await order(placed.orderId!)).toBeDefined()
    // the market moves: USD bought with 6,000 ALGO, about 6.3 ALGO per USD now
    await send(await buildSwapExactIn(trader, 0n, usd, 6_000_000_000n, 0n))
    const [ownerBefore, keeperBefore] = [await balance(owner), await balance(keeper)]
    const filled = await keeperTick(keeper)
    const fee = orderFee({ feeBps: 10n }, 55_000_000n)
    expect(filled).toEqual([expect.objectContaining({ event: 'fill', kind: 'limit', order: placed.orderId, amount: 10_000_000n, paid: 55_000_000n + fee })])
    const fill = filled[0]!
    expect(fill.event === 'fill' && fill.profit).toBeGreaterThan(0n)
    // filled out: the owner gets the price and the box's deposit back; the keeper exactly the profit it reported
    expect(await order(placed.orderId!)).toBeUndefined()
    expect(await balance(owner)).toBe(ownerBefore + 55_000_000n + ORDER_MIN_BALANCE)
    // its opt-in to USD (1,000 µALGO fee; the 100,000 held as minimum balance is still in the balance) came first
    expect(await balance(keeper)).toBe(keeperBefore - 1_000n + (fill.event === 'fill' ? fill.profit : 0n))
    // one JSON line, amounts as strings
    const line = JSON.parse(keeperLine(fill)) as Record<string, unknown>
    expect(line).toMatchObject({ event: 'fill', kind: 'limit', order: String(placed.orderId), amount: '10000000', paid: String(55_000_000n + fee) })
    expect(typeof line.time).toBe('string')
  })

  it('fills a recurring order once due at its TWAP bound, and renews its observation when it went stale', async () => {
    // sells 2 × 1 USD every 10 minutes for ALGO, 3% tolerance: the pool pays a little under the TWAP less 0.3%
    const placed = await ordersContract.prepare(owner, { kind: 'place-recurring', assetIn: usd, assetOut: 0n, perFill: 1_000_000n, fills: 2n, interval: 600n, toleranceBps: 300n })
    await send(placed)
    expect(await keeperTick(keeper)).toEqual([])
    await travel(120)
    const first = await keeperTick(keeper)
    expect(first).toEqual([expect.objectContaining({ event: 'fill', kind: 'recurring', order: placed.orderId, amount: 1_000_000n })])
    expect(await order(placed.orderId!)).toMatchObject({ remaining: 1_000_000n, filled: 1_000_000n })
    // over an hour later the observation is stale: the keeper renews it, and fills a minute after
    await travel(4_000)
    expect(await keeperTick(keeper)).toEqual([expect.objectContaining({ event: 'observe', order: placed.orderId })])
    await travel(70)
    expect(await keeperTick(keeper)).toEqual([expect.objectContaining({ event: 'fill', kind: 'recurring', order: placed.orderId })])
    // filled out: the proceeds went to the owner with the last fill
    expect(await order(placed.orderId!)).toBeUndefined()
  })
})
