import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { applyGroup } from '../src/apply.ts'
import { genesisAccounts } from '../src/genesis.ts'
import { pk, setupLedger as setup, sp } from './fixture.ts'

describe('groups', () => {
  it('rolls back the first payment when the second overspends', () => {
    const { state, ctx } = setup()
    const [a, b] = genesisAccounts()
    const t1 = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: a.address, receiver: b.address, amount: 10, suggestedParams: sp })
    const t2 = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: b.address, receiver: a.address, amount: 5_000_000_000, suggestedParams: sp })
    algosdk.assignGroupID([t1, t2])
    const stxns = [algosdk.decodeSignedTransaction(t1.signTxn(a.secretKey)), algosdk.decodeSignedTransaction(t2.signTxn(b.secretKey))]
    expect(() => applyGroup(state, stxns, ctx)).toThrow(/overspend/)
    expect(state.accountData(pk(a.address)).balance).toBe(1_000_000_000)
    expect(state.accountData(pk(b.address)).balance).toBe(1_000_000_000)
  })

  it('pools fees: one transaction may pay for the other', () => {
    const { state, ctx } = setup()
    const [a, b] = genesisAccounts()
    const t1 = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: a.address, receiver: b.address, amount: 0, suggestedParams: { ...sp, fee: 2000n } })
    const t2 = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: b.address, receiver: a.address, amount: 0, suggestedParams: { ...sp, fee: 0n } })
    algosdk.assignGroupID([t1, t2])
    applyGroup(state, [algosdk.decodeSignedTransaction(t1.signTxn(a.secretKey)), algosdk.decodeSignedTransaction(t2.signTxn(b.secretKey))], ctx)
    expect(state.accountData(pk(b.address)).balance).toBe(1_000_000_000)
  })

  it('rejects a group whose group id does not match its transactions', () => {
    const { state, ctx } = setup()
    const [a, b] = genesisAccounts()
    const t1 = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: a.address, receiver: b.address, amount: 0, suggestedParams: sp })
    const t2 = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: b.address, receiver: a.address, amount: 0, suggestedParams: sp })
    algosdk.assignGroupID([t1, t2])
    expect(() => applyGroup(state, [algosdk.decodeSignedTransaction(t1.signTxn(a.secretKey))], ctx)).toThrow(/transactionGroup: incomplete group/)
  })

  it('accepts a 2-of-3 multisig payment', () => {
    const { state, ctx } = setup()
    const accts = genesisAccounts()
    const params = { version: 1, threshold: 2, addrs: accts.map((x) => x.address) }
    const msigAddr = algosdk.multisigAddress(params).toString()
    const fund = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: accts[0].address, receiver: msigAddr, amount: 1_000_000, suggestedParams: sp })
    applyGroup(state, [algosdk.decodeSignedTransaction(fund.signTxn(accts[0].secretKey))], ctx)
    const spend = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: msigAddr, receiver: accts[0].address, amount: 1000, suggestedParams: sp })
    const one = algosdk.signMultisigTransaction(spend, params, accts[0].secretKey).blob
    const two = algosdk.appendSignMultisigTransaction(one, params, accts[1].secretKey).blob
    applyGroup(state, [algosdk.decodeSignedTransaction(two)], ctx)
    expect(state.accountData(pk(msigAddr)).balance).toBe(1_000_000 - 2000)
    expect(() => applyGroup(state, [algosdk.decodeSignedTransaction(one)], { ...ctx, round: 2n })).toThrow(/multisig validation failed: Invalid number of signatures$/)
  })
})
