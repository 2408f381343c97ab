import { describe, expect, it } from 'vitest'
import { logoBackground, logoHue, logoInitials } from './token-logo.ts'

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

/** WCAG relative luminance of an `hsl(h s% l%)` colour. */
function luminance(css: string): number {
  const [h, s, l] = css.match(/[\d.]+/g)!.map(Number) as [number, number, number]
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100)
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * f(0) + 0.7152 * f(8) + 0.0722 * f(4)
}

describe('logoBackground', () => {
  it('is the hue of the asset id', () => {
    expect(logoBackground(1001)).toBe(`hsl(${logoHue(1001)} 55% 30%)`)
  })

  it('keeps white initials at 4.5:1 or more for every asset id (every hue)', () => {
    for (let id = 1; id <= 720; id++) {
      const contrast = 1.05 / (luminance(logoBackground(id)) + 0.05)
      expect(contrast, `asset ${id}: ${logoBackground(id)}`).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('would fail that contrast at the lighter 42% it replaced (the test can fail)', () => {
    expect(1.05 / (luminance('hsl(60 55% 42%)') + 0.05)).toBeLessThan(4.5)
  })
})
