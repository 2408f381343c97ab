import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { genesisAccounts, genesisAllocation, genesisHash, GENESIS_ID, openNode } from '../src/index.ts'
import { AccountStatus } from '../src/records.ts'

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

  it('splits go\'s 10 billion Algos 40/40/20 over Wallet1..3, online with keys for rounds 0–30,000, as AlgoKit LocalNet\'s template does', () => {
    expect(genesisAccounts().map((a) => a.balance)).toEqual([4_000_000_000_000_000n, 4_000_000_000_000_000n, 2_000_000_000_000_000n])
    const node = openNode()
    for (const a of genesisAccounts()) {
      const acct = node.account(a.address)
      expect(acct.record.status).toBe(AccountStatus.Online)
      expect([acct.record.voting?.voteFirst, acct.record.voting?.voteLast, acct.record.voting?.voteKeyDilution].map((x) => (x === undefined ? x : BigInt(x)))).toEqual([0n, 30000n, 10000n])
    }
    expect(node.supply().onlineMoney).toBe(10_000_000_000_000_000n)
  })

  it('has a stable 32-byte genesis hash and the localnet genesis id', () => {
    expect(genesisHash()).toHaveLength(32)
    expect(genesisHash()).toEqual(genesisHash())
    expect(GENESIS_ID).toBe('dockernet-v1')
  })
})
