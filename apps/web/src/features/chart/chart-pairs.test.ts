import { describe, expect, it } from 'vitest'
import { chartPairs, pairKey } from './chart-pairs.ts'

const asset = (id: number, unitName: string) => ({ id, unitName, name: unitName, decimals: 6 })
const [ALGO, GUSD, GUSDT, FERN] = [asset(0, 'ALGO'), asset(1001, 'gUSD'), asset(1002, 'gUSDt'), asset(1003, 'FERN')]
// the analytics service's list, deepest first: ALGO/gUSD in three pools (Grove 0.3%, Tinyman with its sides the other way, Grove 0.05%)
const pools = [
  { id: 10, assetA: ALGO, assetB: GUSD },
  { id: 11, assetA: GUSD, assetB: GUSDT },
  { id: 12, assetA: GUSD, assetB: ALGO },
  { id: 13, assetA: ALGO, assetB: FERN },
  { id: 14, assetA: ALGO, assetB: GUSD },
]

describe('the chart picker’s pairs', () => {
  it('groups a pair’s pools under one key, whichever side each asset is on', () => {
    expect(pairKey(pools[0]!)).toBe('0-1001')
    expect(pairKey(pools[2]!)).toBe('0-1001')
  })

  it('lists each pair once where its deepest pool is, its pools in the list’s order', () => {
    expect(chartPairs(pools).map((p) => [p.key, p.pools.map((x) => x.id)])).toEqual([
      ['0-1001', [10, 12, 14]],
      ['1001-1002', [11]],
      ['0-1003', [13]],
    ])
  })

  it('keeps the pairs a search matches, and the shown pool’s pair', () => {
    expect(chartPairs(pools, 'fern').map((p) => p.key)).toEqual(['0-1003'])
    expect(chartPairs(pools, 'gusdt', pools[0]).map((p) => p.key)).toEqual(['0-1001', '1001-1002'])
    expect(chartPairs(pools, 'no such token').map((p) => p.key)).toEqual([])
  })
})
