// The demo seed on a fresh embedded localnet, deployed by kmd's dispenser as `npm start` does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { AlgorandClient } from '@algorandfoundation/algokit-utils'
import { startLocalnet, type Localnet } from '@grove/localnet'
import { deploy, type DeployResult } from '@grove/contracts/deploy'
import { poolBoxName } from '@grove/contracts/pool'
import {
  bestRouteExactIn,
  decodeVaultEvents,
  dexContract,
  locksContract,
  RATE_UNIT,
  registryContract,
  staking,
  stableContract,
  stakingContract,
  vaultContract,
  vaultRate,
  type Lock,
  type Pool,
} from '@grove/sdk'
import { DEMO_POOLS, DEMO_STABLE_POOLS, DEMO_TOKENS, HISTORY_DAYS, clockOffset, demoKeys, historyStart, kmdAccounts, seed, travelTo, type SeedResult } from '../src/seed.ts'

let net: Localnet
let algorand: AlgorandClient
let ids: DeployResult
let result: SeedResult
let startedAt: number
let admin: string
/** Reads through the contracts' modules. */
const reader = () => ({ algod: algorand.client.algod, ids })

beforeAll(async () => {
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const algod = new URL(net.algod.url)
  const kmd = new URL(net.kmd.url)
  algorand = AlgorandClient.fromConfig({
    algodConfig: { server: `${algod.protocol}//${algod.hostname}`, port: algod.port, token: net.algod.token },
    kmdConfig: { server: `${kmd.protocol}//${kmd.hostname}`, port: kmd.port, token: net.kmd.token },
  })
  startedAt = Math.floor(Date.now() / 1000)
  const dispenser = await algorand.account.localNetDispenser()
  admin = dispenser.addr.toString()
  await travelTo(algorand.client.algod, historyStart())
  ids = await deploy({ algorand, deployer: dispenser, network: 'localnet' })
  result = await seed({ algorand, admin: dispenser, deployment: ids, holders: await kmdAccounts(algorand), trades: 40 })
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

  it('creates a stable pool of gUSD and the 8-decimal gUSDt on the Stable app, $500k a side at A = 100, with demo swaps in it', async () => {
    const gusdt = result.tokens.find((t) => t.unitName === 'gUSDt')!
    const gusd = result.tokens.find((t) => t.unitName === 'gUSD')!
    expect([gusdt.assetName, gusdt.decimals, gusdt.verified]).toEqual(['Grove Tether', 8, true])
    // the DEX's pools stay as they were: the stable pool is listed apart
    expect(result.pools).toHaveLength(DEMO_POOLS.length)
    expect(result.stablePools).toHaveLength(DEMO_STABLE_POOLS.length)
    const [sp] = result.stablePools
    expect(sp).toMatchObject({ a: gusd.assetId, b: gusdt.assetId, feeBps: 5n, amp: 100n })
    const pools = await stableContract.readers.all(reader())
    expect(pools).toHaveLength(1)
    const pool = pools[0]!
    expect([pool.a, pool.b, pool.feeBps, pool.lpAsset, pool.futureA]).toEqual([sp!.a, sp!.b, 5n, sp!.lpAsset, 10_000n])
    expect([pool.multiplierA, pool.multiplierB]).toEqual([10n ** 13n, 10n ** 11n])
    // $500k a side, moved by the swaps (each side within $100k of it), their fees held for the LPs
    const dollars = (x: bigint, decimals: number) => Number(x) / 10 ** decimals
    expect(Math.abs(dollars(pool.reserveA, 6) - 500_000)).toBeLessThan(100_000)
    expect(Math.abs(dollars(pool.reserveB, 8) - 500_000)).toBeLessThan(100_000)
    expect(dollars(pool.reserveA, 6)).not.toBe(500_000)
    expect(pool.feesA + pool.feesB).toBeGreaterThan(0n)
    // every trader holds gUSDt; the admin holds the pool's LP
    const lp = await algorand.client.algod.accountAssetInformation(admin, sp!.lpAsset).do()
    expect(lp.assetHolding?.amount).toBe(pool.lpIssued)
    expect(DEMO_TOKENS.map((t) => t.unitName)).toContain('gUSDt')
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
    const pools = await dexContract.readers.pools(reader())
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

/** The wallet accounts besides the admin, and the demo account: who the demo's stakers are. */
async function members(): Promise<string[]> {
  return [...(await kmdAccounts(algorand)).map((a) => a.addr.toString()).filter((a) => a !== admin), demoKeys().address]
}

/** Unix day of a timestamp. */
const dayOf = (t: bigint | number): number => Math.floor(Number(t) / 86_400)

describe('seed: farms, staking pools, locks, projects and the vault, read back from chain', () => {
  it('makes at least three farms (one with two reward tokens) and three staking pools: a compounding GROVE pool, an upcoming one and an ended one with rewards to reclaim', async () => {
    const programs = await stakingContract.readers.programs(reader())
    const now = BigInt(Math.floor(Date.now() / 1000))
    const lpAssets = new Set(result.pools.map((p) => p.lpAsset))
    const farms = programs.filter((p) => p.kind === 1n)
    const pools = programs.filter((p) => p.kind === 0n)
    expect(farms.length).toBeGreaterThanOrEqual(3)
    expect(farms.every((f) => lpAssets.has(f.stakeAsset))).toBe(true)
    expect(farms.some((f) => f.rewardCount === 2n)).toBe(true)
    expect(pools.length).toBeGreaterThanOrEqual(3)
    expect(pools.some((p) => p.stakeAsset === ids.groveAssetId && p.rewardAsset1 === ids.groveAssetId && p.totalStaked > 0n && staking.programStatus(p, now) === 'active')).toBe(true)
    expect(pools.some((p) => staking.programStatus(p, now) === 'upcoming')).toBe(true)
    const ended = pools.filter((p) => staking.programStatus(p, now) === 'ended')
    expect(ended.some((p) => staking.reclaimable(p, now)[0] > 0n)).toBe(true)
    // the history: programs started on different days of the past 30
    const past = programs.filter((p) => p.start <= now)
    expect(new Set(past.map((p) => dayOf(p.start))).size).toBeGreaterThanOrEqual(3)
    expect(past.every((p) => Number(p.start) >= result.historyFrom)).toBe(true)
  })

  it('has stakers among the wallet accounts and the demo account, in farms and pools', async () => {
    const programs = await stakingContract.readers.programs(reader())
    const who = await members()
    const positions = await Promise.all(programs.flatMap((p) => who.map(async (address) => ({ program: p, address, position: await stakingContract.readers.position(reader(), p.id, address) }))))
    const staked = positions.filter((x) => x.position && x.position.stake > 0n)
    expect(staked.some((x) => x.program.kind === 1n && x.address === demoKeys().address)).toBe(true)
    expect(staked.some((x) => x.program.kind === 0n && x.address === demoKeys().address)).toBe(true)
    expect(new Set(staked.map((x) => x.address)).size).toBeGreaterThanOrEqual(3)
  })

  it('locks a seeded pool’s LP token, vests team tokens after a cliff and time-locks tokens', async () => {
    const owners = [admin, ...(await members())]
    const locks = (await Promise.all(owners.map((o) => locksContract.readers.byOwner(reader(), o)))).flat()
    const lpAssets = new Set(result.pools.map((p) => p.lpAsset))
    const liquidity = locks.filter((l: Lock) => l.liquidity)
    expect(liquidity.some((l) => lpAssets.has(l.asset) && l.amount > 0n)).toBe(true)
    const vesting = locks.filter((l) => !l.liquidity && l.cliff < l.end)
    expect(vesting.some((l) => l.cliff > l.start)).toBe(true)
    expect(locks.some((l) => !l.liquidity && l.cliff === l.end && l.end > BigInt(Math.floor(Date.now() / 1000)))).toBe(true)
    // the demo account took over the vesting lock and has withdrawn what vested
    expect(vesting.some((l) => l.owner === demoKeys().address && l.withdrawn > 0n)).toBe(true)
  })

  it('registers projects for at least three demo tokens, two of them verified by the admin', async () => {
    const projects = await registryContract.readers.projects(reader())
    const tokens = new Set(result.tokens.map((t) => t.assetId))
    expect(projects.filter((p) => tokens.has(p.asset)).length).toBeGreaterThanOrEqual(3)
    expect(projects.filter((p) => p.verified).length).toBeGreaterThanOrEqual(2)
    expect(projects.every((p) => p.name.length > 0 && p.url.startsWith('https://'))).toBe(true)
  })

  it('grows sGROVE: demo accounts stake GROVE, fees reach the vault and buybacks on different days, each within its TWAP bound, raise the rate above 1', async () => {
    const algod = algorand.client.algod
    const totals = await vaultContract.readers.totals(reader())
    expect(vaultRate(totals)).toBeGreaterThan(RATE_UNIT)
    const holders = await Promise.all((await members()).map((a) => algod.accountAssetInformation(a, ids.sGroveAssetId).do().then((h) => h.assetHolding?.amount ?? 0n, () => 0n)))
    expect(holders.filter((h) => h > 0n).length).toBeGreaterThanOrEqual(2)
    // the vault's own events, block by block: buybacks with their block times
    const last = Number((await algod.status().do()).lastRound)
    const buybacks: { at: number; asset: bigint; groveOut: bigint; minOut: bigint }[] = []
    for (let r = 1; r <= last; r++) {
      const { block } = await algod.block(r).do()
      for (const t of block.payset) {
        if (t.signedTxn.signedTxn.txn.applicationCall?.appIndex !== ids.vaultAppId) continue
        for (const e of decodeVaultEvents(t.signedTxn.applyData.evalDelta?.logs ?? [])) {
          if (e.name === 'Buyback') buybacks.push({ at: Number(block.header.timestamp), asset: e.args.asset, groveOut: e.args.groveOut, minOut: e.args.minOut })
        }
      }
    }
    expect(new Set(buybacks.map((b) => dayOf(b.at))).size).toBeGreaterThanOrEqual(2)
    expect(buybacks.every((b) => b.minOut > 0n && b.groveOut >= b.minOut)).toBe(true)
    expect(buybacks.length).toBe(result.vault.buybacks)
    // MOSS fees reach GROVE too, along the admin's three-hop path MOSS → FERN → ALGO → GROVE
    const moss = result.tokens.find((t) => t.unitName === 'MOSS')!.assetId
    expect(buybacks.some((b) => b.asset === BigInt(moss))).toBe(true)
    expect(await vaultContract.readers.buybackPath(reader(), BigInt(moss))).toHaveLength(3)
  })
})
