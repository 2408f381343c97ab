// Stable pools (programs/stable.algo.ts) on a localnet: a balanced swap within one app call's budget,
// the locked first add, the imbalance fee (a one-sided add then a remove is no free swap), ramps of A
// and their limits, rounding in the pool's favour, and a proportional remove at an extreme pool.
import { beforeAll, describe, expect, it } from 'vitest'
import { expectRejected, useGrove, type Grove, type User } from './fixture.ts'
import { STABLE_LOCKED_LP, StableKit } from './stable.ts'

const TIER = 5n
const DAY = 86_400n

describe('stable pools', () => {
  const grove = useGrove()
  let g: Grove
  let kit: StableKit
  let lp: User
  /** A pair of dollar coins (6 and 8 decimals), a < b, and each side's base units per dollar. */
  const pair = async (creator: User): Promise<{ a: bigint; b: bigint; unit: (asset: bigint) => bigint }> => {
    const six = await g.asset(creator, { decimals: 6, total: 10n ** 17n, unitName: 'USDS' })
    const eight = await g.asset(creator, { decimals: 8, total: 10n ** 19n, unitName: 'USDE' })
    const [a, b] = six < eight ? [six, eight] : [eight, six]
    return { a, b, unit: (asset) => (asset === six ? 10n ** 6n : 10n ** 8n) }
  }
  /** A new pool at A = amp holding `dollars` of each side, from `lp`. */
  const seeded = async (amp: bigint, dollars: bigint) => {
    const p = await pair(lp)
    await kit.createPool(lp, p.a, p.b, TIER, amp)
    const pool = (await kit.pool(p.a, p.b, TIER))!
    await g.optIn(lp, pool.lpAsset)
    const first = await kit.add(lp, p.a, p.b, TIER, dollars * p.unit(p.a), dollars * p.unit(p.b))
    return { ...p, lpAsset: pool.lpAsset, firstLp: first.value }
  }
  const trader = async (p: { a: bigint; b: bigint; lpAsset?: bigint }, dollars: bigint, unit: (asset: bigint) => bigint): Promise<User> => {
    const user = await g.user(100)
    await g.optIn(user, p.a, p.b, ...(p.lpAsset ? [p.lpAsset] : []))
    await g.transfer(lp, user, p.a, dollars * unit(p.a))
    await g.transfer(lp, user, p.b, dollars * unit(p.b))
    return user
  }

  beforeAll(async () => {
    g = grove()
    kit = StableKit.of(g)
    lp = await g.user(5000)
  })

  it('swaps 10,000 dollars on a balanced 1,000,000 + 1,000,000 pool within one call: 3,000 µALGO, no op-up, near 1:1 across 6 and 8 decimals', { timeout: 120_000 }, async () => {
    const p = await seeded(100n, 1_000_000n)
    const user = await trader(p, 20_000n, p.unit)
    const sent = await kit.swap(user, p.a, 10_000n * p.unit(p.a), p.b, TIER)
    expect(sent.fees).toBe(3000n)
    expect(sent.opUps).toBe(0)
    expect(sent.opcodes).toBeLessThanOrEqual(700)
    const dollarsOut = Number(sent.value) / Number(p.unit(p.b))
    // the fee (5 bps) and a price impact far below constant product's ~1%
    expect(dollarsOut).toBeGreaterThan(9_990)
    expect(dollarsOut).toBeLessThan(9_995.01)
    const pool = (await kit.pool(p.a, p.b, TIER))!
    // the fee waits off the curve for the LPs, the protocol's share beside it
    expect(pool.feesB + pool.protocolFeesB).toBeGreaterThan(0n)
  })

  it('locks 1,000 LP units at the first add, which needs both sides', { timeout: 120_000 }, async () => {
    const p = await pair(lp)
    await kit.createPool(lp, p.a, p.b, TIER, 50n)
    const pool = (await kit.pool(p.a, p.b, TIER))!
    await g.optIn(lp, pool.lpAsset)
    await expectRejected(kit.addSingle(lp, p.a, p.b, TIER, p.a, 1000n * p.unit(p.a)), 'ERR:FIRST_ADD')
    const first = await kit.add(lp, p.a, p.b, TIER, 1000n * p.unit(p.a), 1000n * p.unit(p.b))
    const after = (await kit.pool(p.a, p.b, TIER))!
    // D of 2,000 dollars at 19 decimals is 2·10^22; LP units are D/10^13 less the locked ones
    expect(first.value).toBe(2_000_000_000n - STABLE_LOCKED_LP)
    expect(after.lpIssued).toBe(first.value)
    await expectRejected(kit.createPool(lp, p.a, p.b, TIER, 50n), 'ERR:POOL_EXISTS')
    await expectRejected(kit.createPool(lp, p.a, p.b, 7n, 50n), 'ERR:BAD_FEE')
  })

  it('charges an imbalanced add Curve’s imbalance fee: a one-sided add then a proportional remove pays 90% or more of the fee of the swap it stands for', { timeout: 180_000 }, async () => {
    // two identical pools: the same trade as add-then-remove on one, as a swap on the other
    const one = await seeded(100n, 1_000_000n)
    const two = await seeded(100n, 1_000_000n)
    const user = await trader(one, 100_000n, one.unit)
    const other = await trader(two, 100_000n, two.unit)
    const put = 100_000n * one.unit(one.a)
    const added = await kit.addSingle(user, one.a, one.b, TIER, one.a, put)
    expect(added.opUps).toBeGreaterThan(0)
    const [backA, gotB] = (await kit.remove(user, one.a, one.b, TIER, added.value)).value
    expect(backA).toBeLessThan(put)
    // what add-then-remove sold: put − backA of a, for gotB of b. A swap of as much pays its fee (5 bps of
    // its output); without the imbalance fee the add and remove would pay none: they pay 90% of it or more
    const swapped = await kit.swap(other, two.a, put - backA, two.b, TIER)
    const swapFee = (swapped.value * TIER) / (10_000n - TIER)
    expect(gotB).toBeLessThan(swapped.value + swapFee / 10n)
  })

  it('rounds in the pool’s favour: a swap there and back never gains, and a swap too small to pay gives nothing', { timeout: 180_000 }, async () => {
    const p = await seeded(200n, 10_000n)
    const user = await trader(p, 2000n, p.unit)
    for (const amount of [1_000n, 77_777n, 12_345_678n, 1_000_000_000n]) {
      const there = await kit.swap(user, p.a, amount, p.b, TIER)
      const back = await kit.swap(user, p.b, there.value, p.a, TIER)
      expect(back.value, `${amount} there and back`).toBeLessThan(amount)
    }
    // one base unit of the 8-decimal coin is worth less than one of the 6-decimal coin
    const [eight, six] = p.unit(p.a) === 10n ** 8n ? [p.a, p.b] : [p.b, p.a]
    await expectRejected(kit.swap(user, eight, 1n, six, TIER), 'ERR:ZERO_OUT')
  })

  it('ramps A only by the registry’s admin, over a day or more, at most 10×, a day after the last start; stops where it stands; a swap in a ramp finds D again', { timeout: 240_000 }, async () => {
    const p = await seeded(100n, 100_000n)
    const admin = g.admin
    let now = await kit.now()
    await expectRejected(kit.rampA(admin, p.a, p.b, TIER, 20_000n, now + 2n * DAY), 'ERR:RAMP_TIME')
    now = await kit.travel(DAY + 10n)
    await expectRejected(kit.rampA(lp, p.a, p.b, TIER, 20_000n, now + 2n * DAY), 'ERR:NOT_ADMIN')
    await expectRejected(kit.rampA(admin, p.a, p.b, TIER, 20_000n, now + DAY / 2n), 'ERR:RAMP_TIME')
    await expectRejected(kit.rampA(admin, p.a, p.b, TIER, 100_001n * 1n + 10_000n * 9n + 1n, now + 2n * DAY), /ERR:(RAMP_CHANGE|BAD_AMP)/)
    await expectRejected(kit.rampA(admin, p.a, p.b, TIER, 999n, now + 2n * DAY), 'ERR:RAMP_CHANGE')
    await expectRejected(kit.rampA(admin, p.a, p.b, TIER, 50n, now + 2n * DAY), 'ERR:BAD_AMP')
    await kit.rampA(admin, p.a, p.b, TIER, 100_000n, now + 2n * DAY)
    const ramp = (await kit.pool(p.a, p.b, TIER))!
    expect([ramp.initialA, ramp.futureA]).toEqual([10_000n, 100_000n])
    await kit.travel(DAY)
    const user = await trader(p, 1000n, p.unit)
    const mid = await kit.swap(user, p.a, 100n * p.unit(p.a), p.b, TIER)
    // A moved since D was stored: the swap iterates, and pays for its op-up
    expect(mid.opUps).toBeGreaterThan(0)
    expect(mid.fees).toBe(3000n + 1000n * BigInt(mid.opUps))
    const moved = (await kit.pool(p.a, p.b, TIER))!
    expect(moved.dAmp).toBeGreaterThan(10_000n)
    expect(moved.dAmp).toBeLessThan(100_000n)
    await expectRejected(kit.stopRampA(lp, p.a, p.b, TIER), 'ERR:NOT_ADMIN')
    await kit.stopRampA(admin, p.a, p.b, TIER)
    const stopped = (await kit.pool(p.a, p.b, TIER))!
    expect(stopped.futureA).toBe(stopped.initialA)
    expect(stopped.futureA).toBeGreaterThanOrEqual(moved.dAmp)
    expect(stopped.futureA).toBeLessThan(100_000n)
    await kit.travel(DAY)
    expect((await kit.pool(p.a, p.b, TIER))!.futureA).toBe(stopped.futureA)
  })

  it('lets LPs leave in proportion without iterating at a pool pushed to an extreme', { timeout: 180_000 }, async () => {
    const p = await seeded(1000n, 1000n)
    const whale = await trader(p, 1n, p.unit)
    await g.transfer(lp, whale, p.a, 10_000_000n * p.unit(p.a))
    // the pool ends with almost nothing of b: its balances ~10,000,000 : ~0
    await kit.swap(whale, p.a, 10_000_000n * p.unit(p.a), p.b, TIER)
    const extreme = (await kit.pool(p.a, p.b, TIER))!
    expect(extreme.reserveB * p.unit(p.a) * 1000n).toBeLessThan(extreme.reserveA * p.unit(p.b))
    const out = await kit.remove(lp, p.a, p.b, TIER, p.firstLp)
    expect(out.opUps).toBe(0)
    expect(out.fees).toBe(4000n)
    const [gotA, gotB] = out.value
    expect(gotA).toBeGreaterThan(0n)
    expect(gotB).toBeGreaterThan(0n)
  })
})
