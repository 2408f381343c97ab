import * as sdk from '@grove/sdk'
import { describe, expect, it } from 'vitest'
import { chainNow, formatPercent, localInputFromSeconds, newLockTerms, secondsFromLocalInput, unlockSchedule } from './locks.ts'

const lock = (amount: bigint, withdrawn: bigint, cliff: bigint, end: bigint) => ({ ...newLockTerms(amount, cliff, end), withdrawn })

describe('formatPercent', () => {
  it.each([
    [null, '—'],
    [0, '0%'],
    [0.004, '<0.01%'],
    [42.857142, '42.86%'],
    [100, '100%'],
  ])('%s → %s', (value, text) => expect(formatPercent(value)).toBe(text))
})

describe('unlockSchedule', () => {
  it('is empty without locks', () => {
    expect(unlockSchedule([], 0n, sdk.vestedAt)).toEqual([])
  })

  it('steps down at a time lock’s end and slopes down over a vesting lock, summed at every corner', () => {
    const timeLock = lock(100n, 0n, 50n, 50n)
    const vesting = lock(1000n, 0n, 20n, 120n)
    expect(unlockSchedule([timeLock, vesting], 0n, sdk.vestedAt)).toEqual([
      { t: 0n, locked: 1100n },
      { t: 19n, locked: 1100n },
      { t: 20n, locked: 1100n },
      { t: 49n, locked: 810n },
      { t: 50n, locked: 700n },
      { t: 119n, locked: 10n },
      { t: 120n, locked: 0n },
    ])
  })

  it('starts from `from`, leaving out corners already passed', () => {
    expect(unlockSchedule([lock(1000n, 0n, 20n, 120n)], 70n, sdk.vestedAt)).toEqual([
      { t: 70n, locked: 500n },
      { t: 119n, locked: 10n },
      { t: 120n, locked: 0n },
    ])
  })

  it('agrees with the SDK’s vesting at any time between corners (sums of lines are lines)', () => {
    const locks = [lock(777n, 0n, 10n, 90n), lock(1234n, 0n, 30n, 200n), lock(5n, 0n, 60n, 60n)]
    const points = unlockSchedule(locks, 0n, sdk.vestedAt)
    for (let i = 1; i < points.length; i++) {
      const [p, q] = [points[i - 1]!, points[i]!]
      const mid = (p.t + q.t) / 2n
      const exact = locks.reduce((s, l) => s + sdk.lockedAt(l, mid), 0n)
      const line = Number(p.locked) + ((Number(q.locked) - Number(p.locked)) * Number(mid - p.t)) / Number(q.t - p.t)
      expect(Math.abs(Number(exact) - line)).toBeLessThanOrEqual(locks.length)
    }
  })
})

describe('chainNow', () => {
  it('adds the whole seconds since the clock was read', () => {
    expect(chainNow({ chainTime: 1000n, readAt: 5_000, devMode: false }, 7_999)).toBe(1002n)
    expect(chainNow({ chainTime: 1000n, readAt: 5_000, devMode: false }, 4_000)).toBe(1000n)
  })

  it('stands still in dev mode, where the next transaction runs at the last block’s time', () => {
    expect(chainNow({ chainTime: 1000n, readAt: 5_000, devMode: true }, 60_000)).toBe(1000n)
  })
})

describe('datetime-local inputs', () => {
  it('round-trips seconds at minute precision and refuses empty text', () => {
    const t = 1_800_000_000n
    expect(secondsFromLocalInput(localInputFromSeconds(t))).toBe(t - (t % 60n))
    expect(secondsFromLocalInput('')).toBeNull()
    expect(secondsFromLocalInput('not a date')).toBeNull()
  })
})
