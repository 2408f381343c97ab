import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { fastSigner } from '../src/signer.ts'

const params = { fee: 1000n, firstValid: 5n, lastValid: 1005n, genesisHash: new Uint8Array(32).fill(7), genesisID: 'dockernet-v1', minFee: 1000n, flatFee: true }

describe('fastSigner', () => {
  it('signs exactly as algosdk signs (the same signed bytes), for a group of several senders', async () => {
    const accounts = [1, 2, 3].map(() => algosdk.generateAccount())
    const group = accounts.map((a, i) => algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: a.addr, receiver: accounts[(i + 1) % 3]!.addr, amount: 1000 + i, suggestedParams: params }))
    algosdk.assignGroupID(group)
    for (const [i, a] of accounts.entries()) {
      const [signed] = await fastSigner(a.sk)(group, [i])
      expect(signed).toEqual(group[i]!.signTxn(a.sk))
    }
  })

  it('names its key as the signer of a rekeyed sender, as algosdk does', async () => {
    const sender = algosdk.generateAccount()
    const key = algosdk.generateAccount()
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: sender.addr, receiver: sender.addr, amount: 0, suggestedParams: params })
    const [signed] = await fastSigner(key.sk)([txn], [0])
    const decoded = algosdk.decodeSignedTransaction(signed!)
    expect(decoded.sgnr?.toString()).toBe(key.addr.toString())
    expect(signed).toEqual(await algosdk.makeBasicAccountTransactionSigner({ addr: sender.addr, sk: key.sk })([txn], [0]).then((s) => s[0]))
  })
})
