import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { applyGroup } from '../src/apply.ts'
import { genesisAccounts } from '../src/genesis.ts'
import { setupLedger as setup, sp as params } from './fixture.ts'

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
