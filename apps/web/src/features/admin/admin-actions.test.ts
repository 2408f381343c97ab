import { describe, expect, it } from 'vitest'
import type { stable } from '@grove/sdk'
import { formatDateTime } from '@/lib/format.ts'
import { ampText, bpsWords, cancelAdminReview, feesReview, isStableAdminAction, parseTargetA, pausedWords, pauseReview, feeTierReview, protocolShareWords, rampAReview, rampWords, stopRampReview, verifyTokenReview } from './admin-actions.ts'

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

describe('a stable pool’s ramp of A', () => {
  const T = 1_000_000n
  const DAY = 86_400n
  const pool = { a: 1n, b: 2n, feeBps: 5n, initialA: 10_000n, futureA: 10_000n, initialTime: T, futureTime: T } as stable.StablePoolState
  const ramping = { ...pool, futureA: 20_000n, futureTime: T + 2n * DAY }

  it.each([
    ['150', 15_000n],
    ['150.5', 15_050n],
    ['1,000', 100_000n],
    [' 0.01 ', 1n],
  ])('reads a target A of "%s" as %s hundredths', (text, amp) => {
    expect(parseTargetA(text)).toEqual({ amp, error: null })
  })
  it.each(['abc', '1.234', '-5', '1e3', '150.'])('refuses "%s" in words', (text) => {
    expect(parseTargetA(text)).toEqual({ amp: null, error: 'A is a number with at most two decimals, such as 150 or 150.5' })
  })
  it('waits for a target without an error while the field is empty', () => {
    expect(parseTargetA('  ')).toEqual({ amp: null, error: null })
  })
  it('writes A in whole units and hundredths', () => {
    expect([10_000n, 15_050n, 1n, 100_000n].map(ampText)).toEqual(['100', '150.5', '0.01', '1,000'])
  })
  it('says how A moves: standing still, or along its ramp until the end', () => {
    expect(rampWords(pool, T + DAY)).toBe('stands still')
    expect(rampWords(ramping, T + DAY)).toBe(`ramping from 100 to 200 until ${formatDateTime(T + 2n * DAY)}`)
    expect(rampWords(ramping, T + 2n * DAY)).toBe('stands still')
  })
  it('a ramp is the Stable app’s ramp-a from A now to the target, its toast from the pool algod holds after', () => {
    const r = rampAReview(pool, 'gUSD/gUSDt (Grove stable 0.05%)', 10_000n, T + DAY, 11_000n, T + 8n * DAY)
    expect(r.action).toEqual({ kind: 'ramp-a', pool, futureA: 11_000n, futureTime: T + 8n * DAY })
    expect(isStableAdminAction(r.action)).toBe(true)
    expect(r.changes[0]).toEqual({ label: 'Amplifier A', from: '100', to: `110 on ${formatDateTime(T + 8n * DAY)}` })
    expect(r.changes[1]!.from).toBe('stands still')
    expect(r.doneAfter!({ ...pool, futureA: 11_000n, initialTime: T + DAY + 3n, futureTime: T + 8n * DAY })).toBe(
      `gUSD/gUSDt (Grove stable 0.05%)’s A ramps from 100 to 110, from ${formatDateTime(T + DAY + 3n)} to ${formatDateTime(T + 8n * DAY)}`,
    )
  })
  it('a stop keeps A where it stands, as algod says it does', () => {
    const r = stopRampReview(ramping, 'gUSD/gUSDt (Grove stable 0.05%)', 15_000n, T + DAY)
    expect(r.action).toEqual({ kind: 'stop-ramp-a', pool: ramping })
    expect(r.changes[0]).toEqual({ label: 'Amplifier A', from: `ramping from 100 to 200 until ${formatDateTime(T + 2n * DAY)}`, to: 'stays where it stands when this runs (150 now)' })
    expect(r.doneAfter!({ ...ramping, initialA: 15_001n, futureA: 15_001n })).toBe('gUSD/gUSDt (Grove stable 0.05%)’s ramp of A stopped: A stays at 150.01')
  })
  it('the registry’s actions are not the Stable app’s', () => {
    expect(isStableAdminAction(pauseReview(0, 1).action)).toBe(false)
  })
})
