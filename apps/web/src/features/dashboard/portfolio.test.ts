import { describe, expect, it } from 'vitest'
import { figuresOf } from '@/lib/pools/figures.ts'
import { lpValue, type ReservePool } from '@grove/sdk/figures'
import { claimablePrograms, derivePortfolio, exposureOf } from './portfolio.ts'

// ALGO/gUSD (id 10) at 0.2 gUSD per ALGO; ALGO/FERN (id 11) at 4 FERN per ALGO; gUSD/MOSS (id 12) only.
const POOLS: ReservePool[] = [
  { a: 0n, b: 10n, reserveA: 1_000_000_000n, reserveB: 200_000_000n, lpAsset: 100n, lpIssued: 446_213_595n - 1000n },
  { a: 0n, b: 11n, reserveA: 500_000_000n, reserveB: 2_000_000_000n, lpAsset: 101n, lpIssued: 999_000n },
  { a: 10n, b: 12n, reserveA: 50_000_000n, reserveB: 10_000n, lpAsset: 102n, lpIssued: 21_360n },
]
const holdings = (assets: [number, bigint][]) => ({ algo: 5_000_000n, minBalance: 100_000n, assets: new Map(assets) })

describe('exposureOf', () => {
  it('reads an LP token as what burning it pays, ⌊lp·r/L⌋ of each side as the contract does (L: 999,000 issued + 1,000 locked)', () => {
    const pool = POOLS[1]!
    expect(exposureOf(POOLS, 101n, 100_000n)).toEqual([
      { tokenId: 0, amount: (100_000n * pool.reserveA) / 1_000_000n },
      { tokenId: 11, amount: (100_000n * pool.reserveB) / 1_000_000n },
    ])
  })
  it('reads any other token as itself', () => {
    expect(exposureOf(POOLS, 11n, 5n)).toEqual([{ tokenId: 11, amount: 5n }])
  })
})

/** What burning `lp` of `pool` pays, each side. */
const underlying = (pool: ReservePool, lp: bigint): [bigint, bigint] => {
  const { amountA, amountB } = lpValue(pool, lp)
  return [amountA, amountB]
}

describe('derivePortfolio', () => {
  it('makes LP tokens positions, skips empty holdings, and totals every priced line', () => {
    const p = derivePortfolio({ holdings: holdings([[10, 2_000_000n], [11, 0n], [101, 100_000n], [12, 5n]]), pools: POOLS })
    expect(p.lines.map((l) => [l.kind, l.key])).toEqual([
      ['wallet', 'wallet-0'],
      ['wallet', 'wallet-10'],
      ['wallet', 'wallet-12'],
      ['liquidity', 'lp-101'],
    ])
    const [ua, ub] = underlying(POOLS[1]!, 100_000n)
    expect(p.lines[3]!.algo).toBe(ua + (ub * 500_000_000n) / 2_000_000_000n)
    expect(p.unpriced).toBe(1)
    expect(p.totalAlgo).toBe(p.lines.reduce((s, l) => s + (l.algo ?? 0n), 0n))
    expect(p.totalAlgo).toBe(5_000_000n + 10_000_000n + p.lines[3]!.algo!)
  })
  it('values locks at what the app still owes, LP locks at their underlying', () => {
    const p = derivePortfolio({
      holdings: holdings([]),
      pools: POOLS,
      locks: [
        { id: 1n, asset: 10n, owed: 1_000_000n, locked: 600_000n, withdrawable: 400_000n },
        { id: 2n, asset: 101n, owed: 1000n, locked: 1000n, withdrawable: 0n },
        { id: 3n, asset: 11n, owed: 0n, locked: 0n, withdrawable: 0n },
      ],
    })
    expect(p.lines.filter((l) => l.kind === 'lock').map((l) => l.key)).toEqual(['lock-1', 'lock-2'])
    expect(p.lines.find((l) => l.key === 'lock-1')!.algo).toBe(5_000_000n)
    const [ua, ub] = underlying(POOLS[1]!, 1000n)
    expect(p.lines.find((l) => l.key === 'lock-2')!.algo).toBe(ua + (ub * 500_000_000n) / 2_000_000_000n)
  })
})

describe('derivePortfolio with stakes and sGROVE', () => {
  // GROVE is id 11 here (4 per ALGO); sGROVE id 50, each worth 1.5 GROVE
  const sgrove = { sGroveAssetId: 50, groveAssetId: 11, groveBehind: (shares: bigint) => (shares * 3n) / 2n }
  const p = derivePortfolio({
    holdings: holdings([[50, 4_000_000n]]),
    pools: POOLS,
    sgrove,
    stakes: [
      // a farm of ALGO/FERN LP paying ALGO and gUSD, a staking pool of gUSD paying FERN, an emptied one
      { programId: 7n, kind: 'farm', stakeAsset: 101n, stake: 100_000n, pending: [{ asset: 0n, amount: 30n }, { asset: 10n, amount: 1_000n }] },
      { programId: 8n, kind: 'pool', stakeAsset: 10n, stake: 2_000_000n, pending: [{ asset: 11n, amount: 400n }] },
      { programId: 9n, kind: 'pool', stakeAsset: 10n, stake: 0n, pending: [{ asset: 11n, amount: 0n }] },
    ],
  })
  const line = (key: string) => p.lines.find((l) => l.key === key)!
  it('makes sGROVE a line worth the GROVE behind it, not an unpriced wallet token', () => {
    expect(p.lines.some((l) => l.key === 'wallet-50')).toBe(false)
    expect(line('sgrove-50')).toMatchObject({ kind: 'sgrove', shares: 4_000_000n, amounts: [{ tokenId: 11, amount: 6_000_000n }], algo: 1_500_000n })
  })
  it('values a farm stake at its LP underlying plus every pending reward', () => {
    const [ua, ub] = underlying(POOLS[1]!, 100_000n)
    expect(line('farm-7').algo).toBe(ua + (ub * 500_000_000n) / 2_000_000_000n + 30n + 5_000n)
    expect(line('farm-7').stake?.pending).toHaveLength(2)
  })
  it('values a staking-pool stake at its token plus its pending reward, and skips emptied positions', () => {
    expect(line('pool-8').algo).toBe(10_000_000n + 100n)
    expect(p.lines.some((l) => l.key === 'pool-9')).toBe(false)
  })
  it('keeps the total the sum of its lines', () => {
    expect(p.lines.map((l) => l.kind)).toEqual(['wallet', 'farm', 'pool', 'sgrove'])
    expect(p.unpriced).toBe(0)
    expect(p.totalAlgo).toBe(p.lines.reduce((s, l) => s + l.algo!, 0n))
  })
  it('claims only programs with something pending', () => {
    expect(claimablePrograms([{ programId: 1n, kind: 'pool', stakeAsset: 10n, stake: 5n, pending: [{ asset: 0n, amount: 0n }] }, { programId: 2n, kind: 'farm', stakeAsset: 101n, stake: 0n, pending: [{ asset: 0n, amount: 0n }, { asset: 10n, amount: 1n }] }]).map((s) => s.programId)).toEqual([2n])
  })
})

describe('derivePortfolio with the SDK’s figures (issue 26, items 4 and 5)', () => {
  const decimals = new Map([[10, { decimals: 6 }], [11, { decimals: 6 }], [12, { decimals: 2 }]])
  const market = figuresOf(POOLS, decimals, { id: 10 })

  it('prices a token with no ALGO pool along its route (MOSS through gUSD), as analytics does', () => {
    const p = derivePortfolio({ holdings: holdings([[12, 5n]]), pools: POOLS, market })
    // 5 units (0.05 MOSS) at 0.5 gUSD per MOSS = 0.025 gUSD = 0.125 ALGO (too small to move its pools)
    const moss = p.lines.find((l) => l.key === 'wallet-12')!
    expect(moss.algo).toBe(125_000n)
    expect(p.unpriced).toBe(0)
  })

  it('prices a second dollar coin that only a stable pool holds by the invariant, near its peg', () => {
    // gUSD (10) against an 8-decimal coin (13) on a stable pool at A = 100, balanced: 1 coin is 1 gUSD, 5 ALGO
    const stable = { lpAsset: 104n, a: 10n, b: 13n, reserveA: 10n ** 12n, reserveB: 10n ** 14n, lpIssued: 10n ** 13n, feeBps: 5n, amp: 100 }
    const withStable = figuresOf([...POOLS, stable], new Map([...decimals, [13, { decimals: 8 }]]), { id: 10 })
    const coin = derivePortfolio({ holdings: holdings([[13, 10n ** 8n]]), pools: POOLS, market: withStable }).lines.find((l) => l.key === 'wallet-13')!
    expect(Number(coin.algo)).toBeCloseTo(5_000_000, -2)
    // without the stable pool nothing prices it
    expect(derivePortfolio({ holdings: holdings([[13, 10n ** 8n]]), pools: POOLS, market }).unpriced).toBe(1)
  })

  it('values a holding its pools cannot pay for at what selling it returns, and says so; small ones at spot', () => {
    // 2,000 FERN into a 500 ALGO : 2,000 FERN pool returns under 250 ALGO (spot 500)
    const big = derivePortfolio({ holdings: holdings([[11, 2_000_000_000n]]), pools: POOLS, market }).lines.find((l) => l.key === 'wallet-11')!
    expect(big.spotAlgo).toBe(500_000_000n)
    const x = 2_000 * 0.997
    expect(Number(big.algo) / 1e6).toBeCloseTo((500 * x) / (2_000 + x), 5)
    const small = derivePortfolio({ holdings: holdings([[11, 2_000_000n]]), pools: POOLS, market }).lines.find((l) => l.key === 'wallet-11')!
    expect(small.algo).toBe(500_000n)
    expect(small.spotAlgo).toBeUndefined()
  })

  it('totals locks apart from what can be moved now', () => {
    const p = derivePortfolio({ holdings: holdings([[10, 2_000_000n]]), pools: POOLS, market, locks: [{ id: 1n, asset: 10n, owed: 1_000_000n, locked: 600_000n, withdrawable: 400_000n }] })
    expect(p.lockedAlgo).toBe(5_000_000n)
    expect(p.totalAlgo).toBe(5_000_000n + 10_000_000n)
    expect(p.totalAlgo + p.lockedAlgo).toBe(p.lines.reduce((s, l) => s + (l.algo ?? 0n), 0n))
  })
})
