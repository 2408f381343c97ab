import { describe, expect, it } from 'vitest'
import { formatDateTime, shortenAddress } from './format.ts'

describe('shortenAddress', () => {
  it('shortens long addresses and leaves short text alone', () => {
    const address = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ'.slice(0, 58)
    expect(shortenAddress(address)).toBe(`${address.slice(0, 4)}…${address.slice(-4)}`)
    expect(shortenAddress('ABCDEFGHI')).toBe('ABCDEFGHI')
  })
})

describe('formatDateTime', () => {
  it('writes every chain time one way: medium date, time to the minute', () => {
    const seconds = Date.UTC(2026, 10, 26, 22, 52, 3) / 1000
    const text = formatDateTime(seconds)
    expect(text).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/)
    expect(formatDateTime(BigInt(seconds))).toBe(text)
  })
})
