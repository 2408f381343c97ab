// The ramp rule against the contract's rampA asserts, case by case at the edges: the day between
// ramps, the day a ramp lasts, A's range, the 10× bound (from A where a running ramp has it now).
import { describe, expect, it } from 'vitest'
import { ampWords, checkRampA, durationWords, rampInProgress } from './ramp.ts'

const DAY = 86_400n
const T = 1_000_000n
/** A pool that has stood at A = 100 since T (it was created, or its last ramp stopped, then). */
const still = { initialA: 10_000n, futureA: 10_000n, initialTime: T, futureTime: T }
/** A ramp from 100 to 200 over two days from T. */
const ramping = { initialA: 10_000n, futureA: 20_000n, initialTime: T, futureTime: T + 2n * DAY }

describe('checkRampA', () => {
  const cases: { name: string; pool: typeof still; futureA: bigint; futureTime: bigint; now: bigint; expected: string | null }[] = [
    { name: 'accepts a ramp a day after the last one started, lasting exactly a day', pool: still, futureA: 20_000n, futureTime: T + 2n * DAY, now: T + DAY, expected: null },
    { name: 'refuses a ramp less than a day after the last one started', pool: still, futureA: 20_000n, futureTime: T + 3n * DAY, now: T + DAY - 3_600n, expected: 'A new ramp may start a day after the last one started: in 1 hour' },
    { name: 'refuses a ramp shorter than a day', pool: still, futureA: 20_000n, futureTime: T + 2n * DAY - 90n, now: T + DAY, expected: 'A ramp lasts at least a day: end it 2 minutes later or more' },
    { name: 'refuses A below 1', pool: still, futureA: 99n, futureTime: T + 3n * DAY, now: T + DAY, expected: 'A must be from 1 to 1,000' },
    { name: 'refuses A above 1,000', pool: still, futureA: 100_100n, futureTime: T + 3n * DAY, now: T + DAY, expected: 'A must be from 1 to 1,000' },
    { name: 'accepts exactly 10 times up', pool: still, futureA: 100_000n, futureTime: T + 3n * DAY, now: T + DAY, expected: null },
    { name: 'accepts exactly a tenth', pool: still, futureA: 1_000n, futureTime: T + 3n * DAY, now: T + DAY, expected: null },
    { name: 'refuses more than 10 times up', pool: { ...still, initialA: 5_000n, futureA: 5_000n }, futureA: 50_100n, futureTime: T + 3n * DAY, now: T + DAY, expected: 'A ramp changes A at most 10 times: from 50 now, the target is 5 to 500' },
    { name: 'refuses less than a tenth', pool: still, futureA: 999n, futureTime: T + 3n * DAY, now: T + DAY, expected: 'A ramp changes A at most 10 times: from 100 now, the target is 10 to 1,000' },
    { name: 'bounds a running ramp from where A stands now', pool: ramping, futureA: 1_400n, futureTime: T + 4n * DAY, now: T + DAY, expected: 'A ramp changes A at most 10 times: from 150 now, the target is 15 to 1,000' },
    { name: 'replaces a running ramp a day after it started', pool: ramping, futureA: 1_500n, futureTime: T + 4n * DAY, now: T + DAY, expected: null },
    { name: 'refuses a target equal to A now', pool: ramping, futureA: 15_000n, futureTime: T + 4n * DAY, now: T + DAY, expected: 'A is 150 already: choose another target' },
  ]
  it.each(cases)('$name', ({ pool, futureA, futureTime, now, expected }) => {
    expect(checkRampA(pool, futureA, futureTime, now)).toBe(expected)
  })
})

describe('rampInProgress', () => {
  it('is null for a pool standing still', () => expect(rampInProgress(still, T + DAY)).toBeNull())
  it('is the ramp while it runs', () => expect(rampInProgress(ramping, T + DAY)).toEqual({ fromA: 10_000n, toA: 20_000n, start: T, end: T + 2n * DAY }))
  it('is null once the ramp has ended', () => expect(rampInProgress(ramping, T + 2n * DAY)).toBeNull())
})

describe('words', () => {
  it.each([
    [15_050n, '150.5'],
    [100_000n, '1,000'],
    [1_234n, '12.34'],
  ])('A %s reads %s', (amp, words) => expect(ampWords(amp)).toBe(words))
  it.each([
    [0n, 'less than a minute'],
    [1n, '1 minute'],
    [DAY + 3_660n, '1 day 1 hour 1 minute'],
    [2n * DAY, '2 days'],
  ])('%s seconds read %s', (seconds, words) => expect(durationWords(seconds)).toBe(words))
})
