// Method calls are typed by the generated clients: a wrong name, count or argument type fails the
// typecheck (`npx tsc -p packages/sdk` reads the @ts-expect-error lines), and a right one names the
// spec's method with its arguments in order.
import { describe, expect, it } from 'vitest'
import { dexCall } from '../../src/dex/spec.ts'
import { registryCall } from '../../src/registry/spec.ts'
import { stakingCall } from '../../src/staking/spec.ts'
import { vaultCall } from '../../src/vault/spec.ts'
import type { TxnArg } from '../../src/core/group.ts'

const transfer: TxnArg = { txn: () => { throw new Error('not built here') } }

describe('typed method calls', () => {
  it('name the spec method and keep the arguments in order', () => {
    const call = dexCall('swapExactIn', [transfer, 7n, 30n, 100n])
    expect(call.method.getSignature()).toBe('swapExactIn(txn,uint64,uint64,uint64)uint64')
    expect(call.args).toEqual([transfer, 7n, 30n, 100n])
    expect(registryCall('setVerified', [5n, true]).method.getSignature()).toBe('setVerified(uint64,bool)void')
    expect(stakingCall('claim', [1n]).args).toEqual([1n])
    expect(vaultCall('buyback', [0n]).method.name).toBe('buyback')
  })

  it('refuse a wrong name, a missing argument or a wrong type at compile time', () => {
    // @ts-expect-error no such DEX method
    expect(() => dexCall('swapExactInn', [transfer, 7n, 100n])).toThrow()
    // @ts-expect-error swapExactIn takes a transfer, the asset out and the minimum out
    dexCall('swapExactIn', [transfer, 7n])
    // @ts-expect-error the first argument is a transfer, not an amount
    dexCall('swapExactIn', [1n, 7n, 100n])
    // @ts-expect-error setVerified's second argument is a bool
    registryCall('setVerified', [5n, 1n])
    // @ts-expect-error extend2 takes two deposits
    stakingCall('extend2', [transfer, 1n, 2n])
  })
})
