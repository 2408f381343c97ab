// The swap card's token list: the tokens the DEX's pools and the stable pools hold, so a coin only a
// stable pool holds (the demo's gUSDt) can be picked.
import { describe, expect, it } from 'vitest'
import { pooledTokens } from './market.ts'

describe('the tokens the market lists', () => {
  it('holds the DEX pools’ tokens and the stable pools’ tokens, each once', () => {
    const dex = [
      { a: 0n, b: 10n },
      { a: 10n, b: 12n },
    ]
    const stable = [{ a: 10n, b: 11n }]
    expect([...pooledTokens(dex, stable)].sort((x, y) => x - y)).toEqual([0, 10, 11, 12])
  })

  it('lists a coin only a stable pool holds', () => {
    expect(pooledTokens([{ a: 0n, b: 10n }], [{ a: 10n, b: 11n }]).has(11)).toBe(true)
    expect(pooledTokens([{ a: 0n, b: 10n }], []).has(11)).toBe(false)
  })
})
