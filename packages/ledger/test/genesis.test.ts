import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { genesisAccounts, genesisAllocation, genesisHash, GENESIS_ID } from '../src/index.ts'

describe('genesis', () => {
  it('derives the same three accounts every time', () => {
    const a = genesisAccounts()
    const b = genesisAccounts()
    expect(a.map((x) => x.address)).toEqual(b.map((x) => x.address))
    expect(new Set(a.map((x) => x.address)).size).toBe(3)
  })

  it('gives each account a secret key and mnemonic that match its address', () => {
    for (const acct of genesisAccounts()) {
      expect(algosdk.encodeAddress(acct.secretKey.slice(32))).toBe(acct.address)
      expect(algosdk.mnemonicToSecretKey(acct.mnemonic).addr.toString()).toBe(acct.address)
    }
  })

  it('funds every genesis account in the allocation', () => {
    const alloc = genesisAllocation()
    for (const acct of genesisAccounts()) expect(alloc.get(acct.address)).toBe(acct.balance)
  })

  it('has a stable 32-byte genesis hash and the localnet genesis id', () => {
    expect(genesisHash()).toHaveLength(32)
    expect(genesisHash()).toEqual(genesisHash())
    expect(GENESIS_ID).toBe('dockernet-v1')
  })
})
