// The stake form: the preview and the action carry the vault's math to the unit; the button asks
// for what is missing first (amount, balance, sGROVE opt-in).
import * as sdk from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import { deriveStakeForm, type StakeFormInput } from './derive-stake.ts'

const deployment = { groveAssetId: 1003, sGroveAssetId: 1010 }
const base: StakeFormInput = {
  mode: 'stake',
  text: '',
  connected: true,
  deployment,
  holdings: { algo: 10_000_000n, minBalance: 300_000n, assets: new Map([[1003, 50_000_000n], [1010, 7_000_000n]]) },
  totals: { grove: 2_000_001n, shares: 2_000_000n },
  sdk,
}

describe('the stake form', () => {
  it('previews a stake and sends the preview as its minimum', () => {
    const f = deriveStakeForm({ ...base, text: '3' })
    expect(f.preview).toEqual({ ok: true, out: 2_999_998n })
    expect(f.action).toEqual({ kind: 'stake', amount: 3_000_000n, minShares: 2_999_998n })
    expect(f.button.label).toBe('Review stake')
    expect(f.max).toBe(50_000_000n)
  })

  it('bounds a stake by what it mints if the stream unlocks 10 more minutes first: the same value in fewer sGROVE', () => {
    const f = deriveStakeForm({ ...base, text: '3', unlocking: 1_000_000n })
    expect(f.preview).toEqual({ ok: true, out: 2_999_998n })
    // ⌊3,000,000 · 2,000,000 / 3,000,001⌋
    expect(f.action).toEqual({ kind: 'stake', amount: 3_000_000n, minShares: (3_000_000n * 2_000_000n) / 3_000_001n })
  })

  it('previews an unstake of the whole sGROVE balance', () => {
    const f = deriveStakeForm({ ...base, mode: 'unstake', text: '7' })
    expect(f.max).toBe(7_000_000n)
    expect(f.action).toEqual({ kind: 'unstake', amount: 7_000_000n, minGrove: 7_000_003n })
  })

  it('asks for the sGROVE opt-in before a first stake, and refuses more than the balance', () => {
    const noSGrove = { ...base.holdings!, assets: new Map([[1003, 50_000_000n]]) }
    expect(deriveStakeForm({ ...base, text: '1', holdings: noSGrove }).button).toEqual({ kind: 'opt-in', label: 'Opt in to sGROVE', disabled: false })
    expect(deriveStakeForm({ ...base, text: '51' }).button.kind).toBe('insufficient-balance')
    expect(deriveStakeForm({ ...base, mode: 'unstake', text: '1.0000001' }).fieldError).toMatch(/decimals/)
    expect(deriveStakeForm({ ...base, text: '1', connected: false }).action).toBeNull()
  })
})
