// The package's index names each contract's client, factory and spec: one per row of CONTRACTS,
// the named exports the same classes as the CONTRACT_CLIENTS record (which fails to compile without one).
import { describe, expect, it } from 'vitest'
import * as contracts from '../src/index.ts'

describe('the index exports every contract of CONTRACTS', () => {
  it.each(contracts.CONTRACTS.map((c) => [c.name] as const))('%s: its client and factory by name, as CONTRACT_CLIENTS holds them, and its spec', (name) => {
    const named = contracts as unknown as Record<string, unknown>
    expect(named[`${name}Client`]).toBe(contracts.CONTRACT_CLIENTS[name].client)
    expect(named[`${name}Factory`]).toBe(contracts.CONTRACT_CLIENTS[name].factory)
    expect(contracts.CONTRACT_SPECS[name].name).toBe(name)
  })
})
