import { describe, expect, it } from 'vitest'
import { ALGO_ASSET, type AssetInfo } from './asset.ts'
import { ALGO, issuerPowers, toToken, type Token } from './tokens.ts'

const asset = (patch: Partial<AssetInfo>): AssetInfo => ({ id: 9, name: 'Grove', unitName: 'GROVE', decimals: 6, total: 10n, creator: 'C', url: null, ...patch })
const token = (fields: Partial<Token>): Token => ({ id: 5, symbol: 'T', name: 'T', decimals: 0, ...fields })

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

  it('keeps the issuer’s clawback and freeze addresses', () => {
    expect(toToken(asset({ clawback: 'K', freeze: 'F' }))).toEqual({ id: 9, symbol: 'GROVE', name: 'Grove', decimals: 6, clawback: 'K', freeze: 'F' })
  })
})

describe('issuerPowers', () => {
  it.each([
    ['clawback and freeze of an unverified token', token({ clawback: 'C', freeze: 'F' }), new Set([0]), ['clawback', 'freeze']],
    ['freeze alone', token({ freeze: 'F' }), new Set([0]), ['freeze']],
    ['none for a token without powers', token({}), new Set([0]), []],
    ['none for a verified token (USDC keeps both)', token({ clawback: 'C', freeze: 'F' }), new Set([0, 5]), []],
    ['none for ALGO', ALGO, new Set<number>(), []],
  ] as const)('lists %s', (_name, t, verified, powers) => {
    expect(issuerPowers(t, verified)).toEqual(powers)
  })

  it('takes a verified flag as well as a set', () => {
    expect(issuerPowers(token({ clawback: 'C' }), true)).toEqual([])
    expect(issuerPowers(token({ clawback: 'C' }), false)).toEqual(['clawback'])
  })
})
