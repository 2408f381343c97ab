import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { addressKey } from '../address-key.ts'
import { listWords, pausedFlags, sameAccount } from './registry.ts'

const admin = algosdk.generateAccount().addr

describe('pausedFlags', () => {
  it.each([
    [0, []],
    [1, ['swaps']],
    [2, ['pools']],
    [5, ['swaps', 'staking']],
    [7, ['swaps', 'pools', 'staking']],
  ])('flags %i are %j', (paused, ids) => {
    expect(pausedFlags(paused).map((f) => f.id)).toEqual(ids)
  })
})

describe('listWords', () => {
  it.each([
    [[], ''],
    [['swaps'], 'swaps'],
    [['swaps', 'new pools'], 'swaps and new pools'],
    [['a', 'b', 'c'], 'a, b and c'],
  ])('joins %j as %s', (words, text) => {
    expect(listWords(words)).toBe(text)
  })
})

describe('addressKey', () => {
  it('gives the public key of an address', () => {
    expect(addressKey(admin.toString())).toEqual(admin.publicKey)
  })
  it.each(['', 'not an address', admin.toString().toLowerCase(), admin.toString().slice(1)])('refuses %s', (text) => {
    expect(addressKey(text)).toBeNull()
  })
  it('never matches a missing account', () => {
    expect(sameAccount(null, admin.toString())).toBe(false)
    expect(sameAccount(admin.publicKey, null)).toBe(false)
  })
})
