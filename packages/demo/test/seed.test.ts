// The demo seed on a fresh embedded localnet, deployed by kmd's dispenser as `npm start` does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { startLocalnet, type Localnet } from '@grove/localnet'
import { deploy, type DeployResult } from '@grove/contracts/deploy'
import { poolBoxName } from '@grove/contracts/pool'
import { bestRouteExactIn, fetchPools, type Pool } from '@grove/sdk'
import { DEMO_POOLS, HISTORY_DAYS, clockOffset, demoKeys, historyStart, kmdAccounts, seed, travelTo, type SeedResult } from '../src/seed.ts'

let net: Localnet
let algorand: AlgorandClient
let ids: DeployResult
let result: SeedResult
let startedAt: number

beforeAll(async () => {
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const algod = new URL(net.algod.url)
  const kmd = new URL(net.kmd.url)
  algorand = AlgorandClient.fromConfig({
    algodConfig: { server: `${algod.protocol}//${algod.hostname}`, port: algod.port, token: net.algod.token },
    kmdConfig: { server: `${kmd.protocol}//${kmd.hostname}`, port: kmd.port, token: net.kmd.token },
  })
  startedAt = Math.floor(Date.now() / 1000)
  const admin = await algorand.account.localNetDispenser()
  await travelTo(algorand.client.algod, historyStart())
  ids = await deploy({ algorand, deployer: admin, network: 'localnet' })
  result = await seed({ algorand, admin, deployment: ids, holders: await kmdAccounts(algorand), trades: 40 })
}, 300_000)

afterAll(() => net?.stop())

/** Timestamps of every block, oldest first. */
async function blockTimes(): Promise<number[]> {
  const last = Number((await algorand.client.algod.status().do()).lastRound)
  const out: number[] = []
  for (let r = 1; r <= last; r++) out.push(Number((await algorand.client.algod.block(r).do()).block.header.timestamp))
  return out
}

describe('seed', () => {
  it('creates at least six tokens with names, unit names and urls, incl. a 6-decimal stable coin and GROVE', async () => {
    expect(result.tokens.length).toBeGreaterThanOrEqual(6)
    expect(result.tokens.map((t) => t.unitName)).toEqual(expect.arrayContaining(['GROVE', 'gUSD']))
    expect(new Set(result.tokens.map((t) => t.decimals)).size).toBeGreaterThanOrEqual(3)
    for (const t of result.tokens) {
      const { params } = await algorand.client.algod.getAssetByID(t.assetId).do()
      expect([params?.unitName, params?.name, params?.url, params?.decimals]).toEqual([t.unitName, t.assetName, t.url, t.decimals])
    }
    expect(result.tokens.find((t) => t.unitName === 'gUSD')?.decimals).toBe(6)
  })

  it('creates every demo pool with liquidity, ALGO pairs and token pairs', async () => {
    expect(result.pools).toHaveLength(DEMO_POOLS.length)
    expect(result.pools.some((p) => p.a === 0n)).toBe(true)
    expect(result.pools.some((p) => p.a !== 0n)).toBe(true)
    for (const p of result.pools) {
      const box = await algorand.app.getBoxValue(ids.dexAppId, poolBoxName(p.a, p.b))
      const [reserveA, reserveB] = algosdk.ABIType.from('(uint64,uint64)').decode(box.slice(0, 16)) as bigint[]
      expect(reserveA > 0n && reserveB > 0n).toBe(true)
    }
  })

  it('dates the trading history within the past 30 days and returns to the present', async () => {
    const times = await blockTimes()
    expect(times[0]).toBeGreaterThanOrEqual(startedAt - HISTORY_DAYS * 86_400 - 60)
    expect(times[0]).toBeLessThan(startedAt - (HISTORY_DAYS - 1) * 86_400)
    expect(times.every((t, i) => i === 0 || t >= times[i - 1])).toBe(true)
    const spanDays = new Set(times.map((t) => Math.floor(t / 86_400))).size
    expect(spanDays).toBeGreaterThanOrEqual(20)
    // back on the wall clock (Grove's clock option; algod's dev-mode offset was never set)
    expect(await clockOffset(algorand.client.algod)).toBe(0)
    await expect(algorand.client.algod.getBlockOffsetTimestamp().do()).rejects.toThrow(/never set/)
  })

  it('hands every KMD account and the demo account each demo token', async () => {
    const holders = [...(await kmdAccounts(algorand)).map((a) => a.addr.toString()), demoKeys().address]
    expect(result.demo).toEqual(demoKeys())
    for (const address of holders) {
      const info = await algorand.client.algod.accountInformation(address).do()
      for (const t of result.tokens) expect(info.assets?.find((h) => h.assetId === t.assetId)?.amount ?? 0n).toBeGreaterThan(0n)
    }
  })

  it('leaves prices consistent across pools: ALGO → gUSD routes directly, and every loop of pools prices back to 1', async () => {
    const pools = await fetchPools(algorand.client.algod, ids.dexAppId)
    const unit = (name: string) => (name === 'ALGO' ? 0n : result.tokens.find((t) => t.unitName === name)!.assetId)
    const [algo, gusd] = [unit('ALGO'), unit('gUSD')]
    for (const amount of [1_000_000n, 100_000_000n, 10_000_000_000n]) {
      expect(bestRouteExactIn(pools, algo, gusd, amount)?.path, `${amount} µALGO`).toEqual([gusd])
      expect(bestRouteExactIn(pools, gusd, algo, amount)?.path, `${amount} µgUSD`).toEqual([algo])
    }
    // spot price of `to` per `from` in a pool (units), and the loops the demo's pools form
    const spot = (from: bigint, to: bigint): number => {
      const p = pools.find((q: Pool) => (q.a === from && q.b === to) || (q.a === to && q.b === from))!
      return p.a === from ? Number(p.reserveB) / Number(p.reserveA) : Number(p.reserveA) / Number(p.reserveB)
    }
    const loops = [
      ['ALGO', 'gUSD', 'GROVE'],
      ['ALGO', 'gUSD', 'goETH'],
    ]
    for (const loop of loops) {
      const assets = loop.map(unit)
      const product = assets.reduce((x, from, i) => x * spot(from, assets[(i + 1) % assets.length]!), 1)
      expect(Math.abs(product - 1), loop.join(' → ')).toBeLessThan(0.002)
    }
  })
})
