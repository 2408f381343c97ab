import { describe, expect, it } from 'vitest'
import { pricePaths, pricesAlong, type PoolReserves } from '../../src/figures/index.ts'

// ALGO/FERN at 2 FERN per ALGO (pool 102), FERN/MOSS at 4 MOSS per FERN (103, MOSS 2 decimals, no ALGO pool)
const POOLS: PoolReserves[] = [
  { id: 102, assetA: 0, assetB: 20, reserveA: 1_000_000_000n, reserveB: 2_000_000_000n },
  { id: 103, assetA: 20, assetB: 30, reserveA: 1_000_000n, reserveB: 400n },
]
const decimals = (id: number) => (id === 30 ? 2 : 6)
const routes = pricePaths(POOLS, 0)

describe('pricesAlong', () => {
  it('prices a token along its route at the pools’ reserves', () => {
    const now = pricesAlong(routes, decimals)
    expect(now(20)).toBeCloseTo(0.5, 12)
    expect(now(30)).toBeCloseTo(0.125, 12)
  })
  it('walks the same route at other pool prices (a past hour’s closes), so a history and today’s price are one computation', () => {
    const closes = new Map([
      [102, 4],
      [103, 2],
    ])
    const then = pricesAlong(routes, decimals, (p) => closes.get(p.id!))
    expect(then(20)).toBeCloseTo(0.25, 12)
    expect(then(30)).toBeCloseTo(0.125, 12)
  })
  it('has no price when a pool on the route has none then', () => {
    expect(pricesAlong(routes, decimals, (p) => (p.id === 102 ? 4 : undefined))(30)).toBeUndefined()
  })
})
