import { describe, expect, it } from 'vitest'
import { algoInStable, algoPool, displayPrice, valueInAlgo, type ReservePool } from '../../src/figures/index.ts'

// ALGO/USD coin (id 10) at 0.2 per ALGO; ALGO/FERN (id 11) at 4 FERN per ALGO; USD coin/MOSS (id 12) only; ALGO/ACORN (13) empty.
const POOLS: ReservePool[] = [
  { a: 0n, b: 10n, reserveA: 1_000_000_000n, reserveB: 200_000_000n, lpAsset: 100n, lpIssued: 446_213_595n - 1000n },
  { a: 0n, b: 11n, reserveA: 500_000_000n, reserveB: 2_000_000_000n, lpAsset: 101n, lpIssued: 999_000n },
  { a: 10n, b: 12n, reserveA: 50_000_000n, reserveB: 10_000n, lpAsset: 102n, lpIssued: 21_360n },
  { a: 0n, b: 13n, reserveA: 0n, reserveB: 0n, lpAsset: 103n, lpIssued: 0n },
]

describe('valueInAlgo', () => {
  it.each([
    ['ALGO is itself', 0, 123n, 123n],
    ['the stable coin at its ALGO pool price', 10, 1_000_000n, 5_000_000n],
    ['FERN floors, as the contract rounds', 11, 3n, 0n],
    ['a token without an ALGO pool has no price', 12, 10n, null],
    ['a token whose ALGO pool is empty has no price', 13, 10n, null],
  ])('%s', (_, id, amount, value) => {
    expect(valueInAlgo(POOLS, id, amount)).toBe(value)
  })
})

describe('algoInStable', () => {
  it('converts µALGO to the stable coin through its ALGO pool', () => {
    expect(algoInStable(POOLS, 10, 5_000_000n)).toBe(1_000_000n)
  })
  it('has no USD without a stable coin or without its ALGO pool', () => {
    expect(algoInStable(POOLS, null, 5_000_000n)).toBeNull()
    expect(algoInStable(POOLS, 12, 5_000_000n)).toBeNull()
  })
})

describe('algoPool', () => {
  it('finds a token’s ALGO pool only while both sides hold reserves', () => {
    expect(algoPool(POOLS, 11n)?.lpAsset).toBe(101n)
    expect(algoPool(POOLS, 13)).toBeUndefined()
  })
  it('prices a pair with a pool per fee tier at its deepest pool, whichever is listed first', () => {
    const shallow: ReservePool = { a: 0n, b: 11n, reserveA: 50_000_000n, reserveB: 190_000_000n, lpAsset: 104n, lpIssued: 97_000n }
    for (const pools of [[shallow, ...POOLS], [...POOLS, shallow]]) {
      expect(algoPool(pools, 11n)?.lpAsset).toBe(101n)
      expect(valueInAlgo(pools, 11n, 4_000_000n)).toBe(1_000_000n)
    }
  })
})

describe('displayPrice', () => {
  it.each([
    ['whole B per whole A across decimals', 200_000_000n, 6, 1_000_000_000n, 6, '0.2'],
    ['grouped by thousands', 3_100_000_000n, 6, 100_000n, 8, '3,100,000'],
    ['truncated to 6 decimals, never rounded up', 1n, 6, 3n, 6, '0.333333'],
    ['a token of 0 decimals', 5n, 0, 1_000_000n, 6, '5'],
  ])('%s', (_, num, numDecimals, den, denDecimals, text) => {
    expect(displayPrice(num, numDecimals, den, denDecimals)).toBe(text)
  })
})
