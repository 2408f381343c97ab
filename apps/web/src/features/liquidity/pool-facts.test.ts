import * as sdk from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import { formatShare, shareBeforeAfter } from './pool-facts.ts'

const POOL = sdk.newPool(0, 1001, { reserveA: 1_000_000n, reserveB: 4_000_000n, lpAsset: 9001n, lpIssued: 1_000_000n })

describe('shareBeforeAfter', () => {
  it.each<[string, bigint, bigint | null, { before: number; after: number | null }]>([
    ['a first deposit from nothing', 0n, 1_000_000n, { before: 0, after: 50 }],
    ['adding to a holding', 250_000n, 250_000n, { before: 25, after: 40 }],
    ['nothing typed yet', 100_000n, null, { before: 10, after: null }],
  ])('%s', (_name, userLp, minted, expected) => {
    expect(shareBeforeAfter(POOL, userLp, minted)).toEqual(expected)
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
