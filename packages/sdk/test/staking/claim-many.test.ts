// Claim all's packing: claims whole and in order, into the fewest groups of at most 16 transactions.
import { describe, expect, it } from 'vitest'
import { MAX_GROUP_SIZE, packGroups } from '../../src/staking/claim-many.ts'

const one = (n: number) => n

describe('packGroups', () => {
  it('puts nothing in no group', () => {
    expect(packGroups([], one)).toEqual([])
  })
  it('fills a group to exactly 16 transactions before starting another', () => {
    const sixteen = Array.from({ length: 16 }, () => 1)
    expect(packGroups([...sixteen, 1], one)).toEqual([sixteen, [1]])
  })
  it('keeps claims whole and in order: a claim that does not fit opens the next group', () => {
    // 3 = two opt-ins + the call; 1 = the call alone
    expect(packGroups([3, 3, 3, 3, 3, 3, 1], one)).toEqual([[3, 3, 3, 3, 3], [3, 1]])
  })
  it('never exceeds the limit and loses no claim', () => {
    const sizes = Array.from({ length: 50 }, (_, i) => 1 + ((i * 7) % 3))
    const groups = packGroups(sizes, one)
    expect(groups.flat()).toEqual(sizes)
    for (const g of groups) expect(g.reduce((s, n) => s + n, 0)).toBeLessThanOrEqual(MAX_GROUP_SIZE)
    // the fewest groups an ordered packing makes: no two neighbouring groups would fit in one
    for (let i = 1; i < groups.length; i++) expect(groups[i - 1]!.reduce((s, n) => s + n, 0) + groups[i]![0]!).toBeGreaterThan(MAX_GROUP_SIZE)
  })
  it('refuses a claim larger than a group', () => {
    expect(() => packGroups([17], one)).toThrow(/cannot fit/)
  })
  it('takes another limit', () => {
    expect(packGroups(['a', 'b', 'c'], () => 2, 4)).toEqual([['a', 'b'], ['c']])
  })
})
