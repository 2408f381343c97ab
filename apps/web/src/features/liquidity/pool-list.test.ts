import * as sdk from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import type { Holdings } from '@/lib/account/account.ts'
import { ALGO, type Token } from '@/lib/tokens/tokens.ts'
import { matchesPool, poolRows, visiblePools } from './pool-list.ts'
import { figuresOf } from '@/lib/pools/figures.ts'
import type { ApiPool } from '@/lib/analytics/types.ts'

const GUSD: Token = { id: 1001, symbol: 'gUSD', name: 'Grove Dollar', decimals: 6 }
const FERN: Token = { id: 1002, symbol: 'FERN', name: 'Fern', decimals: 6 }
const MOSS: Token = { id: 1003, symbol: 'MOSS', name: 'Moss', decimals: 0 }
const TOKENS = new Map([ALGO, GUSD, FERN, MOSS].map((t) => [t.id, t]))
const pool = (a: number, b: number, reserveA: bigint, reserveB: bigint, lpAsset: bigint) => sdk.newPool(a, b, { reserveA, reserveB, lpAsset, lpIssued: 1_000_000n })
// 1,000 ALGO : 250 gUSD; 10 ALGO : 40 FERN; 100 gUSD : 400 FERN; 50 gUSD : 5 MOSS (MOSS has no ALGO pool).
const POOLS = [
  pool(0, 1001, 1_000_000_000n, 250_000_000n, 9001n),
  pool(0, 1002, 10_000_000n, 40_000_000n, 9002n),
  pool(1001, 1002, 100_000_000n, 400_000_000n, 9003n),
  pool(1001, 1003, 50_000_000n, 5n, 9004n),
]
const apiPool = (id: number, assetA: ApiPool['assetA'], assetB: ApiPool['assetB'], reserveA: string, reserveB: string): ApiPool => ({
  id, venue: 'grove', kind: 'constant-product', lpAsset: id, assetA, assetB, feeBps: 30, reserveA, reserveB, lpIssued: '1000000', price: null, change24h: null, tvlUsd: null,
  volume24hUsd: 0, fees24hUsd: 0, feeApr: null, trades24h: 0, createdRound: 1, createdTime: 1, updatedRound: 1,
})
const HOLDINGS: Holdings = { algo: 1n, minBalance: 0n, assets: new Map([[9003, 10n]]) }

describe('poolRows', () => {
  it('lists every pool with its TVL in USD and ALGO, each token priced along its route (MOSS through gUSD)', () => {
    const rows = poolRows(POOLS, TOKENS, undefined, undefined, GUSD)
    expect(rows.map((r) => [r.name, r.tvlAlgo])).toEqual([
      ['ALGO/gUSD', 2_000_000_000n],
      ['ALGO/FERN', 20_000_000n],
      // 100 gUSD = 400 ALGO; 400 FERN = 100 ALGO
      ['gUSD/FERN', 500_000_000n],
      // 50 gUSD = 200 ALGO; 5 MOSS = 50 gUSD by their own pool
      ['gUSD/MOSS', 400_000_000n],
    ])
    // in USD each token by its own route to gUSD (FERN by the gUSD/FERN pool), as /dex/analytics prices it
    expect(rows.map((r) => r.tvl.usd)).toEqual([500, 12.5, 200, 100].map((v) => expect.closeTo(v, 9)))
  })
  it('adds the analytics service’s 24h volume and fee APR to the pools it knows, by LP asset', () => {
    const rows = poolRows(POOLS, TOKENS, undefined, new Map([[9002, { volume24hUsd: 12.5, feeApr: 0.31 }]]))
    expect(rows.map((r) => r.market ?? null)).toEqual([null, { volume24hUsd: 12.5, feeApr: 0.31 }, null, null])
  })

  it('lists Tinyman’s pools after Grove’s with their venue, valued by the same TVL function at the prices Grove’s pools give', () => {
    const asset = (t: Token) => ({ id: t.id, unitName: t.symbol, name: t.name, decimals: t.decimals })
    // 2,000 ALGO : 520 gUSD on Tinyman (Grove's pool says 0.25 gUSD per ALGO)
    const tinyman = { ...apiPool(9100, asset(ALGO), asset(GUSD), '2000000000', '520000000'), venue: 'tinyman' as const }
    const grovePoolOfApi = { ...apiPool(9001, asset(ALGO), asset(GUSD), '1000000000', '250000000'), venue: 'grove' as const }
    const rows = poolRows(POOLS, TOKENS, undefined, undefined, GUSD, { pools: [grovePoolOfApi, tinyman], label: 'Tinyman v2-compatible (local)' })
    expect(rows.map((r) => [r.name, r.venue, r.venueLabel])).toEqual([
      ...POOLS.map(() => [expect.any(String), 'grove', 'Grove']),
      ['ALGO/gUSD', 'tinyman', 'Tinyman v2-compatible (local)'],
    ])
    const row = rows.at(-1)!
    // 2,000 ALGO = 500 gUSD and 520 gUSD at Grove's prices: one TVL function for both venues
    expect(row.tvl.usd).toBeCloseTo(1020, 9)
    expect(row.tvl.usd).toBe(figuresOf(POOLS, TOKENS, GUSD).tvl(row.pool).usd)
    expect(matchesPool(row, 'tinyman')).toBe(true)
  })
})

describe('visiblePools', () => {
  const rows = poolRows(POOLS, TOKENS, HOLDINGS)
  it.each<[string, string, { key: 'pair' | 'tvl' | 'share'; descending: boolean }, string[]]>([
    ['puts the user’s positions first, then the largest TVL', '', { key: 'tvl', descending: true }, ['gUSD/FERN', 'ALGO/gUSD', 'gUSD/MOSS', 'ALGO/FERN']],
    ['sorts by TVL ascending', '', { key: 'tvl', descending: false }, ['gUSD/FERN', 'ALGO/FERN', 'gUSD/MOSS', 'ALGO/gUSD']],
    ['sorts by pair', '', { key: 'pair', descending: false }, ['gUSD/FERN', 'ALGO/FERN', 'ALGO/gUSD', 'gUSD/MOSS']],
    ['finds pools by symbol', 'fern', { key: 'tvl', descending: true }, ['gUSD/FERN', 'ALGO/FERN']],
    ['finds a pair by both symbols in either order', 'fern algo', { key: 'tvl', descending: true }, ['ALGO/FERN']],
    ['finds pools by token name', 'grove dollar', { key: 'pair', descending: false }, ['gUSD/FERN', 'ALGO/gUSD', 'gUSD/MOSS']],
    ['finds pools by asset id', '1003', { key: 'tvl', descending: true }, ['gUSD/MOSS']],
    ['finds nothing for an unknown token', 'usdc', { key: 'tvl', descending: true }, []],
  ])('%s', (_name, query, sort, expected) => {
    expect(visiblePools(rows, query, sort).map((r) => r.name)).toEqual(expected)
  })

  it('matches a "A/B" search', () => {
    expect(matchesPool(rows[0]!, 'algo/gusd')).toBe(true)
  })
})

describe('poolRows with stable pools', () => {
  // a 5 bps stable pool of gUSD and FERN, as the Stable app's box holds it (the list reads its columns)
  const STABLE = { a: 1001n, b: 1002n, feeBps: 5n, reserveA: 100_000_000n, reserveB: 100_000_000n, lpAsset: 9100n, lpIssued: 199_999_000n, initialA: 10_000n, futureA: 10_000n }

  it('lists them beside the constant-product pools, as Grove’s, with their kind and fee', () => {
    const rows = poolRows(POOLS, TOKENS, HOLDINGS, undefined, GUSD, undefined, [STABLE])
    expect(rows.map((r) => [r.name, r.kind, r.venue, r.pool.feeBps])).toEqual([
      ['ALGO/gUSD', 'constant-product', 'grove', 30n],
      ['ALGO/FERN', 'constant-product', 'grove', 30n],
      ['gUSD/FERN', 'constant-product', 'grove', 30n],
      ['gUSD/MOSS', 'constant-product', 'grove', 30n],
      ['gUSD/FERN', 'stable', 'grove', 5n],
    ])
    // only the list's columns are kept, and its TVL is valued along the DEX's routes as any pool's
    expect(Object.keys(rows[4]!.pool).sort()).toEqual(['a', 'b', 'feeBps', 'lpAsset', 'lpIssued', 'reserveA', 'reserveB'])
    expect(rows[4]!.tvl.usd).toBeCloseTo(125, 9)
  })

  it('finds a stable pool by its kind', () => {
    const rows = poolRows(POOLS, TOKENS, undefined, undefined, GUSD, undefined, [STABLE])
    expect(visiblePools(rows, 'stable', { key: 'pair', descending: false }).map((r) => r.pool.lpAsset)).toEqual([9100n])
  })
})
