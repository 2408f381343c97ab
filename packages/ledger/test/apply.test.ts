import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { applyGroup, type GroupContext } from '../src/apply.ts'
import { LedgerState } from '../src/state.ts'
import { genesisAccounts, genesisHash, GENESIS_ID, FEE_SINK } from '../src/genesis.ts'

function setup(): { state: LedgerState; ctx: GroupContext } {
  const state = new LedgerState({
    round: () => 1n,
    latestTimestamp: () => 0,
    blockHeader: () => {
      throw new Error('no block header access')
    },
    genesisHash: () => genesisHash(),
    feeSink: algosdk.decodeAddress(FEE_SINK).publicKey,
  })
  for (const a of genesisAccounts()) state.updateAccount(algosdk.decodeAddress(a.address).publicKey, (d) => (d.balance = Number(1_000_000_000n)))
  const ctx: GroupContext = { round: 1n, genesisId: GENESIS_ID, genesisHash: genesisHash(), seenTxId: () => false, leaseUntil: () => undefined }
  return { state, ctx }
}

const params = { fee: 1000n, minFee: 1000n, firstValid: 1n, lastValid: 100n, genesisID: GENESIS_ID, genesisHash: genesisHash(), flatFee: true }

function pay(from: number, to: string, amount: number, fee = 1000n): algosdk.SignedTransaction {
  const a = genesisAccounts()[from]
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: a.address, receiver: to, amount, suggestedParams: { ...params, fee } })
  return algosdk.decodeSignedTransaction(txn.signTxn(a.secretKey))
}

describe('applyGroup payments', () => {
  it('moves the amount and charges the fee', () => {
    const { state, ctx } = setup()
    const [a, b] = genesisAccounts()
    applyGroup(state, [pay(0, b.address, 5000)], ctx)
    expect(state.accountData(algosdk.decodeAddress(a.address).publicKey).balance).toBe(1_000_000_000 - 6000)
    expect(state.accountData(algosdk.decodeAddress(b.address).publicKey).balance).toBe(1_000_000_000 + 5000)
  })

  const rejections: { name: string; make: () => algosdk.SignedTransaction; text: RegExp }[] = [
    { name: 'overspend', make: () => pay(0, genesisAccounts()[1].address, 2_000_000_000), text: /overspend \(account / },
    { name: 'fee below minimum', make: () => pay(0, genesisAccounts()[1].address, 1, 10n), text: /txgroup with 10uA fees is less than 1mA/ },
    { name: 'new account below min balance', make: () => pay(0, algosdk.generateAccount().addr.toString(), 1000), text: /balance 1000 below min 100000 \(0 assets\)/ },
  ]
  for (const r of rejections) {
    it(`rejects ${r.name} with algod's text and leaves state unchanged`, () => {
      const { state, ctx } = setup()
      const before = state.accountData(algosdk.decodeAddress(genesisAccounts()[0].address).publicKey).balance
      expect(() => applyGroup(state, [r.make()], ctx)).toThrow(r.text)
      expect(state.accountData(algosdk.decodeAddress(genesisAccounts()[0].address).publicKey).balance).toBe(before)
    })
  }

  it('rejects a bad signature', () => {
    const { state, ctx } = setup()
    const a = genesisAccounts()[0]
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: a.address, receiver: a.address, amount: 0, suggestedParams: params })
    const signed = algosdk.decodeSignedTransaction(txn.signTxn(a.secretKey))
    signed.sig![0] ^= 1
    expect(() => applyGroup(state, [signed], ctx)).toThrow(/At least one signature didn't pass verification/)
  })

  it('rejects a signature by a key the account is not rekeyed to', () => {
    const { state, ctx } = setup()
    const a = genesisAccounts()[0]
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: a.address, receiver: a.address, amount: 0, suggestedParams: params })
    const signed = algosdk.decodeSignedTransaction(txn.signTxn(genesisAccounts()[1].secretKey))
    expect(() => applyGroup(state, [signed], ctx)).toThrow(/should have been authorized by .* but was actually authorized by/)
  })
})
