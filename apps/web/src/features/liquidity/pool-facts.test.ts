import * as sdk from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import { formatShare, shareBeforeAfter } from './pool-facts.ts'

const POOL = sdk.newPool(0, 1001, { reserveA: 1_000_000n, reserveB: 4_000_000n, lpAsset: 9001n, lpIssued: 1_000_000n })

describe('shareBeforeAfter', () => {
  // shares are of the supply: the issued LP plus the 1,000 units the first deposit locked (1,001,000 here)
  it.each<[string, bigint, bigint | null, { before: number; after: number | null }]>([
    ['a first deposit from nothing', 0n, 1_000_000n, { before: 0, after: 49.975012 }],
    ['adding to a holding', 250_000n, 250_000n, { before: 24.975024, after: 39.968025 }],
    ['nothing typed yet', 100_000n, null, { before: 9.990009, after: null }],
  ])('%s', (_name, userLp, minted, expected) => {
    expect(shareBeforeAfter(POOL, userLp, minted)).toEqual(expected)
  })

  it('counts the 1,000 units a new pool locks as no one’s: √(1,000,000 · 50) = 7,071 minted, 6,071 the depositor’s', () => {
    const empty = sdk.newPool(0, 1001)
    expect(shareBeforeAfter(empty, 0n, 6_071n)).toEqual({ before: 0, after: 85.857728 })
  })
})

describe('formatShare', () => {
  it.each([
    [0, '0%'],
    [12.345678, '12.3457%'],
    [0.00001, '<0.0001%'],
  ])('prints %d as %s', (n, text) => {
    expect(formatShare(n)).toBe(text)
  })
})
