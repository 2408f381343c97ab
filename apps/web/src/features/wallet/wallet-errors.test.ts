import { describe, expect, it } from 'vitest'
import { GENERIC_ERROR, REJECTED_ERROR } from '@/lib/toast/readable-error.ts'
import { walletErrorMessage } from './wallet-errors.ts'

describe('walletErrorMessage', () => {
  it.each([
    ['keeps use-wallet’s mainnet refusal as written', new Error('Production network detected. Aborting.'), undefined, 'Production network detected. Aborting.'],
    ['keeps a plain string', 'No mnemonic provided', 'mnemonic', 'No mnemonic provided'],
    ['says the user cancelled', { message: 'User rejected', code: 4001 }, 'pera', REJECTED_ERROR],
    ['says kmd is not running', new TypeError('Failed to fetch'), 'kmd', 'Cannot reach KMD at http://127.0.0.1:4002. Start the localnet with `npm start` and try again.'],
    ['falls back to a generic sentence', undefined, undefined, GENERIC_ERROR],
  ])('%s', (_name, error, walletId, expected) => {
    expect(walletErrorMessage(error, walletId)).toBe(expected)
  })
})
