import { describe, expect, it } from 'vitest'
import { lockRowKind } from './lock-rows.ts'
import { filterFromSearch, shareText, termsOf, type ApiLock } from '@/lib/locks/lock-api.ts'

describe('lockRowKind', () => {
  it.each([
    [{ cliff: 5, end: 5, liquidity: false, collector: null }, 'Time lock'],
    [{ cliff: 5, end: 9, liquidity: false, collector: null }, 'Vesting'],
    [{ cliff: 9, end: 9, liquidity: true, collector: null }, 'Liquidity, time lock'],
    [{ cliff: 5, end: 9, liquidity: true, collector: 'ABC' }, 'Liquidity, vesting, fees to a collector'],
  ])('words %o as %s', (lock, words) => {
    expect(lockRowKind(lock)).toBe(words)
  })
})

describe('the lock browser’s query', () => {
  it('reads ?asset= or ?project= as digits only, else nothing', () => {
    expect(filterFromSearch(new URLSearchParams('asset=1019'))).toEqual({ asset: 1019 })
    expect(filterFromSearch(new URLSearchParams('project=12'))).toEqual({ project: 12 })
    expect(filterFromSearch(new URLSearchParams('asset=-1'))).toBeNull()
    expect(filterFromSearch(new URLSearchParams('asset=1e3'))).toBeNull()
    expect(filterFromSearch(new URLSearchParams(''))).toBeNull()
  })

  it('writes a pool share in percent, a tiny one as <0.01%, none as a dash', () => {
    expect(shareText(423_500)).toBe('42.35%')
    expect(shareText(50)).toBe('<0.01%')
    expect(shareText(0)).toBe('0.00%')
    expect(shareText(null)).toBe('—')
  })

  it('reads a served lock’s terms for the vesting functions', () => {
    const l = { amount: '1000', cliff: 10, end: 20, anchor: 12, base: '200' } as ApiLock
    expect(termsOf(l)).toEqual({ amount: 1000n, cliff: 10n, end: 20n, anchor: 12n, base: 200n })
  })
})
