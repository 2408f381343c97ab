import algosdk from 'algosdk'
import * as sdk from '@grove/sdk'
import type { Lock } from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import { closeProblem, collectorProblem, extendProblem, lockKind, mergePartners, proposeProblem, readCreateLock, splitProblem, withdrawProblem, type CreateLockForm } from './derive-locks.ts'

const NOW = 1_800_000_000n
// real addresses (their checksums hold): the zero key and the key of all ones
const OWNER = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ'
const OTHER = algosdk.encodeAddress(new Uint8Array(32).fill(1))
const lock = (patch: Partial<Lock> = {}): Lock => ({ id: 1n, owner: OWNER, asset: 7n, amount: 1000n, withdrawn: 0n, start: NOW - 100n, cliff: NOW + 100n, end: NOW + 1100n, anchor: NOW + 100n, base: 0n, liquidity: false, creator: OWNER, ...patch })
const form = (patch: Partial<CreateLockForm>): CreateLockForm => ({ asset: 7, amount: '10', cliff: NOW + 60n, end: NOW + 3600n, timeLock: false, ...patch })

describe('readCreateLock', () => {
  it.each([
    { name: 'asks for the asset first', form: form({ asset: null }), step: 0, problem: 'Choose the asset to lock' },
    { name: 'asks for an amount', form: form({ amount: '' }), step: 1, problem: 'Enter an amount' },
    { name: 'refuses a zero amount in words', form: form({ amount: '0' }), step: 1, problem: 'Enter an amount above zero' },
    { name: 'refuses more than the balance', form: form({ amount: '1000' }), step: 1, problem: 'More than you hold' },
    { name: 'refuses a cliff in the past', form: form({ cliff: NOW - 1n }), step: 2, problem: 'The cliff cannot be in the past' },
    { name: 'refuses a millisecond timestamp', form: form({ cliff: 1_800_000_000_000n }), step: 2, problem: 'That time looks like milliseconds; give it in seconds' },
    { name: 'refuses an end before the cliff', form: form({ end: NOW + 30n }), step: 3, problem: 'The cliff must not be after the end' },
    { name: 'refuses an end more than 10 years away', form: form({ end: NOW + 316_000_000n }), step: 3, problem: 'A lock can end at most 10 years from now' },
    { name: 'asks for the end', form: form({ end: null }), step: 3, problem: 'Choose when vesting ends' },
  ])('$name', (c) => {
    expect(readCreateLock(sdk, c.form, 2, 50_000n, NOW)).toEqual({ ok: false, step: c.step, problem: c.problem })
  })

  it('reads a vesting lock’s terms in base units', () => {
    expect(readCreateLock(sdk, form({ amount: '1.5' }), 2, 50_000n, NOW)).toEqual({ ok: true, asset: 7n, amount: 150n, cliff: NOW + 60n, end: NOW + 3600n })
  })

  it('makes a time lock’s cliff its end', () => {
    expect(readCreateLock(sdk, form({ timeLock: true, cliff: null }), 2, undefined, NOW)).toEqual({ ok: true, asset: 7n, amount: 1000n, cliff: NOW + 3600n, end: NOW + 3600n })
  })
})

describe('withdrawProblem', () => {
  it.each([
    { name: 'says nothing has vested before the cliff', lock: lock(), problem: 'Nothing has vested yet' },
    { name: 'allows a withdrawal once something vested', lock: lock({ cliff: NOW - 100n, anchor: NOW - 100n }), problem: null },
    { name: 'says everything was withdrawn', lock: lock({ end: NOW - 1n, cliff: NOW - 1n, anchor: NOW - 1n, withdrawn: 1000n }), problem: 'Everything has been withdrawn' },
  ])('$name', (c) => expect(withdrawProblem(sdk, c.lock, NOW)).toBe(c.problem))
})

describe('closeProblem', () => {
  const empty = lock({ end: NOW - 1n, cliff: NOW - 1n, anchor: NOW - 1n, withdrawn: 1000n })
  it.each([
    { name: 'lets the owner close a fully withdrawn lock', lock: empty, sender: OWNER, problem: null },
    { name: 'lets its creator close it after a transfer', lock: { ...empty, owner: OTHER }, sender: OWNER, problem: null },
    { name: 'refuses anyone else', lock: empty, sender: OTHER, problem: 'Only the lock’s owner can do this (or, to close it, the account that made it)' },
    { name: 'refuses while tokens are left', lock: { ...empty, withdrawn: 999n }, sender: OWNER, problem: 'Withdraw everything from the lock before closing it' },
  ])('$name', (c) => expect(closeProblem(c.lock, c.sender)).toBe(c.problem))
})

describe('extendProblem', () => {
  it.each([
    { name: 'asks for an end', end: null, problem: 'Choose the new end' },
    { name: 'refuses an earlier end', end: NOW + 1000n, problem: 'An extension must end later than the lock does now' },
    { name: 'refuses milliseconds', end: 1_800_000_000_000n, problem: 'That time looks like milliseconds; give it in seconds' },
    { name: 'refuses more than 10 years', end: NOW + 400_000_000n, problem: 'A lock can end at most 10 years from now' },
    { name: 'accepts a later end', end: NOW + 5000n, problem: null },
  ])('$name', (c) => expect(extendProblem(sdk, lock(), c.end, NOW)).toBe(c.problem))

  it('refuses to extend an ended lock', () => {
    expect(extendProblem(sdk, lock({ end: NOW - 1n, cliff: NOW - 1n }), NOW + 10n, NOW)).toBe('The lock has ended: withdraw it instead')
  })
})

describe('proposeProblem', () => {
  it.each([
    ['', 'Enter the new owner’s address'],
    ['nope', 'An Algorand address has 58 characters; this one has 4'],
    [OTHER.slice(0, 57) + (OTHER.endsWith('A') ? 'B' : 'A'), 'This address has a typo: its checksum does not match. Copy it again from its source'],
    [OWNER, 'Propose another account than the owner'],
    [` ${OTHER} `, null],
  ])('%s → %s', (to, problem) => expect(proposeProblem(lock(), to)).toBe(problem))
})

describe('lockKind', () => {
  it.each([
    [{ cliff: 5n, end: 5n, liquidity: false }, 'Time lock'],
    [{ cliff: 5n, end: 9n, liquidity: false }, 'Vesting'],
    [{ cliff: 5n, end: 5n, liquidity: true }, 'Liquidity lock (time lock)'],
  ])('%o → %s', (l, kind) => expect(lockKind(l)).toBe(kind))
})

describe('split, merge and the collector (issue 40)', () => {
  it('lets only units still locked be split off, in the contract’s words otherwise', () => {
    expect(splitProblem(sdk, lock(), 400n, NOW)).toBeNull()
    expect(splitProblem(sdk, lock(), 1000n, NOW)).toBe('Split off more than zero and at most what is still locked, and keep something in the lock')
    expect(splitProblem(sdk, lock(), 0n, NOW)).toBe('Split off more than zero and at most what is still locked, and keep something in the lock')
    expect(splitProblem(sdk, lock(), 1n, NOW + 2000n)).toBe('The lock has ended: withdraw it instead')
  })

  it('offers as merge partners only the owner’s other unfinished locks of the same asset', () => {
    const mine = [lock(), lock({ id: 2n }), lock({ id: 3n, asset: 8n }), lock({ id: 4n, withdrawn: 1000n }), lock({ id: 5n, owner: OTHER })]
    expect(mergePartners(lock(), mine).map((l) => l.id)).toEqual([2n])
  })

  it('asks for a collector’s address and checks it', () => {
    expect(collectorProblem('')).toBe('Enter an address')
    expect(collectorProblem(OTHER)).toBeNull()
    expect(collectorProblem('ABC')).toMatch(/58 characters/)
  })
})
