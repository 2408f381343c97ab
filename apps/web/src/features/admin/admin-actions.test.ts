import { describe, expect, it } from 'vitest'
import { bpsWords, cancelAdminReview, feesReview, pausedWords, pauseReview, feeTierReview, protocolShareWords, verifyTokenReview } from './admin-actions.ts'

describe('admin words', () => {
  it.each([
    [0, 'nothing'],
    [1, 'swaps'],
    [3, 'swaps and new pools'],
    [7, 'swaps, new pools and staking (new programs and stakes)'],
  ])('pause flags %i read "%s"', (flags, words) => {
    expect(pausedWords(flags)).toBe(words)
  })
  it.each([
    [0, 'none'],
    [6, '1/6 of the fee (16.67%)'],
    [1, '1/1 of the fee (100%)'],
  ])('divisor %i is a share of %s', (d, words) => {
    expect(protocolShareWords(d)).toBe(words)
  })
  it('says basis points as a percentage', () => {
    expect(bpsWords(30)).toBe('0.3% (30 bps)')
  })
})

describe('admin reviews', () => {
  it('a pause names the action, the flags and both states', () => {
    const r = pauseReview(0, 1)
    expect(r.action).toEqual({ kind: 'setPaused', flags: 1 })
    expect(r.changes).toEqual([{ label: 'Paused', from: 'nothing', to: 'swaps' }])
    expect(pauseReview(1, 0).done).toBe('Nothing is paused now')
  })
  it('fees show the fee and the protocol share before and after', () => {
    expect(feesReview({ defaultFeeBps: 30, protocolFeeDivisor: 6 }, 25, 5).changes).toEqual([
      { label: 'Fee of new pools', from: '0.3% (30 bps)', to: '0.25% (25 bps)' },
      { label: 'Protocol share', from: '1/6 of the fee (16.67%)', to: '1/5 of the fee (20%)' },
    ])
  })
  it('a new fee tier is added to the menu, which it shows in order', () => {
    const review = feeTierReview([1n, 5n, 30n, 100n], 50)
    expect(review.action).toEqual({ kind: 'addFeeTier', feeBps: 50 })
    expect(review.changes[0]).toMatchObject({ from: '0.01% (1 bps), 0.05% (5 bps), 0.3% (30 bps), 1% (100 bps)', to: '0.01% (1 bps), 0.05% (5 bps), 0.3% (30 bps), 0.5% (50 bps), 1% (100 bps)' })
  })
  it('removing a token is an unverify of its asset', () => {
    expect(verifyTokenReview(42, 'MOSS', false).action).toEqual({ kind: 'setVerified', asset: 42n, verified: false })
  })
  it('cancelling a transfer withdraws the proposal', () => {
    expect(cancelAdminReview('X').action).toEqual({ kind: 'cancelAdminTransfer' })
  })
})
