// The SDK's index gives every contract of CONTRACTS through CONTRACT_MODULES (which fails to compile
// without one), with grovePrograms reading each module's spec: a new contract needs no line here.
import { describe, expect, it } from 'vitest'
import * as sdk from '../src/index.ts'

describe('the index gives every contract of CONTRACTS', () => {
  it.each(sdk.CONTRACTS.map((c) => [c.name] as const))('%s: its module, and its spec among grovePrograms()', (name) => {
    expect(sdk.CONTRACT_MODULES[name].name).toBe(name)
    expect(sdk.grovePrograms().map((p) => p.spec)).toContain(sdk.CONTRACT_MODULES[name].spec)
  })
})
