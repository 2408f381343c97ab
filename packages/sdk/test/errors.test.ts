import { describe, expect, it } from 'vitest'
import { DEX_SPEC } from '../src/contract.ts'
import { CONTRACT_ERROR_MESSAGES, explainError } from '../src/errors.ts'

// The pc of each ERR:* assert, read from the DEX's ARC-56 sourceInfo.
const pcOf = (code: string): number => DEX_SPEC.sourceInfo!.approval.sourceInfo.find((s) => s.errorMessage === code)!.pc[0]!
const logicError = (pc: number, app = 1002) =>
  new Error(`TransactionPool.Remember: transaction ABC: logic eval error: assert failed pc=${pc}. Details: app=${app}, pc=${pc}, opcodes=frame_dig 0; !; assert`)

describe('explainError', () => {
  it.each(['ERR:SLIPPAGE', 'ERR:NO_POOL', 'ERR:PAUSED', 'ERR:ZERO_OUT', 'ERR:BAD_INPUT_ASSET'])('maps the DEX assert %s by its pc', (code) => {
    const pc = pcOf(code)
    expect(explainError(logicError(pc))).toMatchObject({ kind: 'contract', code, pc, message: CONTRACT_ERROR_MESSAGES[code] })
  })

  it('has a sentence for every ERR:* message in the contracts', () => {
    const codes = DEX_SPEC.sourceInfo!.approval.sourceInfo.map((s) => s.errorMessage).filter((m) => m?.startsWith('ERR:'))
    for (const code of codes) expect(CONTRACT_ERROR_MESSAGES[code!], code).toBeDefined()
  })

  it('maps by app id when programs carry ids, and says what algod said for other apps', () => {
    const pc = pcOf('ERR:SLIPPAGE')
    expect(explainError(logicError(pc, 55), [{ appId: 55n, spec: DEX_SPEC }])).toMatchObject({ code: 'ERR:SLIPPAGE' })
    const other = explainError(logicError(pc, 99), [{ appId: 55n, spec: DEX_SPEC }])
    expect(other).toMatchObject({ kind: 'contract', message: 'The app rejected the transaction: assert failed pc=' + pc })
    expect(other.code).toBeUndefined()
  })

  it.each([
    [
      'overspend',
      'TransactionPool.Remember: transaction X: overspend (account AAAA, data {_struct:{} Status:Offline MicroAlgos:{Raw:1000}}, tried to spend {2000})',
      'Not enough ALGO for this transaction and its fees',
    ],
    ['min-balance', 'TransactionPool.Remember: account AAAA balance 100000 below min 200000 (1 assets)', 'This would leave an account below its minimum balance of 0.2 ALGO'],
    ['not-opted-in', 'TransactionPool.Remember: transaction X: asset 1234 missing from AAAA', 'You have not opted into asset 1234'],
    ['receiver-not-opted-in', 'transaction X: receiver error: must optin, asset 1234 missing from BBBB', 'The receiver has not opted into asset 1234'],
    ['asset-balance', 'transaction X: underflow on subtracting 10 from sender amount 5', 'You do not hold enough of this asset'],
    ['expired', 'TransactionPool.Remember: txn dead: round 20 outside of 1--10', 'The transaction expired before it was sent; try again'],
    ['rejected', 'PeraWalletConnectError: Connect modal is closed by user', 'You rejected the request in your wallet'],
    ['rejected', 'User Rejected Request', 'You rejected the request in your wallet'],
    ['network', 'TypeError: Failed to fetch', 'Cannot reach the Algorand node; check your connection and network settings'],
    ['network', 'connect ECONNREFUSED 127.0.0.1:4001', 'Cannot reach the Algorand node; check your connection and network settings'],
    ['contract', 'transaction X: rejected by logic', 'The app rejected the transaction'],
    ['unknown', 'something odd\nsecond line', 'something odd'],
  ])('explains %s: %s', (kind, text, message) => {
    expect(explainError(new Error(text))).toMatchObject({ kind, message, detail: text })
  })

  it('treats an ARC-27 rejection code 4001 as the user’s rejection', () => {
    expect(explainError({ code: 4001, message: 'no' })).toMatchObject({ kind: 'rejected' })
  })

  it('reads algod’s message from an HTTP error body', () => {
    const error = Object.assign(new Error('Network request error. Received status 400 (Bad Request)'), {
      response: { body: { message: 'TransactionPool.Remember: transaction X: asset 77 missing from AAAA' } },
    })
    expect(explainError(error)).toMatchObject({ kind: 'not-opted-in', message: 'You have not opted into asset 77' })
  })
})
