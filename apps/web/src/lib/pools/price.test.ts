import { describe, expect, it } from 'vitest'
import { algoInStable, stableCoin, valueInAlgo, type PoolReserves } from './price.ts'

// ALGO/gUSD (id 10) at 0.2 gUSD per ALGO; ALGO/FERN (id 11) at 4 FERN per ALGO; gUSD/MOSS (id 12) only.
const POOLS: PoolReserves[] = [
  { a: 0n, b: 10n, reserveA: 1_000_000_000n, reserveB: 200_000_000n, lpAsset: 100n, lpIssued: 446_213_595n - 1000n },
  { a: 0n, b: 11n, reserveA: 500_000_000n, reserveB: 2_000_000_000n, lpAsset: 101n, lpIssued: 999_000n },
  { a: 10n, b: 12n, reserveA: 50_000_000n, reserveB: 10_000n, lpAsset: 102n, lpIssued: 21_360n },
]

describe('valueInAlgo', () => {
  it.each([
    ['ALGO is itself', 0, 123n, 123n],
    ['gUSD at its ALGO pool price', 10, 1_000_000n, 5_000_000n],
    ['FERN floors', 11, 3n, 0n],
    ['a token without an ALGO pool has no price', 12, 10n, null],
  ])('%s', (_, id, amount, value) => {
    expect(valueInAlgo(POOLS, id, amount)).toBe(value)
  })
})

describe('algoInStable', () => {
  it('converts µALGO to the stable coin through its ALGO pool', () => {
    expect(algoInStable(POOLS, 10, 5_000_000n)).toBe(1_000_000n)
  })
  it('has no USD without a stable coin', () => {
    expect(algoInStable(POOLS, null, 5_000_000n)).toBeNull()
  })
})

describe('stableCoin', () => {
  const tokens = [
    { id: 10, symbol: 'gUSD', name: 'Grove USD', decimals: 6 },
    { id: 20, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  ]
  it.each([
    ['localnet', 10],
    ['testnet', 20],
    ['mainnet', 20],
  ])('on %s it is asset %i', (network, id) => {
    expect(stableCoin(tokens, network)?.id).toBe(id)
  })
  it('is null when the network has none', () => {
    expect(stableCoin([], 'localnet')).toBeNull()
  })
})
