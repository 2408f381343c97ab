// The DEX's happy path on the embedded localnet through the typed clients: deploy the registry and
// the DEX, create an ALGO pool, add liquidity, swap, remove. Expected amounts follow README's math.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type algosdk from 'algosdk'
import { AlgorandClient, Config, microAlgo } from '@algorandfoundation/algokit-utils'
import type { TransactionSignerAccount } from '@algorandfoundation/algokit-utils/types/account'
import { startLocalnet, type Localnet } from '@grove/localnet'
import { ALGO, DexFactory, RegistryFactory, poolBoxName, type DexClient } from '../src/index.ts'

const isqrt = (n: bigint): bigint => {
  if (n < 2n) return n
  let x = n
  let y = (x + 1n) / 2n
  while (y < x) [x, y] = [y, (y + n / y) / 2n]
  return x
}

/** README's exact-in: fee rounded up, output rounded down. */
function exactIn(x: bigint, rIn: bigint, rOut: bigint, feeBps = 30n) {
  const fee = (x * feeBps + 9999n) / 10000n
  const net = x - fee
  return { out: (rOut * net) / (rIn + net), protocolFee: fee / 6n }
}

const endpoint = (url: string, token: string) => {
  const u = new URL(url)
  return { server: `${u.protocol}//${u.hostname}`, port: u.port, token }
}

let net: Localnet
let algorand: AlgorandClient
let user: TransactionSignerAccount & { addr: algosdk.Address }
let dex: DexClient
let token: bigint
let lpAsset: bigint

beforeAll(async () => {
  Config.configure({ logger: { error: () => {}, warn: () => {}, info: () => {}, verbose: () => {}, debug: () => {} } })
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  algorand = AlgorandClient.fromConfig({
    algodConfig: endpoint(net.algod.url, net.algod.token),
    kmdConfig: endpoint(net.kmd.url, net.kmd.token),
  })
  const dispenser = await algorand.account.localNetDispenser()
  user = algorand.account.random()
  await algorand.send.payment({ sender: dispenser.addr, receiver: user.addr, amount: microAlgo(100_000_000) })

  const registry = await new RegistryFactory({ algorand, defaultSender: user.addr }).send.create.createApplication()
  const created = await new DexFactory({ algorand, defaultSender: user.addr }).send.create.createApplication({
    args: { registryApp: registry.appClient.appId },
  })
  dex = created.appClient
  // the app account's own minimum balance; pools pay for everything above it
  await algorand.send.payment({ sender: user.addr, receiver: dex.appAddress, amount: microAlgo(100_000) })
  token = (await algorand.send.assetCreate({ sender: user.addr, total: 10n ** 15n, decimals: 6, unitName: 'TKA', assetName: 'Token A' })).assetId
})

afterAll(async () => {
  await net?.stop()
})

const pool = () => dex.getPool({ args: { a: ALGO, b: token, feeBps: 30n } })
const appAlgo = async () => (await algorand.account.getInformation(dex.appAddress)).balance.microAlgo
const appMinBalance = async () => (await algorand.account.getInformation(dex.appAddress)).minBalance.microAlgo

describe('dex smoke', () => {
  it('creates an ALGO pool, charging exactly the minimum-balance increase and naming the LP token', async () => {
    const before = await appMinBalance()
    const balanceBefore = await appAlgo()
    const result = await dex.send.createPool({
      args: {
        mbr: algorand.createTransaction.payment({ sender: user.addr, receiver: dex.appAddress, amount: microAlgo(1_000_000) }),
        a: ALGO,
        b: token,
        feeBps: 30n,
      },
      extraFee: microAlgo(3000),
    })
    lpAsset = result.return!
    const increase = (await appMinBalance()) - before
    // box (2,500 + 400 × 153) + the LP asset + the opt-in
    expect(increase).toBe(2_500n + 400n * (17n + 136n) + 100_000n + 100_000n)
    expect((await appAlgo()) - balanceBefore).toBe(increase)
    const lp = await algorand.asset.getById(lpAsset)
    expect(lp.unitName).toBe('GLP')
    expect(lp.assetName).toBe('Grove LP ALGO/TKA')
    expect(lp.decimals).toBe(6)
    expect(lp.total).toBe(2n ** 64n - 1n)
    const state = await pool()
    expect(state).toMatchObject({ reserveA: 0n, reserveB: 0n, lpAsset, lpIssued: 0n, feeBps: 30n, protocolFeeDivisor: 6n })
    const box = await algorand.app.getBoxValue(dex.appId, poolBoxName(token, ALGO))
    expect(box.length).toBe(136)
  })

  it('mints sqrt(a·b) − 1000 LP on the first add', async () => {
    await algorand.send.assetOptIn({ sender: user.addr, assetId: lpAsset })
    const result = await dex.send.addLiquidity({
      args: {
        inA: algorand.createTransaction.payment({ sender: user.addr, receiver: dex.appAddress, amount: microAlgo(10_000_000) }),
        inB: algorand.createTransaction.assetTransfer({ sender: user.addr, receiver: dex.appAddress, assetId: token, amount: 40_000_000n }),
        a: ALGO,
        b: token,
        feeBps: 30n,
        minLp: 0n,
      },
      extraFee: microAlgo(2000),
    })
    expect(result.return).toBe(isqrt(10_000_000n * 40_000_000n) - 1000n)
    expect(await pool()).toMatchObject({ reserveA: 10_000_000n, reserveB: 40_000_000n, lpIssued: 19_999_000n })
    expect((await algorand.asset.getAccountInformation(user.addr, lpAsset)).balance).toBe(19_999_000n)
  })

  it('swaps ALGO for the token as the README math says, updating cumulative prices, within one app call budget', async () => {
    const before = await pool()
    const { out, protocolFee } = exactIn(1_000_000n, before.reserveA, before.reserveB)
    // a block 100 s later, so the swap pays for its cumulative-price update (the costly path)
    await algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${100}`, data: null })
    await algorand.send.payment({ sender: user.addr, receiver: user.addr, amount: microAlgo(0) })
    const swap = () => ({
      args: {
        input: algorand.createTransaction.payment({ sender: user.addr, receiver: dex.appAddress, amount: microAlgo(1_000_000) }),
        assetOut: token,
        feeBps: 30n,
        minOut: out,
      },
      extraFee: microAlgo(1000),
    })
    const simulated = await dex.newGroup().swapExactIn(swap()).simulate({ allowUnnamedResources: true })
    const budget = simulated.simulateResponse.txnGroups[0]!.appBudgetConsumed ?? 0
    expect(budget).toBeGreaterThan(0)
    expect(budget).toBeLessThanOrEqual(700)
    const held = (await algorand.asset.getAccountInformation(user.addr, token)).balance
    const result = await dex.send.swapExactIn(swap())
    expect(result.return).toBe(out)
    expect((await algorand.asset.getAccountInformation(user.addr, token)).balance - held).toBe(out)
    const after = await pool()
    expect(after).toMatchObject({
      reserveA: before.reserveA + 1_000_000n - protocolFee,
      reserveB: before.reserveB - out,
      protocolFeesA: protocolFee,
    })
    const dt = after.lastUpdate - before.lastUpdate
    expect(dt).toBeGreaterThanOrEqual(100n)
    expect(after.cumulativePriceA).toBe(before.cumulativePriceA + ((before.reserveB << 64n) / before.reserveA) * dt)
    expect(after.cumulativePriceB).toBe(before.cumulativePriceB + ((before.reserveA << 64n) / before.reserveB) * dt)
  })

  it('rejects a swap whose minimum out is above the output with ERR:SLIPPAGE', async () => {
    const state = await pool()
    const { out } = exactIn(500_000n, state.reserveA, state.reserveB)
    await expect(
      dex.send.swapExactIn({
        args: {
          input: algorand.createTransaction.payment({ sender: user.addr, receiver: dex.appAddress, amount: microAlgo(500_000) }),
          assetOut: token,
          feeBps: 30n,
          minOut: out + 1n,
        },
        extraFee: microAlgo(1000),
      }),
    ).rejects.toThrow(/ERR:SLIPPAGE/)
  })

  it('removes liquidity pro rata and the app holds reserves plus protocol fees plus its minimum balance', async () => {
    const state = await pool()
    const lp = 9_999_000n
    const supply = state.lpIssued + 1000n
    const result = await dex.send.removeLiquidity({
      args: {
        lp: algorand.createTransaction.assetTransfer({ sender: user.addr, receiver: dex.appAddress, assetId: lpAsset, amount: lp }),
        a: ALGO,
        b: token,
        feeBps: 30n,
        minA: 0n,
        minB: 0n,
      },
      extraFee: microAlgo(2000),
    })
    const outA = (lp * state.reserveA) / supply
    const outB = (lp * state.reserveB) / supply
    expect(result.return).toEqual([outA, outB])
    const after = await pool()
    expect(after).toMatchObject({ reserveA: state.reserveA - outA, reserveB: state.reserveB - outB, lpIssued: state.lpIssued - lp })
    expect(await appAlgo()).toBe(after.reserveA + after.protocolFeesA + (await appMinBalance()))
    expect((await algorand.asset.getAccountInformation(dex.appAddress, token)).balance).toBe(after.reserveB + after.protocolFeesB)
  })

  it('routes two hops with one bare NoOp call padding the budget, for 4,000 µALGO in all', async () => {
    const t2 = (await algorand.send.assetCreate({ sender: user.addr, total: 10n ** 15n, decimals: 6, unitName: 'TKB', assetName: 'Token B' })).assetId
    const lp2 = (
      await dex.send.createPool({
        args: { mbr: algorand.createTransaction.payment({ sender: user.addr, receiver: dex.appAddress, amount: microAlgo(400_000) }), a: token, b: t2, feeBps: 30n },
        extraFee: microAlgo(3000),
      })
    ).return!
    await algorand.send.assetOptIn({ sender: user.addr, assetId: lp2 })
    await dex.send.addLiquidity({
      args: {
        inA: algorand.createTransaction.assetTransfer({ sender: user.addr, receiver: dex.appAddress, assetId: token, amount: 5_000_000n }),
        inB: algorand.createTransaction.assetTransfer({ sender: user.addr, receiver: dex.appAddress, assetId: t2, amount: 5_000_000n }),
        a: token,
        b: t2,
        feeBps: 30n,
        minLp: 0n,
      },
      extraFee: microAlgo(1000),
    })
    // both pools pay their cumulative-price update
    await algorand.client.algod.c.post({ relativePath: `/grove/v1/clock/offset/${200}`, data: null })
    await algorand.send.payment({ sender: user.addr, receiver: user.addr, amount: microAlgo(0), note: 'tick 2' })
    const first = await pool()
    const second = await dex.getPool({ args: { a: token, b: t2, feeBps: 30n } })
    const hop1 = exactIn(100_000n, first.reserveA, first.reserveB).out
    const hop2 = exactIn(hop1, second.reserveA, second.reserveB).out
    const route = () => ({
      args: {
        input: algorand.createTransaction.payment({ sender: user.addr, receiver: dex.appAddress, amount: microAlgo(100_000) }),
        path: [token, t2],
        fees: [30n, 30n],
        minOut: hop2,
      },
      extraFee: microAlgo(1000),
    })
    await expect(dex.newGroup().swapRoute(route()).simulate({ allowUnnamedResources: true })).rejects.toThrow(/budget exceeded/)
    // the generated composer type lacks its runtime bare(), so the padding goes in as a transaction
    const padding = await dex.createTransaction.bare({ note: 'budget 1' })
    const result = await dex.newGroup().swapRoute(route()).addTransaction(padding).send()
    expect(result.returns[0]).toBe(hop2)
    expect(result.transactions.reduce((fee: bigint, t: { fee: bigint }) => fee + t.fee, 0n)).toBe(4000n)
  })
})
