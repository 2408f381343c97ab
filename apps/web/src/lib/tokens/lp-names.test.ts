import { describe, expect, it } from 'vitest'
import { ALGO, type Token } from './tokens.ts'
import { lpSymbol, tokenSymbol, withPairNames } from './lp-names.ts'

const GUSD: Token = { id: 5, symbol: 'gUSD', name: 'Grove Dollar', decimals: 6 }
const GLP: Token = { id: 100, symbol: 'GLP', name: 'Grove LP ALGO/gUSD', decimals: 6 }
const tokens = new Map([ALGO, GUSD, GLP].map((t) => [t.id, t]))

describe('LP tokens by their pair', () => {
  it('names the LP token of a pool by its two sides, not "GLP"', () => {
    const named = withPairNames(tokens, [{ a: 0n, b: 5n, lpAsset: 100n }])
    expect(named.get(100)).toEqual({ ...GLP, symbol: 'ALGO/gUSD LP', name: 'Grove ALGO/gUSD LP' })
    expect(named.get(5)).toBe(GUSD)
    expect(tokens.get(100)!.symbol).toBe('GLP')
  })
  it('names an unknown side by its id and leaves other assets alone', () => {
    expect(lpSymbol({ a: 0n, b: 77n, lpAsset: 101n }, tokens)).toBe('ALGO/#77 LP')
    expect(withPairNames(tokens, [{ a: 0n, b: 77n, lpAsset: 101n }])).toEqual(tokens)
  })
  it('writes any token by its symbol, an LP token by its pair, an unknown one by its id', () => {
    const pools = [{ a: 0n, b: 5n, lpAsset: 100n }]
    expect([tokenSymbol(5, tokens, pools), tokenSymbol(100n, tokens, pools), tokenSymbol(77, tokens, pools)]).toEqual(['gUSD', 'ALGO/gUSD LP', '#77'])
  })
})
