// The SDK's index names each contract's module (`dexContract`, `locksContract`, …): one per row of
// CONTRACTS, the same object CONTRACT_MODULES holds (which fails to compile without one).
import { describe, expect, it } from 'vitest'
import * as sdk from '../src/index.ts'

describe('the index exports every contract of CONTRACTS', () => {
  it.each(sdk.CONTRACTS.map((c) => [c.name] as const))('%s: its module by name, as CONTRACT_MODULES holds it, and its spec', (name) => {
    const named = sdk as unknown as Record<string, unknown>
    expect(named[`${name[0]!.toLowerCase()}${name.slice(1)}Contract`]).toBe(sdk.CONTRACT_MODULES[name])
    expect(sdk.SPECS[name]).toBe(sdk.CONTRACT_MODULES[name].spec)
  })
})
