import algosdk from 'algosdk'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addressKey } from './address-key.ts'
import { checkAddress } from './address.ts'

// algosdk is the independent reference for what an address is.
const account = (seed: number): string => algosdk.encodeAddress(new Uint8Array(32).map((_, i) => (seed * 31 + i * 7) & 0xff))

describe('checkAddress', () => {
  it('accepts what algosdk encodes and reads back its key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (key) => {
        const address = algosdk.encodeAddress(key)
        expect(checkAddress(` ${address} `)).toEqual({ ok: true, address })
        expect(addressKey(address)).toEqual(key)
      }),
      { seed: 26, numRuns: 300 },
    )
  })

  it('agrees with algosdk on every one-character typo', () => {
    const address = account(5)
    fc.assert(
      fc.property(fc.nat(57), fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'), (at, c) => {
        const typo = address.slice(0, at) + c + address.slice(at + 1)
        expect(checkAddress(typo).ok).toBe(algosdk.isValidAddress(typo))
      }),
      { seed: 26, numRuns: 500 },
    )
  })

  it.each([
    ['', 'Enter an address'],
    ['ABC', 'An Algorand address has 58 characters; this one has 3'],
    [`${'a'.repeat(58)}`, 'An Algorand address uses only capital letters A–Z and digits 2–7'],
  ])('names what is wrong with %j', (text, error) => {
    expect(checkAddress(text)).toEqual({ ok: false, error })
  })

  it('says a wrong checksum is a typo, in words', () => {
    const address = account(9)
    const typo = address.slice(0, 10) + (address[10] === 'A' ? 'B' : 'A') + address.slice(11)
    const check = checkAddress(typo)
    expect(check.ok).toBe(false)
    expect(check.ok ? '' : check.error).toBe('This address has a typo: its checksum does not match. Copy it again from its source')
  })
})
