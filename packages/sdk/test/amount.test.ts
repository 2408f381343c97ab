import { describe, expect, it } from 'vitest'
import { MAX_UINT64, formatAlgo, formatAmount, parseAmount } from '../src/core/amount.ts'

describe('parseAmount', () => {
  const accepted: [string, number, bigint][] = [
    ['1.5', 6, 1_500_000n],
    ['0', 6, 0n],
    ['1', 0, 1n],
    ['.5', 1, 5n],
    ['5.', 2, 500n],
    ['  42  ', 3, 42_000n],
    ['1,234,567.25', 2, 123_456_725n],
    ['1.500000000', 6, 1_500_000n],
    ['0.0000000000000000001', 19, 1n],
    ['1.8446744073709551615', 19, MAX_UINT64],
    ['18446744073709551615', 0, MAX_UINT64],
    ['-0', 6, 0n],
    ['+7', 0, 7n],
  ]
  it.each(accepted)('reads %j with %i decimals as %s base units', (text, decimals, value) => {
    expect(parseAmount(text, decimals)).toEqual({ ok: true, value })
  })

  const rejected: [string, number, string, string][] = [
    ['', 6, 'empty', 'Enter an amount'],
    ['   ', 6, 'empty', 'Enter an amount'],
    ['abc', 6, 'not-a-number', 'Not a number'],
    ['1e5', 6, 'not-a-number', 'Not a number'],
    ['1.2.3', 6, 'not-a-number', 'Not a number'],
    ['.', 6, 'not-a-number', 'Not a number'],
    ['-', 6, 'not-a-number', 'Not a number'],
    ['1,23', 6, 'not-a-number', 'Not a number'],
    ['12,345,67', 6, 'not-a-number', 'Not a number'],
    ['0x10', 6, 'not-a-number', 'Not a number'],
    ['1.5', 0, 'too-many-decimals', 'Too many decimals: USDC has 0'],
    ['0.1234567', 6, 'too-many-decimals', 'Too many decimals: USDC has 6'],
    ['-1', 6, 'negative', 'Amount cannot be negative'],
    ['18446744073709551616', 0, 'too-large', 'Amount is too large'],
    ['1.8446744073709551616', 19, 'too-large', 'Amount is too large'],
  ]
  it.each(rejected)('rejects %j with %i decimals as %s', (text, decimals, code, message) => {
    expect(parseAmount(text, decimals, 'USDC')).toEqual({ ok: false, error: { code, message } })
  })

  it('names a generic asset when no symbol is given', () => {
    expect(parseAmount('0.01', 1)).toEqual({ ok: false, error: { code: 'too-many-decimals', message: 'Too many decimals: this asset has 1' } })
  })

  it('rejects amounts above a given maximum such as a balance cap', () => {
    expect(parseAmount('11', 0, 'X', 10n)).toMatchObject({ ok: false, error: { code: 'too-large' } })
    expect(parseAmount('10', 0, 'X', 10n)).toEqual({ ok: true, value: 10n })
  })
})

describe('formatAmount', () => {
  const cases: [bigint, number, Parameters<typeof formatAmount>[2], string][] = [
    [1_500_000n, 6, {}, '1.5'],
    [0n, 6, {}, '0'],
    [1n, 0, {}, '1'],
    [1n, 19, {}, '0.0000000000000000001'],
    [MAX_UINT64, 19, {}, '1.8446744073709551615'],
    [MAX_UINT64, 0, { thousands: true }, '18,446,744,073,709,551,615'],
    [123_456_725n, 2, { thousands: true }, '1,234,567.25'],
    [100n, 2, { thousands: true }, '1'],
    [1_000_000n, 6, { fixed: true }, '1.000000'],
    [1_999_999n, 6, { maxDecimals: 2 }, '1.99'],
    [1_999_999n, 6, { maxDecimals: 0 }, '1'],
    [1_500_000n, 6, { maxDecimals: 2, fixed: true }, '1.50'],
    [-1_500_000n, 6, {}, '-1.5'],
    [-999n, 6, { maxDecimals: 2 }, '0'],
    [1_234_567_890_000n, 6, { thousands: true }, '1,234,567.89'],
    [123n, 19, {}, '0.0000000000000000123'],
  ]
  it.each(cases)('formats %s with %i decimals and %j as %j', (value, decimals, options, text) => {
    expect(formatAmount(value, decimals, options)).toBe(text)
  })

  it('renders µALGO as grouped ALGO with its unit', () => {
    expect(formatAlgo(1_234_500_000n)).toBe('1,234.5 ALGO')
    expect(formatAlgo(100_000n)).toBe('0.1 ALGO')
    expect(formatAlgo(1_234_567n, { maxDecimals: 2 })).toBe('1.23 ALGO')
  })

  it('round-trips every formatted amount through parseAmount', () => {
    for (const decimals of [0, 1, 6, 19])
      for (const value of [0n, 1n, 10n ** BigInt(decimals), MAX_UINT64, 123_456_789n]) {
        expect(parseAmount(formatAmount(value, decimals, { thousands: true }), decimals)).toEqual({ ok: true, value })
      }
  })
})
