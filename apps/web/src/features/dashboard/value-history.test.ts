import { describe, expect, it } from 'vitest'
import { changeOver, closeAt, exposureTotals, valueHistory } from './value-history.ts'
import type { PoolReserves } from '@/lib/pools/price.ts'
import { derivePortfolio } from './portfolio.ts'

const H = 3600

describe('closeAt', () => {
  const closes = [
    { time: 100, close: 1 },
    { time: 200, close: 2 },
  ]
  it.each([
    [99, null],
    [100, 1],
    [150, 1],
    [200, 2],
    [10_000, 2],
  ])('at %i it is %s', (t, v) => {
    expect(closeAt(closes, t)).toBe(v)
  })
})

describe('valueHistory', () => {
  it('values today’s holdings at each step’s closes, ALGO as itself, USD at the stable coin’s close', () => {
    // 2 ALGO and 10 FERN (6 decimals) at 5 FERN per ALGO, then 2 FERN per ALGO
    const points = valueHistory({
      holdings: new Map([
        [0, 2_000_000n],
        [11, 10_000_000n],
      ]),
      series: new Map([[11, { decimals: 6, closes: [{ time: 0, close: 5 }, { time: H, close: 2 }] }]]),
      usd: [{ time: 0, close: 0.25 }],
      from: 0,
      to: 2 * H,
      step: H,
    })
    expect(points).toEqual([
      { time: 0, algo: 4, usd: 1 },
      { time: H, algo: 7, usd: 1.75 },
      { time: 2 * H, algo: 7, usd: 1.75 },
    ])
  })
  it('leaves out steps before a token has any price, and has no USD without the stable coin', () => {
    const points = valueHistory({ holdings: new Map([[11, 1_000_000n]]), series: new Map([[11, { decimals: 6, closes: [{ time: H, close: 4 }] }]]), usd: null, from: 0, to: H, step: H })
    expect(points).toEqual([{ time: H, algo: 0.25, usd: null }])
  })
})

describe('changeOver', () => {
  const points = [0, 1, 2, 3].map((i) => ({ time: i * 86_400, algo: 100 + i * 10, usd: null }))
  it('compares the last point with the one a period before it', () => {
    expect(changeOver(points, 86_400, 'algo')).toBeCloseTo(10 / 120)
    expect(changeOver(points, 3 * 86_400, 'algo')).toBeCloseTo(0.3)
  })
  it('is null when the history is shorter than the period or has no USD', () => {
    expect(changeOver(points, 7 * 86_400, 'algo')).toBeNull()
    expect(changeOver(points, 86_400, 'usd')).toBeNull()
  })
})

describe('exposureTotals', () => {
  it('adds up the tokens behind every priced line, an LP token as its two sides', () => {
    const pools: PoolReserves[] = [{ a: 0n, b: 11n, reserveA: 1_000_000n, reserveB: 4_000_000n, lpAsset: 101n, lpIssued: 1_999_000n }]
    const p = derivePortfolio({ holdings: { algo: 5n, minBalance: 0n, assets: new Map([[11, 7n], [101, 20_000n], [99, 3n]]) }, pools })
    // LP 20,000 of 2,000,000: 10,000 µALGO and 40,000 FERN; asset 99 has no price and is left out
    expect(exposureTotals(p)).toEqual(new Map([[0, 10_005n], [11, 40_007n]]))
  })
})
