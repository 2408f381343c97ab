import { describe, expect, it } from 'vitest'
import { HttpError, NetworkError, ParseError, TimeoutError } from '@/lib/http.ts'
import { GENERIC_ERROR, NETWORK_ERROR, REJECTED_ERROR, TIMEOUT_ERROR, readableError } from './readable-error.ts'

const withCode = (message: string, code: unknown) => Object.assign(new Error(message), { code })

describe('readableError', () => {
  it.each<[string, unknown]>([
    ['a WalletConnect "User rejected" error', new Error('User rejected the request.')],
    ['Pera code 4001', withCode('Transaction Request Rejected', 4001)],
    ['a code 4001 nested in data', { message: 'x', data: { code: 4001 } }],
    ['Pera web cancelling', { message: 'Transaction signing is cancelled by user.', data: { type: 'SIGN_TRANSACTIONS_CANCELLED' } }],
    ['Pera closing the connect modal', { message: 'Connect modal is closed by user', data: { type: 'CONNECT_MODAL_CLOSED' } }],
    ['an ARC-27 method cancel (Kibisis)', withCode('method "signTransactions" canceled for provider "kibisis"', 4001)],
    ['Lute cancelling', new Error('Operation cancelled by user')],
    ['a string rejection', 'User rejected'],
  ])('says the user cancelled for %s', (_name, error) => {
    expect(readableError(error)).toBe(REJECTED_ERROR)
  })

  it.each<[string, unknown, string]>([
    ["the client's TimeoutError", new TimeoutError(10_000), TIMEOUT_ERROR],
    ['an ARC-27 timeout', withCode('method timed out', 4002), TIMEOUT_ERROR],
    ["the client's NetworkError", new NetworkError('Could not reach the server (Failed to fetch)'), NETWORK_ERROR],
    ['a Chromium fetch failure', new TypeError('Failed to fetch'), NETWORK_ERROR],
    ['a Firefox fetch failure', new TypeError('NetworkError when attempting to fetch resource.'), NETWORK_ERROR],
    ['a Safari fetch failure', new TypeError('Load failed'), NETWORK_ERROR],
    ['a bad JSON answer', new ParseError(200), 'The server sent an answer the app could not read. Please try again later.'],
    ["a server's message", new HttpError(400, 'asset must be a positive integer'), 'asset must be a positive integer'],
    ['a busy server without a message', new HttpError(503, 'Request failed with status 503 (Service Unavailable)'), 'The server is having trouble. Please try again in a moment.'],
    ['rate limiting without a message', new HttpError(429, 'Request failed with status 429'), 'Too many requests right now. Wait a moment and try again.'],
    ['a missing item without a message', new HttpError(404, 'Request failed with status 404 (Not Found)'), 'The server has no such item.'],
    ['another status without a message', new HttpError(418, 'Request failed with status 418'), 'Request failed with status 418'],
  ])('explains %s', (_name, error, expected) => {
    expect(readableError(error)).toBe(expected)
  })

  it.each<[string, string, string]>([
    [
      'a failed assert with its pc',
      'TransactionPool.Remember: transaction ABC: logic eval error: assert failed pc=854. Details: app=1001, pc=854, opcodes=frame_dig -1; btoi; assert',
      'The smart contract rejected this transaction (program step 854). The price may have moved or a limit was not met.',
    ],
    [
      'an err opcode',
      'logic eval error: err opcode executed. Details: app=5, pc=12, opcodes=err',
      'The smart contract rejected this transaction (program step 12). The price may have moved or a limit was not met.',
    ],
    [
      'an exceeded budget',
      'transaction X: logic eval error: dynamic cost budget exceeded, executing keccak256: local program cost was 700. Details: app=1, pc=40',
      'The transaction needed more computation than the network allows (program step 40).',
    ],
    [
      'an arithmetic overflow',
      'logic eval error: + overflowed pc=77. Details: app=3, pc=77',
      'An amount went out of range in the smart contract (program step 77).',
    ],
    [
      'a missing reference',
      'logic eval error: unavailable Asset 123 during assignment pc=9. Details: app=3, pc=9',
      'The transaction did not reference an account, asset or app the smart contract needed (program step 9).',
    ],
    [
      'any other AVM failure',
      'logic eval error: stack underflow in swap pc=5. Details: app=3, pc=5',
      'The smart contract rejected this transaction: stack underflow in swap (program step 5).',
    ],
    [
      'a negative result',
      'logic eval error: - would result negative pc=31. Details: app=3, pc=31',
      'An amount went out of range in the smart contract (program step 31).',
    ],
    [
      'an unknown AVM reason',
      'logic eval error: invalid program (empty). Details: app=3, pc=0',
      'The smart contract rejected this transaction: invalid program (empty) (program step 0).',
    ],
    [
      'an account below its minimum balance',
      'TransactionPool.Remember: transaction X: account Y balance 50000 below min 100000 (0 assets)',
      'This would take an account below its minimum balance of 0.1 ALGO. Keep more ALGO in the account.',
    ],
    ['an overspend', 'TransactionPool.Remember: transaction X: overspend (account Y, data {...}, tried to spend {5000000})', 'Your account does not have enough ALGO for this amount plus fees.'],
    ['an asset underflow', 'transaction X: underflow on subtracting 100 from sender amount 50', 'Your account does not hold enough of this asset.'],
    ['a missing opt-in', 'transaction X: receiver error: must optin, asset 77 missing from Y', 'The receiver has not opted into asset 77'],
    ['an expired transaction', 'TransactionPool.Remember: txn dead: round 2000 outside of 900--1900', 'The transaction expired before it reached the network. Please try again.'],
    ['a duplicate', 'transaction already in ledger: X', 'This transaction was already submitted.'],
    ['the Mnemonic wallet on mainnet', 'Production network detected. Aborting.', 'Production network detected. Aborting. The Mnemonic wallet works only on test networks.'],
  ])('puts algod %s in plain words', (_name, message, expected) => {
    expect(readableError(new Error(message))).toBe(expected)
  })

  it('reads algod texts carried in an HttpError too', () => {
    expect(readableError(new HttpError(400, 'txn dead: round 5 outside of 1--4'))).toBe('The transaction expired before it reached the network. Please try again.')
  })

  it.each<[string, unknown, string]>([
    ['a plain error by its first line', new Error('Pool not found\n    at Swap (swap.tsx:10:5)'), 'Pool not found'],
    ['an error prefix removed', new Error('Error: something odd'), 'something odd'],
    ['a message of only stack lines as generic', new Error('    at foo (bar.js:1:1)'), GENERIC_ERROR],
    ['an empty error as generic', new Error(''), GENERIC_ERROR],
    ['a thrown number as generic', 42, GENERIC_ERROR],
    ['null as generic', null, GENERIC_ERROR],
  ])('falls back to %s', (_name, error, expected) => {
    expect(readableError(error)).toBe(expected)
  })

  it('never returns a stack or more than 200 characters', () => {
    const error = new Error('x'.repeat(500))
    const text = readableError(error)
    expect(text.length).toBeLessThanOrEqual(200)
    expect(text).not.toContain('\n')
  })
})
