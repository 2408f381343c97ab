import { describe, expect, it } from 'vitest'
import { acceptAmountInput, amountSizeClass } from './amount-input.ts'

describe('acceptAmountInput', () => {
  it.each<[string, string | null]>([
    ['12', '12'],
    ['1.5', '1.5'],
    ['.25', '.25'],
    ['10.', '10.'],
    ['', ''],
    ['1,5', '1.5'],
    ['1,234.56', '1234.56'],
    [' 42 ', '42'],
    ['0012', '12'],
    ['0.5', '0.5'],
    ['a', null],
    ['abc-1e5.5', null],
    ['-1', null],
    ['1e5', null],
    ['1.5.', null],
    ['1.2.3', null],
    ['1,5,', null],
  ])('turns %j into %j', (typed, kept) => {
    expect(acceptAmountInput(typed)).toBe(kept)
  })
})

describe('amountSizeClass', () => {
  it('shrinks the text as it grows', () => {
    expect(amountSizeClass('1.5')).toBe('')
    expect(amountSizeClass('123456.123456')).toBe('token-input--sm')
    expect(amountSizeClass('123456789012.1234567')).toBe('token-input--xs')
  })
})
