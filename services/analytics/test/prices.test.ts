import { describe, expect, it } from 'vitest'
import { priceBook, spotPrice } from '../src/prices.ts'

const dec = (decimals: Record<number, number>) => (id: number) => decimals[id] ?? 6

describe('spotPrice', () => {
  it.each([
    ['equal decimals', 1_000_000n, 2_000_000n, 6, 6, 2],
    ['B with fewer decimals', 1_000_000n, 2n, 6, 0, 2],
    ['A with more decimals', 10n ** 8n, 3_100_000_000n, 8, 6, 3100],
  ])('gives whole B per whole A with %s', (_name, ra, rb, da, db, price) => {
    expect(spotPrice(ra, rb, da, db)).toBeCloseTo(price, 12)
  })

  it('has no price for an empty pool', () => {
    expect(spotPrice(0n, 0n, 6, 6)).toBeUndefined()
  })
})

describe('priceBook', () => {
  // ALGO/gUSD at 0.2 USD, ALGO/FERN at 2 FERN per ALGO, FERN/MOSS at 4 MOSS per FERN (no ALGO pool)
  const pools = [
    { assetA: 0, assetB: 10, reserveA: 1_000_000_000n, reserveB: 200_000_000n },
    { assetA: 0, assetB: 20, reserveA: 1_000_000_000n, reserveB: 2_000_000_000n },
    { assetA: 20, assetB: 30, reserveA: 1_000_000n, reserveB: 400n },
  ]
  const book = priceBook(pools, dec({ 30: 2 }), 10)

  it.each([
    ['ALGO', 0, 1, 0.2],
    ['the stable coin', 10, 5, 1],
    ['a token with an ALGO pool', 20, 0.5, 0.1],
    ['a token two pools away', 30, 0.125, 0.025],
  ])('prices %s in ALGO and USD', (_name, asset, algo, usd) => {
    expect(book.algo(asset)).toBeCloseTo(algo, 12)
    expect(book.usd(asset)).toBeCloseTo(usd, 12)
  })

  it('values base units in USD', () => {
    expect(book.value(20, 5_000_000n)).toBeCloseTo(0.5, 12)
    expect(book.value(99, 1n)).toBeUndefined()
  })

  it('takes the oldest pool when a token has two paths of the same length', () => {
    const book = priceBook(
      [
        { id: 101, assetA: 0, assetB: 10, reserveA: 1_000_000_000n, reserveB: 200_000_000n },
        { id: 102, assetA: 0, assetB: 20, reserveA: 10n ** 12n, reserveB: 2n * 10n ** 12n },
        { id: 104, assetA: 20, assetB: 30, reserveA: 1_000n, reserveB: 1_000_000n },
        { id: 103, assetA: 10, assetB: 30, reserveA: 1_000_000n, reserveB: 1_000_000n },
      ],
      dec({}),
      10,
    )
    // 30 is two pools from ALGO either way: through gUSD (pool 103) rather than 20 (pool 104)
    expect(book.algo(30)).toBeCloseTo(5, 12)
  })

  it('prices a token through the direct pool rather than a longer path', () => {
    const book = priceBook([...pools, { id: 200, assetA: 0, assetB: 30, reserveA: 1_000_000n, reserveB: 100n }], dec({ 30: 2 }), 10)
    expect(book.algo(30)).toBeCloseTo(1, 12)
  })

  it('gives no USD prices without a stable coin', () => {
    expect(priceBook(pools, dec({}), undefined).usd(0)).toBeUndefined()
  })
})
