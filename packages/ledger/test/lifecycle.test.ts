import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { applyGroup } from '../src/apply.ts'
import { genesisAccounts } from '../src/genesis.ts'
import { program, setupLedger as setup, sign, sp } from './fixture.ts'

/** The assembled program, in the shape the tests destructure. */
function assemble(src: string): { program: Uint8Array } {
  return { program: program(src) }
}

describe('asset lifecycle', () => {
  it('creates an asset, opts in, transfers and reports the created id', () => {
    const { state, ctx } = setup()
    const [a, b] = genesisAccounts()
    const create = algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: a.address, total: 100, decimals: 0, defaultFrozen: false, manager: a.address, suggestedParams: sp })
    const res = applyGroup(state, [sign(create)], ctx)
    const id = res.applied[0].applyData.createdAssetId
    expect(id).toBe(1n)
    applyGroup(state, [sign(algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: b.address, receiver: b.address, amount: 0, assetIndex: id, suggestedParams: sp }), 1)], ctx)
    applyGroup(state, [sign(algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: a.address, receiver: b.address, amount: 30, assetIndex: id, suggestedParams: sp }))], ctx)
    expect(state.assetHolding(algosdk.decodeAddress(b.address).publicKey, 1)?.amount).toBe(30)
    expect(state.assetHolding(algosdk.decodeAddress(a.address).publicKey, 1)?.amount).toBe(70)
  })

  it('refuses a transfer to an account that has not opted in', () => {
    const { state, ctx } = setup()
    const [a, b] = genesisAccounts()
    applyGroup(state, [sign(algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({ sender: a.address, total: 5, decimals: 0, defaultFrozen: false, suggestedParams: sp }))], ctx)
    const xfer = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ sender: a.address, receiver: b.address, amount: 1, assetIndex: 1, suggestedParams: sp })
    expect(() => applyGroup(state, [sign(xfer)], ctx)).toThrow(/receiver error: must optin, asset 1 missing from/)
  })
})

describe('app lifecycle', () => {
  it('creates an app whose approval program writes global state and logs', () => {
    const { state, ctx } = setup()
    const a = genesisAccounts()[0]
    const approval = assemble('#pragma version 10\nbyte "n"\nint 7\napp_global_put\nbyte "hi"\nlog\nint 1').program
    const clear = assemble('#pragma version 10\nint 1').program
    const create = algosdk.makeApplicationCreateTxnFromObject({
      sender: a.address, approvalProgram: approval, clearProgram: clear, numGlobalInts: 1, numGlobalByteSlices: 0, numLocalInts: 0, numLocalByteSlices: 0,
      onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: sp,
    })
    const res = applyGroup(state, [sign(create)], ctx)
    const ad = res.applied[0].applyData
    expect(ad.createdAppId).toBe(1n)
    expect(ad.logs.map((l) => new TextDecoder().decode(l))).toEqual(['hi'])
    expect(state.getGlobal(1, new TextEncoder().encode('n'))).toBe(7)
    expect([...ad.globalDelta.values()]).toEqual([{ action: 2, uint: 7 }])
  })

  it('rolls back everything when the approval program rejects', () => {
    const { state, ctx } = setup()
    const a = genesisAccounts()[0]
    const before = state.accountData(algosdk.decodeAddress(a.address).publicKey).balance
    const create = algosdk.makeApplicationCreateTxnFromObject({
      sender: a.address, approvalProgram: assemble('#pragma version 10\nint 0').program, clearProgram: assemble('#pragma version 10\nint 1').program,
      onComplete: algosdk.OnApplicationComplete.NoOpOC, suggestedParams: sp,
    })
    expect(() => applyGroup(state, [sign(create)], ctx)).toThrow(/rejected by ApprovalProgram/)
    expect(state.accountData(algosdk.decodeAddress(a.address).publicKey).balance).toBe(before)
    expect(state.appParams(1)).toBeUndefined()
  })
})
