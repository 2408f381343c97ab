// The keeper on a localnet (issue 41, item 3): a limit order placed above the market is left alone
// while no route pays its price after fees, and filled by the keeper's next tick once the market moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlgorandClient, Config, microAlgo } from '@algorandfoundation/algokit-utils'
import { deploy, type DeployResult } from '@grove/contracts/deploy'
import { startLocalnet, type Localnet } from '@grove/localnet'
import { buildAddLiquidity, buildCreatePool, buildSwapExactIn, dexContract, firstAddMinLp, ordersContract, type GroveContext } from '@grove/sdk'
import { keeperTick } from '../src/keeper.ts'

let net: Localnet
let algorand: AlgorandClient
let ids: DeployResult
let trader: GroveContext
let owner: GroveContext
let keeper: GroveContext
let usd: bigint

const account = async (algo: bigint): Promise<GroveContext> => {
  const a = algorand.account.random()
  await algorand.send.payment({ sender: (await algorand.account.localNetDispenser()).addr, receiver: a.addr, amount: microAlgo(algo * 1_000_000n) })
  return { algod: algorand.client.algod, ids, sender: a.addr, signer: a.signer }
}
const send = (g: { composer: { execute: (algod: AlgorandClient['client']['algod'], rounds: number) => Promise<unknown> } }) => g.composer.execute(algorand.client.algod, 4)

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
  keeper = await account(100n)
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
    const now = BigInt((await algorand.client.algod.block((await algorand.client.algod.status().do()).lastRound).do()).block.header.timestamp)
    // 10 USD for at least 55 ALGO: the pool pays about 49.8
    const placed = await ordersContract.prepare(owner, { kind: 'place-limit', assetIn: usd, assetOut: 0n, amount: 10_000_000n, minOut: 55_000_000n, expiry: now + 86_400n })
    await send(placed)
    expect(await keeperTick(keeper)).toEqual([])
    expect(await ordersContract.readers.order({ algod: algorand.client.algod, ids }, placed.orderId!)).toBeDefined()
    // the market moves: USD bought with 6,000 ALGO, about 6.3 ALGO per USD now
    await send(await buildSwapExactIn(trader, 0n, usd, 6_000_000_000n, 0n))
    const ownerBefore = (await algorand.client.algod.accountInformation(owner.sender).do()).amount
    const keeperBefore = (await algorand.client.algod.accountInformation(keeper.sender).do()).amount
    const filled = await keeperTick(keeper)
    expect(filled).toEqual([expect.objectContaining({ order: placed.orderId, amount: 10_000_000n })])
    expect(filled[0]!.profit).toBeGreaterThan(0n)
    expect(await ordersContract.readers.order({ algod: algorand.client.algod, ids }, placed.orderId!)).toBeUndefined()
    // the owner: the price and the box's deposit back; the keeper: exactly the profit it reported
    expect((await algorand.client.algod.accountInformation(owner.sender).do()).amount).toBe(ownerBefore + 55_000_000n + 57_300n)
    // its opt-in to USD (1,000 µALGO fee, 100,000 held as minimum balance, which the balance still counts) came first
    expect((await algorand.client.algod.accountInformation(keeper.sender).do()).amount).toBe(keeperBefore - 1_000n + filled[0]!.profit)
  })
})
