import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CONTRACTS } from '@grove/contracts/deployment'
import { CONTRACT_MODULES, grovePrograms } from '../src/modules.ts'
import { DEX_SPEC } from '../src/dex/spec.ts'
import { CONTRACT_ERROR_MESSAGES, CONTRACT_ERRORS, DUPLICATE_IN_GROUP, explainError } from '../src/errors.ts'
import { DuplicateTransactionError } from '../src/core/distinct.ts'

// A sentence a person reads: capitalised words, not the bare code explainError falls back to.
const SENTENCE = /^[A-Z][^\s:]* \S.*\S$/

// The pc of each ERR:* assert, read from the DEX's ARC-56 sourceInfo.
const pcOf = (code: string): number => DEX_SPEC.sourceInfo!.approval.sourceInfo.find((s) => s.errorMessage === code)!.pc[0]!
const logicError = (pc: number, app = 1002) =>
  new Error(`TransactionPool.Remember: transaction ABC: logic eval error: assert failed pc=${pc}. Details: app=${app}, pc=${pc}, opcodes=frame_dig 0; !; assert`)

describe('explainError', () => {
  it.each(['ERR:SLIPPAGE', 'ERR:NO_POOL', 'ERR:PAUSED', 'ERR:ZERO_OUT', 'ERR:BAD_INPUT_ASSET'])('maps the DEX assert %s by its pc', (code) => {
    const pc = pcOf(code)
    expect(explainError(logicError(pc), grovePrograms())).toMatchObject({ kind: 'contract', code, pc, message: CONTRACT_ERROR_MESSAGES[code] })
  })

  it('has a sentence for every ERR:* message in the contracts', () => {
    const codes = DEX_SPEC.sourceInfo!.approval.sourceInfo.map((s) => s.errorMessage).filter((m) => m?.startsWith('ERR:'))
    for (const code of codes) expect(CONTRACT_ERROR_MESSAGES[code!], code).toMatch(SENTENCE)
  })

  it('maps by app id when programs carry ids, and says what algod said for other apps', () => {
    const pc = pcOf('ERR:SLIPPAGE')
    expect(explainError(logicError(pc, 55), [{ appId: 55n, spec: DEX_SPEC }])).toMatchObject({ code: 'ERR:SLIPPAGE' })
    const other = explainError(logicError(pc, 99), [{ appId: 55n, spec: DEX_SPEC }])
    expect(other).toMatchObject({ kind: 'contract', message: `The smart contract rejected this transaction (program step ${pc}). The price may have moved or a limit was not met.` })
    expect(other.code).toBeUndefined()
  })

  it('names no contract code without the contracts’ specs (the web’s first load)', () => {
    const pc = pcOf('ERR:SLIPPAGE')
    expect(explainError(logicError(pc))).toMatchObject({ kind: 'contract', pc })
    expect(explainError(logicError(pc)).code).toBeUndefined()
  })

  // The one table: what algod and the AVM write (go-algorand's ledger, pool and logic texts) → the sentence.
  it.each([
    [
      'overspend',
      'TransactionPool.Remember: transaction X: overspend (account AAAA, data {_struct:{} Status:Offline MicroAlgos:{Raw:1000}}, tried to spend {2000})',
      'Your account does not have enough ALGO for this amount plus fees.',
    ],
    ['min-balance', 'TransactionPool.Remember: account AAAA balance 100000 below min 200000 (1 assets)', 'This would take an account below its minimum balance of 0.2 ALGO. Keep more ALGO in the account.'],
    ['min-balance', 'TransactionPool.Remember: transaction X: account Y balance 50000 below min 100000 (0 assets)', 'This would take an account below its minimum balance of 0.1 ALGO. Keep more ALGO in the account.'],
    ['not-opted-in', 'TransactionPool.Remember: transaction X: asset 1234 missing from AAAA', 'You have not opted into asset 1234'],
    ['receiver-not-opted-in', 'transaction X: receiver error: must optin, asset 1234 missing from BBBB', 'The receiver has not opted into asset 1234'],
    ['asset-balance', 'transaction X: underflow on subtracting 10 from sender amount 5', 'Your account does not hold enough of this asset.'],
    ['expired', 'TransactionPool.Remember: txn dead: round 20 outside of 1--10', 'The transaction expired before it reached the network. Please try again.'],
    ['duplicate', 'TransactionPool.Remember: transaction already in ledger: N7LZHJWSOAKB46DS2SHHB36KN5SGI4SL6GVFALURRXSUD3P5JLPQ', 'This transaction was already submitted.'],
    // the builder's own check of a group holding one transaction twice (core/distinct.ts), worded as what it is
    ['duplicate-in-group', new DuplicateTransactionError('N7LZHJWSOAKB46DS2SHHB36KN5SGI4SL6GVFALURRXSUD3P5JLPQ').message, DUPLICATE_IN_GROUP],
    ['fee', 'transaction X: fee 10 below threshold 1000', 'The transaction fee is too low for the network right now. Please try again.'],
    ['rejected', 'PeraWalletConnectError: Connect modal is closed by user', 'You cancelled the request in your wallet.'],
    ['rejected', 'User Rejected Request', 'You cancelled the request in your wallet.'],
    ['network', 'TypeError: Failed to fetch', 'Could not reach the network. Check your connection and the node settings, then try again.'],
    ['network', 'connect ECONNREFUSED 127.0.0.1:4001', 'Could not reach the network. Check your connection and the node settings, then try again.'],
    ['contract', 'transaction X: rejected by logic', 'The transaction was rejected by its signing program.'],
    ['contract', 'transaction X: rejected by ApprovalProgram', 'The app rejected the transaction.'],
    [
      'contract',
      'TransactionPool.Remember: transaction ABC: logic eval error: assert failed pc=854. Details: app=1001, pc=854, opcodes=frame_dig -1; btoi; assert',
      'The smart contract rejected this transaction (program step 854). The price may have moved or a limit was not met.',
    ],
    ['contract', 'logic eval error: err opcode executed. Details: app=5, pc=12, opcodes=err', 'The smart contract rejected this transaction (program step 12). The price may have moved or a limit was not met.'],
    [
      'budget',
      'transaction X: logic eval error: dynamic cost budget exceeded, executing keccak256: local program cost was 700. Details: app=1, pc=40',
      'The transaction needed more computation than the network allows (program step 40).',
    ],
    ['contract', 'logic eval error: + overflowed pc=77. Details: app=3, pc=77', 'An amount went out of range in the smart contract (program step 77).'],
    ['contract', 'logic eval error: - would result negative pc=31. Details: app=3, pc=31', 'An amount went out of range in the smart contract (program step 31).'],
    ['contract', 'logic eval error: unavailable Asset 123 during assignment pc=9. Details: app=3, pc=9', 'The transaction did not reference an account, asset or app the smart contract needed (program step 9).'],
    ['contract', 'logic eval error: stack underflow in swap pc=5. Details: app=3, pc=5', 'The smart contract rejected this transaction: stack underflow in swap (program step 5).'],
    ['contract', 'logic eval error: invalid program (empty). Details: app=3, pc=0', 'The smart contract rejected this transaction: invalid program (empty) (program step 0).'],
    ['not-opted-in', 'logic eval error: asset 55 missing from BBBB. Details: app=3, pc=1', 'You have not opted into asset 55'],
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

// Every contract's codes, read from its ARC-56 spec (the asserts, by pc) and its TEALScript source.
const specCodes = (name: (typeof CONTRACTS)[number]['name']): Map<string, number> =>
  new Map(CONTRACT_MODULES[name].spec.sourceInfo!.approval.sourceInfo.filter((s) => s.errorMessage?.startsWith('ERR:')).map((s) => [s.errorMessage!, s.pc[0]!]))
const sourceCodes = (source: string): string[] => [...readFileSync(new URL(`../../contracts/${source}`, import.meta.url), 'utf8').matchAll(/'(ERR:[A-Z_]+)'/g)].map((m) => m[1]!)

describe('the one error table', () => {
  it.each(CONTRACTS.map((c) => [c.name, c.source] as const))('has a sentence for every code %s asserts with', (name, source) => {
    const codes = new Set([...specCodes(name).keys(), ...sourceCodes(source)])
    expect(codes.size).toBeGreaterThan(3)
    for (const code of codes) expect(CONTRACT_ERRORS[name][code], `${name} ${code}`).toMatch(SENTENCE)
  })

  it.each(CONTRACTS.map((c) => [c.name] as const))('words each %s assert, found by its pc, in that contract’s sentence', (name) => {
    for (const [code, pc] of specCodes(name)) {
      const explained = explainError(logicError(pc, 77), [{ appId: 77n, spec: CONTRACT_MODULES[name].spec }])
      expect(explained, `${name} ${code}`).toMatchObject({ kind: 'contract', code, pc, message: CONTRACT_ERRORS[name][code] })
    }
  })

  it.each(CONTRACTS.map((c) => [c.name] as const))('holds no sentence for a code %s never asserts', (name) => {
    // the vault also words the DEX's codes: a buyback's inner swap fails with them
    const asserted = new Set([...specCodes(name).keys(), ...(name === 'Vault' ? specCodes('Dex').keys() : [])])
    for (const code of Object.keys(CONTRACT_ERRORS[name])) expect(asserted.has(code), `${name} ${code}`).toBe(true)
  })

  it('words one code as the contract that asserted it', () => {
    const zero = (name: 'Dex' | 'Staking') => explainError(logicError(specCodes(name).get('ERR:ZERO_AMOUNT')!, 9), [{ appId: 9n, spec: CONTRACT_MODULES[name].spec }]).message
    expect(zero('Dex')).toBe('Enter an amount above zero')
    expect(zero('Staking')).toBe('The amount must be above zero')
  })
})


describe('explainError with rows', () => {
  it('words a program’s codes by the row it names (a buyback’s inner DEX swap, by the vault’s)', () => {
    const pc = pcOf('ERR:NO_POOL')
    expect(explainError(logicError(pc, 7), [{ appId: 7n, spec: DEX_SPEC, row: 'Vault' }])).toMatchObject({ code: 'ERR:NO_POOL', message: CONTRACT_ERRORS.Vault['ERR:NO_POOL'] })
    expect(explainError(logicError(pc, 7), [{ appId: 7n, spec: DEX_SPEC }])).toMatchObject({ code: 'ERR:NO_POOL', message: CONTRACT_ERRORS.Dex['ERR:NO_POOL'] })
  })

  it('reads a code already in the text as the first program’s, and leaves it unnamed without programs', () => {
    const error = new Error('Runtime error when executing Vault: ERR:NOTHING_TO_BUY')
    expect(explainError(error, [{ spec: CONTRACT_MODULES.Vault.spec }])).toMatchObject({ kind: 'contract', code: 'ERR:NOTHING_TO_BUY', message: CONTRACT_ERRORS.Vault['ERR:NOTHING_TO_BUY'] })
    expect(explainError(error).code).toBeUndefined()
  })
})
