import { describe, expect, it } from 'vitest'
import { shortenAddress } from './format.ts'

describe('shortenAddress', () => {
  it('shortens long addresses and leaves short text alone', () => {
    const address = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ'.slice(0, 58)
    expect(shortenAddress(address)).toBe(`${address.slice(0, 4)}…${address.slice(-4)}`)
    expect(shortenAddress('ABCDEFGHI')).toBe('ABCDEFGHI')
  })
})
