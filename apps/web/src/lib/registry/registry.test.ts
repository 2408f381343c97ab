import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { addressKey } from '../address-key.ts'
import { decodeRegistryGlobals, listWords, pausedFlags, sameAccount, type GlobalStateEntry } from './registry.ts'

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const key = (k: string) => b64(new TextEncoder().encode(k))
const admin = algosdk.generateAccount().addr
const other = algosdk.generateAccount().addr

const entries = (paused: number, pending: Uint8Array): GlobalStateEntry[] => [
  { key: key('admin'), value: { type: 1, bytes: b64(admin.publicKey) } },
  { key: key('pendingAdmin'), value: { type: 1, bytes: b64(pending) } },
  { key: key('treasury'), value: { type: 1, bytes: b64(admin.publicKey) } },
  { key: key('paused'), value: { type: 2, uint: paused } },
  { key: key('defaultFeeBps'), value: { type: 2, uint: 30 } },
  { key: key('protocolFeeDivisor'), value: { type: 2, uint: 6 } },
]

describe('decodeRegistryGlobals', () => {
  it('reads the flags, fees and addresses', () => {
    const g = decodeRegistryGlobals(entries(3, new Uint8Array(32)))
    expect(g).toMatchObject({ paused: 3, defaultFeeBps: 30, protocolFeeDivisor: 6, pendingAdmin: null })
    expect(sameAccount(g.admin, admin.toString())).toBe(true)
    expect(sameAccount(g.admin, other.toString())).toBe(false)
  })
  it('reads a proposed admin when the pending address is not zero', () => {
    const g = decodeRegistryGlobals(entries(0, other.publicKey))
    expect(sameAccount(g.pendingAdmin, other.toString())).toBe(true)
  })
})

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
