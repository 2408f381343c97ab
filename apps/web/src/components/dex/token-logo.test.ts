import { describe, expect, it } from 'vitest'
import { logoHue, logoInitials } from './token-logo.ts'

describe('logoInitials', () => {
  it.each([
    ['gUSD', 'GU'],
    ['FERN', 'FE'],
    ['#1234', '12'],
    ['X', 'X'],
    ['', '?'],
  ])('%j → %j', (symbol, initials) => {
    expect(logoInitials(symbol)).toBe(initials)
  })
})

describe('logoHue', () => {
  it('is the same for one asset and differs for the next', () => {
    expect(logoHue(1001)).toBe(logoHue(1001))
    expect(logoHue(1001)).not.toBe(logoHue(1002))
    expect(logoHue(1001)).toBeGreaterThanOrEqual(0)
    expect(logoHue(1001)).toBeLessThan(360)
  })
})
