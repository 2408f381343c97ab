// The locks' invariant over random schedules, top-ups, extensions and times, on the localnet: each
// withdrawal pays exactly what the vesting function says; what is withdrawable is never negative nor
// more than amount − withdrawn; no top-up or extension lets anything out earlier than the terms each
// deposit was made under, nor raises what is withdrawable at the moment it happens; the app holds
// exactly what the locks still owe.
import { beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { useGrove, type User } from './fixture.ts'
import { Locks, vestedAt, type Lock } from './locks.ts'

const grove = useGrove()
let locks: Locks
let owner: User
let token: bigint
/** Every lock the property made: what the app must still hold is their amount − withdrawn. */
const made: bigint[] = []

beforeAll(async () => {
  const g = grove()
  locks = new Locks(g)
  owner = await g.user(1000)
  token = await g.asset(owner, { unitName: 'PROP', total: 2n ** 63n })
}, 120_000)

/** A deposit and the terms it was made under: by time t it may have vested d·(t − cliff)/(end − cliff) at most. */
interface Deposit {
  amount: bigint
  cliff: bigint
  end: bigint
}

/** Whether `vested` ≤ Σ of what each deposit's own terms allow by t (exact, in rationals). */
function withinTerms(vested: bigint, deposits: Deposit[], t: bigint): boolean {
  // Σ nᵢ/dᵢ compared with vested as one fraction
  let num = 0n
  let den = 1n
  for (const d of deposits) {
    let n: bigint
    let q: bigint
    if (t >= d.end) [n, q] = [d.amount, 1n]
    else if (t < d.cliff) [n, q] = [0n, 1n]
    else [n, q] = [d.amount * (t - d.cliff), d.end - d.cliff]
    num = num * q + n * den
    den = den * q
  }
  return vested * den <= num
}

const step = fc.oneof(
  fc.record({ kind: fc.constant('travel' as const), seconds: fc.bigInt({ min: 1n, max: 900n }) }),
  fc.record({ kind: fc.constant('withdraw' as const) }),
  fc.record({ kind: fc.constant('topUp' as const), amount: fc.bigInt({ min: 1n, max: 10n ** 12n }) }),
  fc.record({ kind: fc.constant('extend' as const), seconds: fc.bigInt({ min: 1n, max: 2000n }) }),
)

const schedule = fc.record({
  amount: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  cliffIn: fc.bigInt({ min: 0n, max: 600n }),
  // 0: a time lock
  vesting: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 3000n })),
  steps: fc.array(step, { minLength: 3, maxLength: 8 }),
})

/** Times at which to compare the lock against its deposits' terms: now, the lock's corners and points in between. */
function checkpoints(lock: Lock, now: bigint, deposits: Deposit[]): bigint[] {
  const points = new Set<bigint>([now, lock.cliff, lock.anchor, lock.end, lock.end - 1n, lock.end + 1n])
  for (const d of deposits) for (const t of [d.cliff, d.end, d.end - 1n]) points.add(t)
  for (let i = 1n; i < 8n; i++) points.add(now + ((lock.end - now) * i) / 8n)
  return [...points].filter((t) => t >= now)
}

async function ownedByApp(): Promise<bigint> {
  let owed = 0n
  for (const id of made) {
    const lock = (await locks.lock(id))!
    owed += lock.amount - lock.withdrawn
  }
  return owed
}

describe('locks invariant (property, fixed seed)', () => {
  it('holds over random schedules, top-ups, extensions and times', async () => {
    await fc.assert(
      fc.asyncProperty(schedule, async ({ amount, cliffIn, vesting, steps }) => {
        let now = await locks.now()
        const cliff = now + cliffIn
        const end = cliff + vesting
        const { value: id } = await locks.create(owner, token, amount, cliff, end + (end === now ? 1n : 0n), {})
        made.push(id)
        let lock = (await locks.lock(id))!
        const deposits: Deposit[] = [{ amount, cliff: lock.cliff, end: lock.end }]
        for (const s of steps) {
          now = await locks.now()
          const before = lock
          const vestedBefore = vestedAt(before, now)
          if (s.kind === 'travel') {
            now = await locks.travel(s.seconds)
          } else if (s.kind === 'withdraw') {
            const due = vestedBefore - before.withdrawn
            const got = await locks.withdraw(owner, id).then(
              (r) => r.value,
              (e: Error) => {
                expect(e.message).toContain('ERR:NOTHING_VESTED')
                return 0n
              },
            )
            expect(got).toBe(due)
          } else if (s.kind === 'topUp') {
            const ok = await locks.topUp(owner, id, s.amount).then(
              () => true,
              (e: Error) => {
                expect(e.message).toContain('ERR:ENDED')
                return false
              },
            )
            expect(ok).toBe(now < before.end)
            if (ok) deposits.push({ amount: s.amount, cliff: before.cliff, end: before.end })
          } else {
            const ok = await locks.extend(owner, id, before.end + s.seconds).then(
              () => true,
              (e: Error) => {
                expect(e.message).toContain('ERR:ENDED')
                return false
              },
            )
            expect(ok).toBe(now < before.end)
          }
          lock = (await locks.lock(id))!
          const vested = vestedAt(lock, now)
          // withdrawable never negative, never above what is left
          expect(vested).toBeGreaterThanOrEqual(lock.withdrawn)
          expect(vested - lock.withdrawn).toBeLessThanOrEqual(lock.amount - lock.withdrawn)
          // no change raises what is withdrawable at the moment it happens
          if (s.kind !== 'travel' && s.kind !== 'withdraw') expect(vested).toBeLessThanOrEqual(vestedBefore)
          // never earlier than the terms each deposit was made under, and monotone from now on
          let previous = 0n
          for (const t of checkpoints(lock, now, deposits).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
            const v = vestedAt(lock, t)
            expect(withinTerms(v, deposits, t), `vested ${v} at ${t} beyond the deposits' terms`).toBe(true)
            expect(v).toBeGreaterThanOrEqual(previous)
            previous = v
          }
        }
        // the app holds exactly what every lock still owes
        expect(await grove().balance(locks.address, token)).toBe(await ownedByApp())
      }),
      { seed: 1313, numRuns: 25, endOnFailure: true },
    )
  }, 600_000)
})
