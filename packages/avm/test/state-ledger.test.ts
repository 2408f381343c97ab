import { describe, expect, it } from 'vitest'
import { MemoryLedger } from '../src/memory-ledger.ts'
import { emptyAccountData, minBalance, type InnerAppRunner } from '../src/ledger.ts'
import { CURRENT_PROTO, HARNESS_PROTO } from '../src/proto.ts'
import { makeTxn, zeroAssetParams } from '../src/txn.ts'
import { addr, b } from './state-helpers.ts'

const noApps: InnerAppRunner = () => {
  throw new Error('no app calls expected')
}

describe('minBalance', () => {
  const cases: [string, Partial<ReturnType<typeof emptyAccountData>>, bigint][] = [
    ['an empty account', {}, 100_000n],
    ['two assets', { totalAssets: 2 }, 300_000n],
    ['an app with 1 uint and 1 byte slice', { totalAppParams: 1, totalAppSchema: { numUint: 1, numByteSlice: 1 } }, 100_000n + 100_000n + 28_500n + 50_000n],
    ['an opt-in and two extra pages', { totalAppLocalStates: 1, totalExtraAppPages: 2 }, 100_000n + 100_000n + 200_000n],
    ['a 10-byte box', { totalBoxes: 1, totalBoxBytes: 10 }, 100_000n + 2_500n + 4_000n],
  ]
  it.each(cases)('follows go for %s on the current network', (_name, fields, want) => {
    expect(minBalance({ ...emptyAccountData(), ...fields }, CURRENT_PROTO)).toBe(want)
  })

  it('uses the harness deposits under HARNESS_PROTO', () => {
    expect(minBalance({ ...emptyAccountData(), totalAppParams: 1 }, HARNESS_PROTO)).toBe(1001n + 1002n)
  })
})

describe('MemoryLedger applying inner transactions', () => {
  it('pays and charges the fee to the fee sink', () => {
    const l = new MemoryLedger().fund(addr(1), 10_000)
    const tx = makeTxn({ type: 'pay', sender: addr(1), receiver: addr(2), amount: 3000, fee: 1000 })
    expect(l.perform([tx], 0, noApps)).toBe(tx)
    expect(l.accountData(addr(1)).balance).toBe(6000)
    expect(l.accountData(addr(2)).balance).toBe(3000)
    expect(l.accountData(l.feeSink).balance).toBe(1000)
  })

  it('refuses to overdraw', () => {
    const l = new MemoryLedger().fund(addr(1), 10)
    expect(() => l.perform([makeTxn({ type: 'pay', sender: addr(1), receiver: addr(2), amount: 11 })], 0, noApps)).toThrow('insufficient balance')
  })

  it('creates assets with fresh ids and opts in by self-transfer', () => {
    const l = new MemoryLedger().fund(addr(1), 10_000).fund(addr(2), 10_000)
    const created = l.perform([makeTxn({ type: 'acfg', sender: addr(1), assetParams: { ...zeroAssetParams(), total: 50 } })], 0, noApps)
    const id = created.createdAssetId
    expect(id).toBe(l.counter())
    l.perform([makeTxn({ type: 'axfer', sender: addr(2), assetReceiver: addr(2), xferAsset: id })], 0, noApps)
    l.perform([makeTxn({ type: 'axfer', sender: addr(1), assetReceiver: addr(2), xferAsset: id, assetAmount: 20 })], 0, noApps)
    expect(l.assetHolding(addr(1), id)?.amount).toBe(30)
    expect(l.assetHolding(addr(2), id)?.amount).toBe(20)
  })

  it('refuses transfers to accounts that have not opted in', () => {
    const l = new MemoryLedger()
    l.createAsset(7, addr(1), zeroAssetParams()).setHolding(addr(1), 7, { amount: 5, frozen: false })
    expect(() => l.perform([makeTxn({ type: 'axfer', sender: addr(1), assetReceiver: addr(2), xferAsset: 7, assetAmount: 1 })], 0, noApps)).toThrow('not opted in to 7')
  })

  it('restores a snapshot after a failed change', () => {
    const l = new MemoryLedger().fund(addr(1), 100)
    l.createApp(5, addr(1), { globalStateSchema: { numUint: 1, numByteSlice: 0 } })
    const snap = l.snapshot()
    l.setGlobal(5, b('k'), 9)
    l.fund(addr(1), 0)
    l.restore(snap)
    expect(l.getGlobal(5, b('k'))).toBeUndefined()
    expect(l.accountData(addr(1)).balance).toBe(100)
  })

  it('enforces local schemas and box sizes', () => {
    const l = new MemoryLedger()
    l.createApp(5, addr(1), { localStateSchema: { numUint: 0, numByteSlice: 1 } }).optIn(addr(2), 5)
    l.setLocal(addr(2), 5, b('a'), b('x'))
    expect(() => l.setLocal(addr(2), 5, b('b'), 1)).toThrow('local schema')
    l.newBox(5, b('bx'), new Uint8Array(3), addr(9))
    expect(l.accountData(addr(9)).totalBoxBytes).toBe(5)
    expect(() => l.setBox(5, b('bx'), new Uint8Array(4))).toThrow('wrong box size')
    expect(() => l.newBox(5, b('bx'), new Uint8Array(3), addr(9))).toThrow('attempt to recreate box')
  })
})
