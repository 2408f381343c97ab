import { describe, expect, it } from 'vitest'
import { deriveOrder, intervalWords, type OrderForm, type OrderMarket } from './derive-order.ts'

const ALGO = { id: 0, symbol: 'ALGO', decimals: 6 }
const GUSD = { id: 10, symbol: 'gUSD', decimals: 6 }
const GOETH = { id: 11, symbol: 'goETH', decimals: 8 }
const form = (patch: Partial<OrderForm> = {}): OrderForm => ({ kind: 'limit', amount: '100', price: '0.21', expiryHours: 24, fills: '10', interval: 3600, tolerance: '1', ...patch })
const market = (patch: Partial<OrderMarket> = {}): OrderMarket => ({ spot: 0.2, poolFeeBps: 30, outUsd: 1, balance: 1_000_000_000n, ...patch })
const NOW = 1_700_000_000

describe('deriveOrder: a limit order', () => {
  it('turns amount and price into the least out, rounded up, with the expiry from the chain time and a preview in tokens, USD and against the market', () => {
    const d = deriveOrder(form(), ALGO, GUSD, market(), NOW)
    expect(d.params).toEqual({ kind: 'place-limit', assetIn: 0n, assetOut: 10n, amount: 100_000_000n, minOut: 21_000_000n, expiry: BigInt(NOW + 86_400) })
    expect(d.preview).toBe('You receive at least 21 gUSD (≈ $21) for 100 ALGO, in parts as fillers take it — 5.0% from the market.')
  })

  it('keeps never-expiring orders at 0 and converts between decimals in the owner’s favour', () => {
    const d = deriveOrder(form({ amount: '0.00000001', price: '3000', expiryHours: 0 }), GOETH, GUSD, market({ spot: null, outUsd: null }), NOW)
    // 1e-8 goETH at 3,000 gUSD = 0.00003 gUSD = 30 base units
    expect(d.params).toMatchObject({ amount: 1n, minOut: 30n, expiry: 0n })
    const up = deriveOrder(form({ amount: '1', price: '0.0000003' }), ALGO, GUSD, market(), NOW)
    // 0.0000003 gUSD is 0.3 base units: rounded up to 1, never below the price asked
    expect(up.params).toMatchObject({ minOut: 1n })
  })

  it.each([
    ['no price', { price: '' }, 'Enter the least price you accept, above zero'],
    ['a zero price', { price: '0' }, 'Enter the least price you accept, above zero'],
    ['a price in words', { price: 'cheap' }, 'Enter the least price you accept, above zero'],
    ['more than the balance', { amount: '2000' }, 'You hold less ALGO than that'],
    ['too many decimals', { amount: '1.1234567' }, expect.stringContaining('decimals')],
  ])('says what stops it: %s', (_, patch, message) => {
    const d = deriveOrder(form(patch), ALGO, GUSD, market(), NOW)
    expect(d.params).toBeNull()
    expect(d.message).toEqual(message)
  })

  it('asks for the tokens first, two different ones, and says nothing while the amount is empty', () => {
    expect(deriveOrder(form(), null, GUSD, market(), NOW).message).toBe('Pick the two tokens')
    expect(deriveOrder(form(), GUSD, GUSD, market(), NOW).message).toBe('Pick two different tokens')
    expect(deriveOrder(form({ amount: '' }), ALGO, GUSD, market(), NOW)).toEqual({ params: null, message: null, leastPerFill: null, preview: null })
  })
})

describe('deriveOrder: a recurring order', () => {
  it('places fills × amount with the interval and tolerance in bps, previewing each fill at today’s price after the pool fee and the tolerance', () => {
    const d = deriveOrder(form({ kind: 'recurring', amount: '50', fills: '12', interval: 300, tolerance: '1.5' }), ALGO, GUSD, market(), NOW)
    expect(d.params).toEqual({ kind: 'place-recurring', assetIn: 0n, assetOut: 10n, perFill: 50_000_000n, fills: 12n, interval: 300n, toleranceBps: 150n })
    // 50 ALGO × 0.2 × 0.997 × 0.985 = 9.8204…
    expect(d.leastPerFill).toBe(9_820_450n)
    expect(d.preview).toBe("12 fills of 50 ALGO, one every 5 minutes, the first a minute after placing. At today's price each fill receives at least about 9.82045 gUSD (≈ $9.82).")
  })

  it.each([
    ['no fills', { fills: '0' }, 'Enter a number of fills from 1 to 1,000'],
    ['fills in words', { fills: 'many' }, 'Enter a number of fills from 1 to 1,000'],
    ['an interval under a minute', { interval: 30 }, 'Fills must be at least a minute apart'],
    ['a tolerance of 100%', { tolerance: '100' }, 'Enter a tolerance from 0 to 99.99%'],
    ['a tolerance with three decimals', { tolerance: '1.234' }, 'Enter a tolerance from 0 to 99.99%'],
    ['more than the balance over every fill', { amount: '100', fills: '11' }, 'You hold less ALGO than 11 fills need'],
  ])('says what stops it: %s', (_, patch, message) => {
    const d = deriveOrder(form({ kind: 'recurring', ...patch }), ALGO, GUSD, market(), NOW)
    expect(d.params).toBeNull()
    expect(d.message).toBe(message)
  })

  it('accepts a zero tolerance and, without a market price, previews the schedule alone', () => {
    const d = deriveOrder(form({ kind: 'recurring', tolerance: '0' }), ALGO, GUSD, market({ spot: null }), NOW)
    expect(d.params).toMatchObject({ toleranceBps: 0n })
    expect(d.leastPerFill).toBeNull()
    expect(d.preview).toBe('10 fills of 100 ALGO, one every hour, the first a minute after placing.')
  })
})

describe('intervalWords', () => {
  it.each([
    [60, 'minute'],
    [300, '5 minutes'],
    [3600, 'hour'],
    [86_400, 'day'],
    [7 * 86_400, 'week'],
    [90, '90 seconds'],
  ])('%i seconds: %s', (s, w) => expect(intervalWords(s)).toBe(w))
})
