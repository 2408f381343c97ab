import { describe, expect, it } from 'vitest'
import { ALGO_ASSET, type AssetInfo } from './asset.ts'
import { ALGO, toToken } from './tokens.ts'

const asset = (patch: Partial<AssetInfo>): AssetInfo => ({ id: 9, name: 'Grove', unitName: 'GROVE', decimals: 6, total: 10n, creator: 'C', url: null, ...patch })

describe('toToken', () => {
  it.each<[string, AssetInfo, { symbol: string; name: string }]>([
    ['names a token by unit name and asset name', asset({}), { symbol: 'GROVE', name: 'Grove' }],
    ['falls back to the asset name for the symbol', asset({ unitName: null }), { symbol: 'Grove', name: 'Grove' }],
    ['falls back to the unit name for the name', asset({ name: null }), { symbol: 'GROVE', name: 'GROVE' }],
    ['names an asset with neither by its id', asset({ name: null, unitName: null }), { symbol: '#9', name: 'Asset 9' }],
  ])('%s', (_name, input, expected) => {
    expect(toToken(input)).toEqual({ id: 9, decimals: 6, ...expected })
  })

  it('reads ALGO’s known parameters as the ALGO token', () => {
    expect(toToken(ALGO_ASSET)).toEqual(ALGO)
  })
})
