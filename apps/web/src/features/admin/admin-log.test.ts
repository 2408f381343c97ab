import { describe, expect, it } from 'vitest'
import { changeWords } from './admin-log.ts'

describe('changeWords', () => {
  it.each([
    [{ action: 'setPaused', change: { flags: 1 } }, 'Paused: swaps'],
    [{ action: 'setPaused', change: { flags: '0' } }, 'Paused: nothing'],
    [{ action: 'setFees', change: { defaultFeeBps: 30, protocolFeeDivisor: 6 } }, 'Default fee 0.3% (30 bps), protocol share 1/6 of the fee (16.67%)'],
    [{ action: 'setPoolFee', change: { a: 0, b: 12, feeBps: 100 } }, 'Fee of the asset #0/asset #12 pool set to 1% (100 bps)'],
    [{ action: 'setVerified', change: { asset: 12, verified: false } }, 'asset #12 unverified'],
    [{ action: 'acceptAdmin', change: {} }, 'Accepted the admin role'],
    [{ action: 'somethingNew', change: { x: 1 } }, 'somethingNew(x: 1)'],
  ])('%o reads %s', (entry, words) => {
    expect(changeWords(entry)).toBe(words)
  })
  it('names assets with the lookup given', () => {
    expect(changeWords({ action: 'setPoolFee', change: { a: 0, b: 12, feeBps: 30 } }, (id) => (id === 0 ? 'ALGO' : 'FERN'))).toBe('Fee of the ALGO/FERN pool set to 0.3% (30 bps)')
  })
})
