import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { aprOf, feeApr, lpSupply, marketFigures, programFigures, stableSpotPrice, type MarketPool } from '../../src/figures/index.ts'
import { SECONDS_PER_YEAR } from '../../src/staking/math.ts'

const dec = (m: Record<number, number>) => (id: number) => m[id] ?? 6
// ALGO/gUSD at 0.2 USD (pool 101), ALGO/FERN at 2 FERN per ALGO (102), FERN/MOSS at 4 MOSS per FERN (103, MOSS 2 decimals, no ALGO pool)
const POOLS: (MarketPool & { lpIssued: bigint })[] = [
  { lpAsset: 101, a: 0, b: 10, reserveA: 1_000_000_000n, reserveB: 200_000_000n, lpIssued: 447_212_595n },
  { lpAsset: 102, a: 0, b: 20, reserveA: 1_000_000_000n, reserveB: 2_000_000_000n, lpIssued: 1_414_212_562n },
  { lpAsset: 103, a: 20, b: 30, reserveA: 1_000_000n, reserveB: 400n, lpIssued: 19_000n },
]
const market = marketFigures(POOLS, dec({ 30: 2 }), 10)

describe('marketFigures', () => {
  it.each([
    ['ALGO', 0, 1_000_000n, 0.2, 1],
    ['the stable coin', 10, 1_000_000n, 1, 5],
    ['a token with an ALGO pool', 20, 1_000_000n, 0.1, 0.5],
    ['a token two pools from ALGO (no ALGO pool of its own)', 30, 100n, 0.025, 0.125],
  ])('values one whole %s in USD and ALGO', (_name, asset, whole, usd, algo) => {
    const v = market.value(asset, whole)
    expect(v.usd).toBeCloseTo(usd, 12)
    expect(v.algo).toBeCloseTo(algo, 12)
  })

  it('has no value for a token no pool reaches, and no USD without a stable coin', () => {
    expect(market.value(99, 1n)).toEqual({ usd: null, algo: null })
    expect(marketFigures(POOLS, dec({ 30: 2 }), undefined).value(20, 1n).usd).toBeNull()
  })

  it('gives a pool its two sides as TVL, in USD and ALGO', () => {
    expect(market.tvl(POOLS[1]!).usd).toBeCloseTo(200 + 200, 9)
    expect(market.tvl(POOLS[1]!).algo).toBeCloseTo(2_000, 9)
    expect(market.tvl(POOLS[2]!).usd).toBeCloseTo(0.1 + 4 * 0.025, 9)
  })

  it('counts twice the priced side of a pool whose other token nothing prices', () => {
    const m = marketFigures([...POOLS, { lpAsset: 104, a: 0, b: 77, reserveA: 3_000_000n, reserveB: 0n, lpIssued: 0n }], dec({}), 10)
    // an empty side prices nothing: 77 has no route, since the pool has no reserves on its side
    expect(m.tvl({ a: 0, b: 77, reserveA: 3_000_000n, reserveB: 5n }).algo).toBeCloseTo(6, 12)
  })

  it('values an unpriced side at the pool’s own price: the TVL it would have if the pool priced the token (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1_000n, max: 10n ** 15n }), fc.bigInt({ min: 1_000n, max: 10n ** 15n }), (ra, rb) => {
        const pool = { lpAsset: 104, a: 20, b: 77, reserveA: ra, reserveB: rb, lpIssued: 0n }
        // outside the market, 77 has no price; inside it, 77 is priced through this very pool
        const outside = market.tvl(pool)
        const inside = marketFigures([...POOLS, pool], dec({ 30: 2 }), 10).tvl(pool)
        expect(outside.algo! / inside.algo!).toBeCloseTo(1, 9)
        expect(outside.usd! / inside.usd!).toBeCloseTo(1, 9)
      }),
      { seed: 30, numRuns: 100 },
    )
    expect(market.tvl({ a: 88, b: 77, reserveA: 1n, reserveB: 1n })).toEqual({ usd: null, algo: null })
  })

  it('gives an LP token no value when its pool’s supply is not known', () => {
    const { lpIssued: _, ...unknown } = POOLS[0]!
    expect(marketFigures([unknown, POOLS[1]!], dec({}), 10).unit(101)).toEqual({ usd: null, algo: null })
  })

  it('gives a fee APR as a day’s fees at that pace for a year of 365.25 days over the TVL, none without a TVL', () => {
    expect(feeApr(1, 365.25)).toBeCloseTo(1, 12)
    expect(feeApr(7, 365.25, 7 * 86_400)).toBeCloseTo(1, 12)
    expect(feeApr(1, 0)).toBeNull()
    expect(feeApr(1, null)).toBeNull()
  })

  it('values an LP unit as its share of the pool, the locked minimum liquidity included in the supply', () => {
    const pool = POOLS[0]!
    expect(lpSupply(pool)).toBe(447_213_595n)
    expect(market.unit(101).algo).toBeCloseTo(2_000 / 447_213_595, 15)
    expect(market.poolOfLp(101n)).toBe(pool)
  })

  it('values all of a pool’s LP supply at its TVL, for any reserves (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 10n ** 15n }), (ra, rb, issued) => {
        const pool = { lpAsset: 500, a: 0, b: 10, reserveA: ra, reserveB: rb, lpIssued: issued }
        const m = marketFigures([pool], dec({}), 10)
        const all = m.value(500, lpSupply(pool))
        const tvl = m.tvl(pool)
        expect(all.algo! / tvl.algo!).toBeCloseTo(1, 9)
        expect(all.usd! / tvl.usd!).toBeCloseTo(1, 9)
        // both sides of a constant-product pool are worth the same at its own spot price
        expect(tvl.algo).toBeCloseTo((2 * Number(ra)) / 1e6, 3)
      }),
      { seed: 25, numRuns: 200 },
    )
  })
})

describe('a token’s liquidity (MarketFigures.liquidity)', () => {
  // another venue's ALGO/MOSS pool, valued at the market's prices but not one of its pricing pools
  const elsewhere = { a: 0, b: 30, reserveA: 2_000_000n, reserveB: 500n }

  it('counts every pool holding the token, whatever it is paired with and on every venue: not its ALGO pools alone', () => {
    // FERN/MOSS (1 ALGO, 0.2 USD) and the other venue's ALGO/MOSS (2 ALGO + 5 MOSS at 0.125 ALGO)
    const v = market.liquidity(30, [...POOLS, elsewhere])
    expect(v.algo).toBeCloseTo(1 + 2.625, 12)
    expect(v.usd).toBeCloseTo(0.2 + 0.525, 12)
  })

  it('is the sum of the TVLs of the pools holding it (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ a: fc.constantFrom(0, 10, 20, 30, 77), b: fc.constantFrom(0, 10, 20, 30, 77), reserveA: fc.bigInt({ min: 0n, max: 10n ** 15n }), reserveB: fc.bigInt({ min: 0n, max: 10n ** 15n }) }), { maxLength: 8 }), (pools) => {
        const holding = pools.filter((p) => p.a === 20 || p.b === 20)
        const sum = holding.reduce((x, p) => x + (market.tvl(p).algo ?? 0), 0)
        const v = market.liquidity(20, pools)
        if (holding.some((p) => market.tvl(p).algo !== null)) expect(v.algo).toBeCloseTo(sum, 3)
        else expect(v.algo).toBeNull()
      }),
      { seed: 36, numRuns: 200 },
    )
  })

  it('leaves out a pool nothing values, and is null when nothing values any', () => {
    const unpriced = { a: 30, b: 77, reserveA: 1_000n, reserveB: 1_000n }
    expect(market.liquidity(30, [POOLS[2]!, { a: 88, b: 77, reserveA: 1n, reserveB: 1n }]).algo).toBeCloseTo(1, 12)
    expect(market.liquidity(77, [{ a: 88, b: 77, reserveA: 1n, reserveB: 1n }])).toEqual({ usd: null, algo: null })
    // MOSS priced, so its side counts twice: 10 MOSS at 0.125 ALGO
    expect(market.liquidity(77, [unpriced]).algo).toBeCloseTo(2 * 1.25, 12)
    expect(market.liquidity(99, POOLS)).toEqual({ usd: null, algo: null })
  })
})

describe('programFigures', () => {
  // a farm staking FERN/ALGO LP (102) paying 0.5 FERN a second, from t=1000 to t=2000
  const farm = { stakeAsset: 102, totalStaked: 100_000_000n, rewards: [{ asset: 20, ratePerSecond: 500_000n }], start: 1_000, end: 2_000 }

  it('gives TVL as the stake’s value and APR as a year of rewards over it', () => {
    const f = programFigures(farm, market, 1_500)
    expect(f.status).toBe('active')
    const tvlAlgo = (2_000 * 100_000_000) / 1_414_213_562
    expect(f.tvl.algo).toBeCloseTo(tvlAlgo, 9)
    expect(f.tvl.usd).toBeCloseTo(tvlAlgo * 0.2, 9)
    const yearlyAlgo = 0.5 * 0.5 * Number(SECONDS_PER_YEAR)
    expect(f.yearlyRewards.algo).toBeCloseTo(yearlyAlgo, 6)
    expect(f.apr).toBeCloseTo(yearlyAlgo / tvlAlgo, 9)
  })

  it('sums a year of both rewards of a two-reward program over the stake’s value', () => {
    // a year's worth of FERN staked (31,557,600 FERN = 15,778,800 ALGO) paying 1 ALGO and 2 FERN (1 ALGO) a second: 2 ALGO a second over it
    const pool = { stakeAsset: 20, totalStaked: SECONDS_PER_YEAR * 1_000_000n, start: 1_000, end: 2_000, rewards: [{ asset: 0, ratePerSecond: 1_000_000n }, { asset: 20, ratePerSecond: 2_000_000n }] }
    const f = programFigures(pool, market, 1_500)
    expect(f.tvl.algo).toBeCloseTo(Number(SECONDS_PER_YEAR) / 2, 6)
    expect(f.yearlyRewards.algo).toBeCloseTo(2 * Number(SECONDS_PER_YEAR), 6)
    expect(f.apr).toBeCloseTo(4, 12)
  })

  it('words an APR (aprOf) in USD when rewards and stake are both priced in USD, else in ALGO, none with nothing staked', () => {
    expect(aprOf({ usd: 12, algo: 60 }, { usd: 100, algo: 1_000 })).toBeCloseTo(0.12, 12)
    expect(aprOf({ usd: null, algo: 60 }, { usd: 100, algo: 1_000 })).toBeCloseTo(0.06, 12)
    expect(aprOf({ usd: 12, algo: 60 }, { usd: 0, algo: 0 })).toBeNull()
    expect(aprOf({ usd: 12, algo: null }, { usd: null, algo: 1_000 })).toBeNull()
  })

  it('has a status from start and end, and no APR once ended or with nothing staked', () => {
    expect(programFigures(farm, market, 999).status).toBe('upcoming')
    expect(programFigures(farm, market, 2_000)).toMatchObject({ status: 'ended', apr: null })
    expect(programFigures({ ...farm, totalStaked: 0n }, market, 1_500).apr).toBeNull()
    expect(programFigures({ ...farm, rewards: [...farm.rewards, { asset: 99, ratePerSecond: 1n }] }, market, 1_500).apr).toBeNull()
  })

  it('previews the APR at another amount staked: twice the stake, half the APR (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (staked, rate) => {
        const p = { ...farm, rewards: [{ asset: 30, ratePerSecond: rate }] }
        const one = programFigures(p, market, 1_500, staked).apr!
        const two = programFigures(p, market, 1_500, 2n * staked).apr!
        expect(two / one).toBeCloseTo(0.5, 9)
      }),
      { seed: 26, numRuns: 200 },
    )
  })

  it('gives the same APR in USD and in ALGO when the dollar is priced through ALGO (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1_000n, max: 10n ** 13n }), fc.bigInt({ min: 1_000n, max: 10n ** 13n }), (ra, rb) => {
        const pools = [POOLS[0]!, { ...POOLS[1]!, reserveA: ra, reserveB: rb }, POOLS[2]!]
        const f = programFigures(farm, marketFigures(pools, dec({ 30: 2 }), 10), 1_500)
        expect(f.yearlyRewards.usd! / f.tvl.usd! / (f.yearlyRewards.algo! / f.tvl.algo!)).toBeCloseTo(1, 9)
      }),
      { seed: 27, numRuns: 100 },
    )
  })
})

describe('exit', () => {
  it('sells a token into its ALGO pool at the constant product after the fee', () => {
    // 1,000 ALGO : 2,000 FERN, 0.3%: selling 2,000 FERN returns 1,000·1,994/(2,000+1,994) ALGO
    const x = 2_000 * 0.997
    expect(market.exit(20, 2_000_000_000n).algo).toBeCloseTo((1_000 * x) / (2_000 + x), 9)
    expect(market.exit(20, 2_000_000_000n).usd).toBeCloseTo(((1_000 * x) / (2_000 + x)) * 0.2, 9)
  })

  it('sells a token with no ALGO pool hop by hop along its price route, and nothing prices a token no route reaches', () => {
    // 4 MOSS → FERN (pool 103) → ALGO (pool 102)
    const fern = (1 * 4 * 0.997) / (4 + 4 * 0.997)
    const algo = (1_000 * fern * 0.997) / (2_000 + fern * 0.997)
    expect(market.exit(30, 400n).algo).toBeCloseTo(algo, 9)
    expect(market.exit(99, 1n)).toEqual({ usd: null, algo: null })
  })

  it('never returns more than the spot value, and tends to it for small amounts (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 10, 20, 30), fc.bigInt({ min: 1n, max: 10n ** 14n }), (asset, amount) => {
        const spot = market.value(asset, amount).algo!
        const exit = market.exit(asset, amount).algo!
        expect(exit).toBeLessThanOrEqual(spot * (1 + 1e-12))
        if (asset !== 0 && spot < 1e-3) expect(exit / spot).toBeGreaterThan(0.99)
      }),
      { seed: 28, numRuns: 300 },
    )
  })
})

describe('a stable pool in the market', () => {
  // gUSD (10, 6 decimals) against an 8-decimal dollar coin (11) on a stable pool at A = 100, 1,200,000 : 800,000 whole coins
  const stable: MarketPool = { lpAsset: 104, a: 10, b: 11, reserveA: 1_200_000n * 10n ** 6n, reserveB: 800_000n * 10n ** 8n, lpIssued: 10n ** 15n, feeBps: 5, amp: 100 }
  const withStable = marketFigures([...POOLS, stable], dec({ 30: 2, 11: 8 }), 10)
  const peg = stableSpotPrice(1_200_000, 800_000, 100)!

  it('prices its coin by the invariant, near the peg, not by the reserves’ ratio', () => {
    // the curve's price (coin 11 per gUSD) is within a few % of 1 where the ratio says 0.67
    expect(peg).toBeGreaterThan(0.95)
    expect(peg).toBeLessThan(1)
    expect(withStable.book.usd(11)).toBeCloseTo(1 / peg, 9)
    expect(withStable.value(11, 10n ** 8n).usd).toBeCloseTo(1 / peg, 9)
  })

  it('sells through it at its marginal price less its fee, then on along the route', () => {
    // 100 coins (11) → gUSD at the curve's price less 5 bps → ALGO in pool 101
    const usd = (100 / peg) * 0.9995 * 1e6
    const x = usd * 0.997
    expect(withStable.exit(11, 100n * 10n ** 8n).algo).toBeCloseTo((1_000_000_000 * x) / (200_000_000 + x) / 1e6, 9)
  })
})
