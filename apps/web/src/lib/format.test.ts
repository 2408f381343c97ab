import { describe, expect, it } from 'vitest'
import { MAX_UINT64, formatAlgo, formatAmount, parseAmount, shortenAddress } from './format.ts'

describe('parseAmount', () => {
  it.each([
    ['1', 6, 1_000_000n],
    ['1.5', 6, 1_500_000n],
    ['.25', 6, 250_000n],
    ['10.', 6, 10_000_000n],
    ['0.000001', 6, 1n],
    ['  42  ', 0, 42n],
    ['1.500000000', 6, 1_500_000n],
    ['0', 6, 0n],
    ['007', 2, 700n],
    ['18446744073709551615', 0, MAX_UINT64],
    ['0.1', 1, 1n],
    ['123456789.123456789', 9, 123_456_789_123_456_789n],
  ])('converts %j with %i decimals to %s base units exactly', (text, decimals, expected) => {
    expect(parseAmount(text, decimals)).toEqual({ ok: true, value: expected })
  })

  it.each([
    ['', 6, 'empty'],
    ['   ', 6, 'empty'],
    ['.', 6, 'invalid'],
    ['abc', 6, 'invalid'],
    ['-1', 6, 'invalid'],
    ['1e6', 6, 'invalid'],
    ['1,5', 6, 'invalid'],
    ['1.2.3', 6, 'invalid'],
    ['0x10', 6, 'invalid'],
    ['0.0000001', 6, 'too-many-decimals'],
    ['1.5', 0, 'too-many-decimals'],
    ['18446744073709551616', 0, 'too-large'],
  ] as const)('refuses %j with %i decimals as %s', (text, decimals, problem) => {
    const result = parseAmount(text, decimals)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.problem).toBe(problem)
      expect(result.error).not.toBe('')
    }
  })

  it('names the decimal limit of the asset in its error', () => {
    expect(parseAmount('1.123', 2)).toMatchObject({ ok: false, error: 'At most 2 decimals' })
    expect(parseAmount('1.5', 0)).toMatchObject({ ok: false, error: 'This asset has no decimals' })
  })

  it('throws on impossible asset decimals, a programming error', () => {
    expect(() => parseAmount('1', -1)).toThrow(RangeError)
    expect(() => parseAmount('1', 20)).toThrow(RangeError)
    expect(() => parseAmount('1', 1.5)).toThrow(RangeError)
  })
})

describe('formatAmount', () => {
  it.each([
    [1_500_000n, 6, {}, '1.5'],
    [1n, 6, {}, '0.000001'],
    [0n, 6, {}, '0'],
    [1_000_000n, 6, {}, '1'],
    [42n, 0, {}, '42'],
    [-2_500_000n, 6, {}, '-2.5'],
    [1_234_567_890_000n, 6, { group: true }, '1,234,567.89'],
    [1_999_999n, 6, { maxFractionDigits: 2 }, '1.99'],
    [999n, 6, { maxFractionDigits: 2 }, '0'],
    [-999n, 6, { maxFractionDigits: 2 }, '0'],
    [MAX_UINT64, 0, { group: true }, '18,446,744,073,709,551,615'],
    [123n, 19, {}, '0.0000000000000000123'],
  ])('renders %s with %i decimals and %j as %j', (value, decimals, options, expected) => {
    expect(formatAmount(value, decimals, options)).toBe(expected)
  })

  it.each([
    ['0.000001', 6],
    ['123.456', 6],
    ['98765432101.5', 8],
    ['18446744073709551615', 0],
  ])('round-trips %j through base units unchanged', (text, decimals) => {
    const parsed = parseAmount(text, decimals)
    expect(parsed.ok && formatAmount(parsed.value, decimals)).toBe(text)
  })
})

describe('formatAlgo and shortenAddress', () => {
  it('renders microAlgos as grouped ALGO', () => {
    expect(formatAlgo(1_234_500_000n)).toBe('1,234.5 ALGO')
    expect(formatAlgo(100_000n)).toBe('0.1 ALGO')
  })

  it('shortens long addresses and leaves short text alone', () => {
    const address = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ'.slice(0, 58)
    expect(shortenAddress(address)).toBe(`${address.slice(0, 4)}…${address.slice(-4)}`)
    expect(shortenAddress('ABCDEFGHI')).toBe('ABCDEFGHI')
  })
})
