// Split and merge on the localnet over random schedules, amounts and times (issue 40, item 2): whatever the
// contract accepts never unlocks a unit earlier than the locks it came from, at any time (checked at the
// corners and between), and what it refuses is refused for the reason the terms give. Seeded; fewer runs in CI.
import { beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { useGrove, type User } from './fixture.ts'
import { Locks, vestedAt, type Lock } from './locks.ts'

const RUNS = process.env.CI ? 6 : 15
const grove = useGrove()
let locks: Locks
let owner: User
let token: bigint

beforeAll(async () => {
  const g = grove()
  locks = new Locks(g)
  owner = await g.user(1000)
  token = await g.asset(owner, { unitName: 'SPLT', total: 2n ** 63n })
}, 120_000)

const lockedAt = (l: Lock, t: bigint) => l.amount - vestedAt(l, t)

/** Times from `from` on: every lock's corners and 12 points up to the latest end. */
function checkpoints(ls: Lock[], from: bigint): bigint[] {
  const set = new Set<bigint>([from])
  for (const l of ls) for (const t of [l.cliff - 1n, l.cliff, l.anchor, l.end - 1n, l.end, l.end + 1n]) if (t >= from) set.add(t)
  const last = ls.reduce((m, l) => (l.end > m ? l.end : m), from)
  for (let i = 1n; i < 12n; i++) set.add(from + ((last - from) * i) / 12n)
  return [...set]
}

const terms = fc.record({
  amount: fc.bigInt({ min: 2n, max: 10n ** 12n }),
  cliffIn: fc.bigInt({ min: 1n, max: 400n }),
  // 0: a time lock
  vesting: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 2000n })),
})

async function make(t: { amount: bigint; cliffIn: bigint; vesting: bigint }): Promise<bigint> {
  const now = await locks.now()
  return (await locks.create(owner, token, t.amount, now + t.cliffIn, now + t.cliffIn + t.vesting)).value
}

const rejection = (p: Promise<unknown>): Promise<string | undefined> =>
  p.then(
    () => undefined,
    (e: Error) => /ERR:[A-Z_]+/.exec(e.message)?.[0] ?? e.message,
  )

describe('split and merge never unlock earlier (property, fixed seed)', () => {
  it('holds over random schedules, split amounts, merges and times', async () => {
    await fc.assert(
      fc.asyncProperty(terms, terms, fc.bigInt({ min: 0n, max: 2500n }), fc.double({ min: 0, max: 1.2, noNaN: true }), async (first, second, wait, part) => {
        const a = await make(first)
        const b = await make(second)
        const now = wait > 0n ? await locks.travel(wait) : await locks.now()
        // split a: at most what is still locked may move
        const original = (await locks.lock(a))!
        const amount = BigInt(Math.floor(Number(lockedAt(original, now)) * part))
        const split = await locks.split(owner, a, amount).then(
          (s) => s.value,
          (e: Error) => e,
        )
        if (split instanceof Error) {
          const code = /ERR:[A-Z_]+/.exec(split.message)?.[0]
          expect(now >= original.end ? 'ERR:ENDED' : 'ERR:SPLIT_AMOUNT').toBe(code)
          expect(amount === 0n || amount > lockedAt(original, now) || amount >= original.amount - original.withdrawn || now >= original.end).toBe(true)
        } else {
          const [kept, made] = [(await locks.lock(a))!, (await locks.lock(split))!]
          expect(made.amount).toBe(amount)
          for (const t of checkpoints([original], now)) expect(vestedAt(kept, t) + vestedAt(made, t), `split vests more at ${t}`).toBeLessThanOrEqual(vestedAt(original, t))
        }
        // merge b into a: accepted only when one lock keeps both schedules exactly
        const [into, from] = [(await locks.lock(a))!, (await locks.lock(b))!]
        const exact = from.amount === vestedAt(from, now) || (into.cliff === into.end && into.end >= from.end)
        const code = await rejection(locks.merge(owner, a, b))
        expect(code).toBe(exact ? undefined : 'ERR:SCHEDULE')
        if (code === undefined) {
          const merged = (await locks.lock(a))!
          expect(await locks.lock(b)).toBeUndefined()
          for (const t of checkpoints([into, from], now)) expect(lockedAt(merged, t), `merge unlocks more at ${t}`).toBeGreaterThanOrEqual(lockedAt(into, t) + lockedAt(from, t))
        }
      }),
      { seed: 4041, numRuns: RUNS, endOnFailure: true },
    )
  }, 600_000)
})
