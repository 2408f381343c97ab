import { describe, expect, it } from 'vitest'
import { chartCandles, timeAxis, TIMEFRAME_SECONDS, featuredFarms, findPool, formatPercent, formatPrice, formatUsd, nextSort, pairName, poolMatches, programName, shownChange, shownPrice, sortRows, symbolOf } from './derive.ts'
import type { ApiCandle, ApiProgram } from './types.ts'

const asset = (id: number, unitName: string | null, decimals = 6, name: string | null = null) => ({ id, unitName, name, decimals })
const ALGO = asset(0, null)
const GUSD = asset(1001, 'gUSD', 6, 'Grove Dollar')
const FERN = asset(1002, 'FERN', 2, 'Fern')
const POOLS = [
  { id: 9001, assetA: ALGO, assetB: GUSD },
  { id: 9002, assetA: ALGO, assetB: FERN },
  { id: 9003, assetA: GUSD, assetB: FERN },
]

describe('names', () => {
  it('calls asset 0 ALGO and falls back from unit name to name to #id', () => {
    expect([symbolOf(ALGO), symbolOf(GUSD), symbolOf(asset(5, null, 0, 'Named')), symbolOf(asset(6, null))]).toEqual(['ALGO', 'gUSD', 'Named', '#6'])
  })
  it('names a pair in asset order, or inverted', () => {
    expect([pairName(POOLS[0]!), pairName(POOLS[0]!, true)]).toEqual(['ALGO/gUSD', 'gUSD/ALGO'])
  })
})

describe('findPool', () => {
  it.each<[string | null, number | undefined]>([
    ['9002', 9002],
    ['0-1002', 9002],
    ['1002-1001', 9003],
    ['9999', undefined],
    ['5-6', undefined],
    ['ALGO', undefined],
    [null, undefined],
  ])('finds ?pool=%s', (param, id) => {
    expect(findPool(POOLS, param)?.id).toBe(id)
  })
})

describe('poolMatches', () => {
  it.each<[string, number[]]>([
    ['fern', [9002, 9003]],
    ['algo fern', [9002]],
    ['dollar', [9001, 9003]],
    ['1001', [9001, 9003]],
    ['9003', [9003]],
    ['', [9001, 9002, 9003]],
  ])('"%s" matches %j', (query, ids) => {
    expect(POOLS.filter((p) => poolMatches(p, query)).map((p) => p.id)).toEqual(ids)
  })
})

describe('chartCandles', () => {
  const candle: ApiCandle = { time: 3600, open: 2, high: 4, low: 1, close: 2.5, volumeA: '3000000', volumeB: '700', soldA: '0', soldB: '0', boughtA: '0', boughtB: '0', volumeUsd: 1, trades: 2 }
  it('keeps B per A and counts volume in whole B', () => {
    expect(chartCandles([candle], { a: 6, b: 2 }, false)).toEqual([{ time: 3600, open: 2, high: 4, low: 1, close: 2.5, volume: 7, up: true }])
  })
  it('inverts to A per B: high and low trade places, volume counts in whole A', () => {
    expect(chartCandles([candle], { a: 6, b: 2 }, true)).toEqual([{ time: 3600, open: 0.5, high: 1, low: 0.25, close: 0.4, volume: 3, up: false }])
  })
  it('opens each candle at the previous close, widening its range to include it', () => {
    const lone = { ...candle, time: 7200, open: 3, high: 3, low: 3, close: 3 }
    const [, second] = chartCandles([candle, lone], { a: 6, b: 2 }, false)
    expect(second).toMatchObject({ open: 2.5, high: 3, low: 2.5, close: 3, up: true })
  })
})

describe('timeAxis', () => {
  const at = (time: number) => ({ time })
  it('puts every bucket on the axis, a gap where no trade happened, up to now', () => {
    expect(timeAxis([at(3600), at(3600 * 3)], 3600, 3600 * 5 + 10)).toEqual([at(3600), { time: 7200, gap: true }, at(10800), { time: 14400, gap: true }, { time: 18000, gap: true }])
  })
  it('spaces 5m, 15m and 1h apart as time does', () => {
    const trades = [at(0), at(3600)]
    const lengths = (['5m', '15m', '1h'] as const).map((tf) => timeAxis(trades, TIMEFRAME_SECONDS[tf], 3600).length)
    expect(lengths).toEqual([13, 5, 2])
  })
  it('keeps the latest buckets when the span is long, and nothing without candles', () => {
    const axis = timeAxis([at(0), at(300 * 5000)], 300, 300 * 5000, 100)
    expect(axis).toHaveLength(100)
    expect(axis.at(-1)).toEqual(at(300 * 5000))
    expect(timeAxis([], 300, 1000)).toEqual([])
  })
})

describe('shown price and change', () => {
  it('inverts a price and its 24h change', () => {
    expect(shownPrice(4, true)).toBe(0.25)
    expect(shownPrice(null, true)).toBeNull()
    // 2 → 2.5 (+25%) is 0.5 → 0.4 (-20%) the other way round
    expect(shownChange(0.25, true)).toBeCloseTo(-0.2)
    expect(shownChange(0.25, false)).toBe(0.25)
  })
})

describe('formatting', () => {
  it.each<[number | null, string]>([
    [1234.5678, '1,234.6'],
    [0.000123456, '0.00012346'],
    [2.5, '2.5'],
    [null, '—'],
  ])('formats price %s as %s', (value, text) => expect(formatPrice(value)).toBe(text))
  it.each<[number | null, string]>([
    [12.345, '$12.35'],
    [12_345.6, '$12,346'],
    [3_456_789, '$3.46M'],
    [0.001, '<$0.01'],
    [0, '$0.00'],
    [null, '—'],
  ])('formats USD %s as %s', (value, text) => expect(formatUsd(value)).toBe(text))
  it('formats fractions as percentages, signed when asked', () => {
    expect([formatPercent(0.1234), formatPercent(0.05, true), formatPercent(-0.05, true), formatPercent(null)]).toEqual(['12.34%', '+5.00%', '-5.00%', '—'])
  })
})

describe('sorting', () => {
  const rows = [
    { name: 'b', v: 2 as number | null },
    { name: 'a', v: null },
    { name: 'c', v: 2 },
    { name: 'd', v: 5 },
  ]
  const value = (r: (typeof rows)[number]) => r.v
  it('sorts descending with unknown values last and ties by name', () => {
    expect(sortRows(rows, { key: 'v', descending: true }, value, (r) => r.name).map((r) => r.name)).toEqual(['d', 'b', 'c', 'a'])
  })
  it('sorts ascending with unknown values still last', () => {
    expect(sortRows(rows, { key: 'v', descending: false }, value, (r) => r.name).map((r) => r.name)).toEqual(['b', 'c', 'd', 'a'])
  })
  it('flips the same column, and starts another descending unless it is text', () => {
    expect(nextSort({ key: 'tvl', descending: true }, 'tvl')).toEqual({ key: 'tvl', descending: false })
    expect(nextSort({ key: 'tvl', descending: true }, 'volume')).toEqual({ key: 'volume', descending: true })
    expect(nextSort({ key: 'tvl', descending: true }, 'pair', ['pair'])).toEqual({ key: 'pair', descending: false })
  })
})

describe('featuredFarms', () => {
  const program = (id: number, kind: ApiProgram['kind'], status: ApiProgram['status'], tvlUsd: number | null): ApiProgram => ({
    id,
    kind,
    status,
    stakeAsset: asset(9001, 'GLP'),
    rewards: [{ asset: asset(1003, 'GROVE'), ratePerSecond: '1000' }],
    start: 0,
    end: 2000,
    creator: 'C',
    totalStaked: '1',
    stakers: 1,
    tvlUsd,
    apr: 0.1,
    createdRound: 1,
    createdTime: 0,
    updatedRound: 1,
  })

  it('features up to three active farms, largest TVL first, unvalued ones last', () => {
    const farms = featuredFarms([
      program(1, 'farm', 'active', 100),
      program(2, 'pool', 'active', 9_000),
      program(3, 'farm', 'ended', 5_000),
      program(4, 'farm', 'upcoming', 4_000),
      program(5, 'farm', 'active', null),
      program(6, 'farm', 'active', 300),
      program(7, 'farm', 'active', 200),
    ])
    expect(farms.map((f) => f.id)).toEqual([6, 7, 1])
    expect(featuredFarms([program(5, 'farm', 'active', null), program(1, 'farm', 'active', 0)]).map((f) => f.id)).toEqual([1, 5])
  })

  it("names a farm by its LP token's pair and its rewards", () => {
    const farm = program(1, 'farm', 'active', 100)
    expect(programName(farm, [{ lpAsset: 9001, assetA: ALGO, assetB: GUSD }])).toBe('ALGO/gUSD LP → GROVE')
    expect(programName({ ...farm, rewards: [...farm.rewards, { asset: FERN, ratePerSecond: '5' }] })).toBe('GLP → GROVE + FERN')
  })
})
