import { describe, expect, it } from 'vitest'
import { walletErrorMessage } from './wallet-errors.ts'

describe('walletErrorMessage', () => {
  it.each([
    [new Error('Production network detected. Aborting.'), 'Production network detected. Aborting.'],
    ['No mnemonic provided', 'No mnemonic provided'],
    [{ message: 'User rejected', code: 4001 }, 'User rejected'],
    [undefined, 'The wallet reported an unknown error'],
    [new Error(''), 'The wallet reported an unknown error'],
  ])('turns %j into %j', (error, expected) => {
    expect(walletErrorMessage(error)).toBe(expected)
  })
})
