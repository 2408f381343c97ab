// Locks of a Grove stable pool's LP units earn as a constant-product pool's do (issue 40): the lock records
// ℓ = D/S, read from the Stable app's getLevel by inner call, and claimFees pays what the pool's fees added.
// And the binding: the app read is the LP token's creator, the pool must issue the deposit, so neither kind
// of LP token can be locked against the other kind's pool ids.
import { beforeAll, describe, expect, it } from 'vitest'
import { locksSpec } from '../src/index.ts'
import { decodeEvents } from './events.ts'
import { expectRejected, useGrove, type User } from './fixture.ts'
import { claimOf, Locks, STABLE_LP, stableLevelOf, vestedAt } from './locks.ts'
import { StableKit } from './stable.ts'

const grove = useGrove()
let locks: Locks
let kit: StableKit
let alice: User
let bob: User
let mallory: User
/** Two dollar coins (6 and 8 decimals), a < b, and their base units per dollar. */
let a: bigint
let b: bigint
const unit = (asset: bigint) => (asset === six ? 10n ** 6n : 10n ** 8n)
let six: bigint
/** Stable pools of (a, b) in tiers 5 and 30, and constant-product pools of (a, b) in tiers 30 and 5: same pair, both apps, each tier twice. */
let stable5: { a: bigint; b: bigint; tier: bigint; lp: bigint; stable: true }
let stable30: { a: bigint; b: bigint; tier: bigint; lp: bigint; stable: true }
let cp30: { a: bigint; b: bigint; tier: bigint; lp: bigint }
let cp5: { a: bigint; b: bigint; tier: bigint; lp: bigint }

/** Swaps `dollars` back and forth through stable pool (a, b, tier), so its fees raise D while S stays. */
async function trade(tier: bigint, dollars: bigint, rounds = 2): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    const out = await kit.swap(bob, a, dollars * unit(a), b, tier)
    await kit.swap(bob, b, out.value, a, tier)
  }
}

beforeAll(async () => {
  const g = grove()
  locks = new Locks(g)
  kit = StableKit.of(g)
  alice = await g.user(3000)
  bob = await g.user(1000)
  mallory = await g.user(100)
  six = await g.asset(alice, { decimals: 6, total: 10n ** 17n, unitName: 'USDS' })
  const eight = await g.asset(alice, { decimals: 8, total: 10n ** 19n, unitName: 'USDE' })
  ;[a, b] = six < eight ? [six, eight] : [eight, six]
  for (const tier of [5n, 30n]) {
    const { value: lp } = await kit.createPool(alice, a, b, tier, 100n)
    await g.optIn(alice, lp)
    await kit.add(alice, a, b, tier, 1_000_000n * unit(a), 1_000_000n * unit(b))
    if (tier === 5n) stable5 = { a, b, tier, lp, stable: true }
    else stable30 = { a, b, tier, lp, stable: true }
  }
  for (const tier of [30n, 5n]) {
    const { value: lp } = await g.createPool(alice, a, b, undefined, tier)
    await g.optIn(alice, lp)
    await g.addLiquidity(alice, a, b, 100_000n * unit(a), 100_000n * unit(b), 0n, tier)
    if (tier === 30n) cp30 = { a, b, tier, lp }
    else cp5 = { a, b, tier, lp }
  }
  await g.optIn(bob, a, b, stable5.lp)
  await g.optIn(mallory, stable5.lp, cp30.lp)
  await g.transfer(alice, bob, a, 100_000n * unit(a))
  await g.transfer(alice, bob, b, 100_000n * unit(b))
}, 300_000)

describe('a lock of a stable pool’s LP units', () => {
  it('records ℓ = D/S rounded up; after swaps claimFees pays exactly units × (1 − ℓ_entry/ℓ_now), the principal keeps its value and a second claim finds nothing', async () => {
    const g = grove()
    let now = await locks.now()
    const units = 50_000_000_000n
    const entryPool = (await locks.stablePool(a, b, 5n))!
    const sent = await locks.createLiquidity(alice, stable5, units, now + 1000n, now + 5000n)
    const id = sent.value
    const reference = stableLevelOf(entryPool, await locks.now(), true)
    expect((await locks.lock(id))!.liquidity).toBe(STABLE_LP)
    expect(await locks.fees(id)).toMatchObject({ a, b, tier: 5n, level: reference.level, claimed: 0n })
    // the app's opt-in (payment, call, its inner), payments, deposit, the lock call, getLevel and its op-ups
    expect(sent.fees).toBe(3000n + 3000n + 1000n * BigInt(1 + reference.opUps))

    await trade(5n, 50_000n)
    const entry = (await locks.fees(id))!.level
    const pool = (await locks.stablePool(a, b, 5n))!
    expect(pool.feesA + pool.feesB).toBeGreaterThan(0n)
    now = await locks.now()
    const later = stableLevelOf(pool, now, false)
    expect(later.level).toBeGreaterThan(entry)
    const lock = (await locks.lock(id))!
    const expected = claimOf(lock, entry, later.level, now)
    // units × (1 − ℓ_entry/ℓ_now), each part rounded in the pool's favour: at most a unit per part below
    const exact = (units * (later.level - entry)) / later.level
    expect(expected.units).toBeGreaterThan(0n)
    expect(exact - expected.units).toBeGreaterThanOrEqual(0n)
    expect(exact - expected.units).toBeLessThanOrEqual(2n)

    const held = await g.balance(alice, stable5.lp)
    const claim = await locks.claimFees(alice, id)
    expect(claim.value).toBe(expected.units)
    expect(claim.fees).toBe(1000n * BigInt(3 + later.opUps))
    expect(await g.balance(alice, stable5.lp)).toBe(held + expected.units)
    const after = (await locks.lock(id))!
    expect(after).toEqual(expected.after)
    expect(await locks.fees(id)).toMatchObject({ level: later.level, claimed: expected.units })
    expect(decodeEvents(locksSpec, claim.logs, 'FeesClaimed')).toEqual([{ id, to: alice.addr.toString(), units: expected.units, remaining: after.amount, level: later.level }])
    // the principal left is worth at least what was locked, in D per LP unit; it still vests to the same end
    expect((after.amount - after.withdrawn) * later.level).toBeGreaterThanOrEqual(units * entry)
    expect(vestedAt(after, after.end)).toBe(after.amount)
    expect(after.end).toBe(lock.end)
    await expectRejected(locks.claimFees(alice, id), 'ERR:NO_FEES')
  })

  it('weighs a top-up at the level then, and refuses a plain lock of the LP token (ERR:LIQUIDITY_LOCK)', async () => {
    const now = await locks.now()
    const { value: id } = await locks.createLiquidity(alice, stable5, 2_000_000n, now + 500n, now + 500n)
    await trade(5n, 10_000n, 1)
    const entry = (await locks.fees(id))!.level
    const level = stableLevelOf((await locks.stablePool(a, b, 5n))!, await locks.now(), true).level
    await locks.topUp(alice, id, 3_000_000n)
    expect((await locks.fees(id))!.level).toBe((2_000_000n * entry + 3_000_000n * level + 5_000_000n - 1n) / 5_000_000n)
    await expectRejected(locks.create(alice, stable5.lp, 1000n, now + 100n, now + 100n), 'ERR:LIQUIDITY_LOCK')
  })
})

describe('the Team Finance pattern across the two kinds of pool', () => {
  it('refuses a stable pool’s LP units named with the constant-product pool’s ids, and the constant-product pool’s LP units with the stable pool’s ids (ERR:WRONG_POOL), moving nothing', async () => {
    const now = await locks.now()
    const before = await locks.snapshot([mallory, alice], [stable5.lp, cp30.lp])
    // the stable LP with (a, b, 30), the ids of cp30: the Stable app made the token, so its pool (a, b, 30) is read, which issues another
    await expectRejected(locks.createLiquidity(alice, { ...stable30, lp: stable5.lp }, 1000n, now + 10n, now + 10n), 'ERR:WRONG_POOL')
    // the constant-product LP with (a, b, 5), the ids of stable5: the DEX made it, so the DEX's (a, b, 5) is read, which issues another
    await expectRejected(locks.createLiquidity(alice, { ...cp5, lp: cp30.lp }, 1000n, now + 10n, now + 10n), 'ERR:WRONG_POOL')
    expect(await locks.snapshot([mallory, alice], [stable5.lp, cp30.lp])).toEqual(before)
  })

  it('refuses a merge of a stable LP lock with a constant-product one (ERR:ASSET_MISMATCH), and the binding of another Stable app (ERR:BOUND, ERR:NOT_CREATOR)', async () => {
    const g = grove()
    const now = await locks.now()
    const { value: s } = await locks.createLiquidity(alice, stable5, 1000n, now + 500n, now + 500n)
    const { value: c } = await locks.createLiquidity(alice, cp30, 1000n, now + 500n, now + 500n)
    await expectRejected(locks.merge(alice, s, c), 'ERR:ASSET_MISMATCH')
    await expectRejected(locks.merge(alice, c, s), 'ERR:ASSET_MISMATCH')
    await expectRejected(locks.client.send.setStableApp({ sender: mallory.addr, args: { stableApp: g.ids.dexAppId }, note: g.note() }), 'ERR:NOT_CREATOR')
    await expectRejected(locks.client.send.setStableApp({ sender: g.admin.addr, args: { stableApp: g.ids.dexAppId }, note: g.note() }), 'ERR:BOUND')
    expect(await locks.client.state.global.stable()).toBe(g.ids.stablePoolsAppId)
  })
})
