// Liquidity locks that earn while locked (issue 40): the level recorded at entry, claimFees to the owner or
// the collector it names, split and merge of locks, and the attacks on them: another account's claim, a
// second claim, a claim beside a flash, a split that would unlock early, merges across assets or owners,
// and the Team Finance pattern (one lock's id with another lock's asset).
import { beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { locksSpec } from '../src/index.ts'
import { expectRejected, sorted, useGrove, type User } from './fixture.ts'
import { flashFee } from './flash.ts'
import { ASSET_MBR, claimOf, FEE_BOX_MBR, feeBoxName, levelOf, LOCK_BOXES_MBR, Locks, lockBoxName, vestedAt } from './locks.ts'
import { decodeEvents } from './events.ts'

const grove = useGrove()
let locks: Locks
let alice: User
let bob: User
let carol: User
let mallory: User
let token: bigint
let other: bigint
/** The ALGO/token pool and its LP token. */
let pool: { a: bigint; b: bigint; lp: bigint }
/** The ALGO/other pool. */
let otherPool: { a: bigint; b: bigint; lp: bigint }
const ZERO = algosdk.ALGORAND_ZERO_ADDRESS_STRING
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

/** Swaps back and forth on `p` so its fees raise the level. */
async function trade(p: { a: bigint; b: bigint }, rounds = 2): Promise<void> {
  const g = grove()
  for (let i = 0; i < rounds; i++) {
    const out = await g.swapExactIn(bob, p.a, p.b, 20_000_000n)
    await g.swapExactIn(bob, p.b, p.a, out.value)
  }
}

beforeAll(async () => {
  const g = grove()
  locks = new Locks(g)
  alice = await g.user(2000)
  bob = await g.user(1000)
  carol = await g.user(10)
  mallory = await g.user(100)
  token = await g.asset(alice, { unitName: 'LPT' })
  other = await g.asset(alice, { unitName: 'OTH' })
  await g.optIn(bob, token)
  await g.transfer(alice, bob, token, 10n ** 12n)
  for (const [asset, set] of [[token, (p: typeof pool) => (pool = p)], [other, (p: typeof pool) => (otherPool = p)]] as const) {
    const [a, b] = sorted(0n, asset)
    const { value: lp } = await g.createPool(alice, a, b)
    await g.optIn(alice, lp)
    await g.addLiquidity(alice, a, b, 200_000_000n, 200_000_000n)
    set({ a, b, lp })
  }
  for (const who of [bob, carol, mallory]) await g.optIn(who, pool.lp)
  await g.optIn(mallory, token)
  await g.transfer(alice, mallory, token, 10n ** 9n)
}, 180_000)

describe('lockLiquidity', () => {
  it('records the pool level rounded up in a fee box the lock pays for, beside the lock boxes', async () => {
    const g = grove()
    const before = (await g.algorand.account.getInformation(locks.address)).minBalance.microAlgo
    const now = await locks.now()
    const level = levelOf(await g.pool(pool.a, pool.b), true)
    const sent = await locks.createLiquidity(alice, pool, 1_000_000n, now + 100n, now + 100n)
    expect(await locks.fees(sent.value)).toEqual({ a: pool.a, b: pool.b, tier: 30n, level, collector: ZERO, claimed: 0n })
    // the first LP lock opts the app in: payments, deposit, opt-in call and inner, the lock call and its getPool
    expect(sent.fees).toBe(1000n + 1000n + 1000n + 2000n + 2000n)
    const after = (await g.algorand.account.getInformation(locks.address)).minBalance.microAlgo
    expect(after - before).toBe(LOCK_BOXES_MBR + FEE_BOX_MBR + ASSET_MBR)
  })

  it('refuses pool arguments whose LP token is not the deposit (ERR:WRONG_POOL), and a plain token', async () => {
    const now = await locks.now()
    await expectRejected(locks.createLiquidity(alice, { ...otherPool, lp: pool.lp }, 1000n, now + 10n, now + 10n), 'ERR:WRONG_POOL')
    await expectRejected(locks.createLiquidity(alice, { ...pool, lp: token }, 1000n, now + 10n, now + 10n), 'ERR:WRONG_POOL')
  })
})

describe('claimFees', () => {
  it('sends the owner units × (1 − ℓ_entry/ℓ_now) of fees, re-bases the level and keeps the principal worth what was locked; a second claim finds nothing', async () => {
    const g = grove()
    let now = await locks.now()
    const { value: id } = await locks.createLiquidity(alice, pool, 10_000_000n, now + 1000n, now + 5000n)
    await trade(pool)
    const entry = (await locks.fees(id))!.level
    const level = levelOf(await g.pool(pool.a, pool.b), false)
    expect(level).toBeGreaterThan(entry)
    const lock = (await locks.lock(id))!
    now = await locks.now()
    const expected = claimOf(lock, entry, level, now)
    expect(expected.units).toBeGreaterThan(0n)
    const held = await g.balance(alice, pool.lp)
    const sent = await locks.claimFees(alice, id)
    expect(sent.value).toBe(expected.units)
    expect(sent.fees).toBe(3000n)
    expect(await g.balance(alice, pool.lp)).toBe(held + expected.units)
    const after = (await locks.lock(id))!
    expect(after).toEqual(expected.after)
    expect(await locks.fees(id)).toMatchObject({ level, claimed: expected.units })
    // the principal's value at the new level is at least its value at entry
    expect((after.amount - after.withdrawn) * level).toBeGreaterThanOrEqual((lock.amount - lock.withdrawn) * entry)
    expect(decodeEvents(locksSpec, sent.logs, 'FeesClaimed')).toEqual([{ id, to: alice.addr.toString(), units: expected.units, remaining: after.amount, level }])
    // vesting still ends where it did, and only the principal vests
    expect(after.end).toBe(lock.end)
    expect(vestedAt(after, after.end)).toBe(after.amount)
    await expectRejected(locks.claimFees(alice, id), 'ERR:NO_FEES')
  })

  it("refuses another account's claim (ERR:NOT_COLLECTOR) and a claim on a lock of a plain token (ERR:NOT_LIQUIDITY), moving nothing", async () => {
    const now = await locks.now()
    const { value: id } = await locks.createLiquidity(alice, pool, 1_000_000n, now + 100n, now + 100n)
    await trade(pool, 1)
    const before = await locks.snapshot([alice, mallory], [pool.lp])
    await expectRejected(locks.claimFees(mallory, id), 'ERR:NOT_COLLECTOR')
    await expectRejected(locks.setCollector(mallory, id, mallory.addr), 'ERR:NOT_OWNER')
    expect(await locks.snapshot([alice, mallory], [pool.lp])).toEqual(before)
    const { value: plain } = await locks.create(alice, token, 1000n, now + 100n, now + 100n)
    await expectRejected(locks.claimFees(alice, plain), 'ERR:NOT_LIQUIDITY')
    await expectRejected(locks.setCollector(alice, plain, carol.addr), 'ERR:NOT_LIQUIDITY')
  })

  it('pays the collector the owner names, whoever of the two claims; a new owner gets the fees (the collector is reset on accept)', async () => {
    const g = grove()
    const now = await locks.now()
    const { value: id } = await locks.createLiquidity(alice, pool, 5_000_000n, now + 100n, now + 100n)
    const set = await locks.setCollector(alice, id, carol.addr)
    expect(decodeEvents(locksSpec, set.logs, 'CollectorSet')).toEqual([{ id, collector: carol.addr.toString() }])
    await trade(pool, 1)
    const carolBefore = await g.balance(carol, pool.lp)
    const byCarol = await locks.claimFees(carol, id)
    expect(await g.balance(carol, pool.lp)).toBe(carolBefore + byCarol.value)
    await trade(pool, 1)
    const aliceBefore = await g.balance(alice, pool.lp)
    const byAlice = await locks.claimFees(alice, id)
    expect(await g.balance(carol, pool.lp)).toBe(carolBefore + byCarol.value + byAlice.value)
    expect(await g.balance(alice, pool.lp)).toBe(aliceBefore)
    await locks.propose(alice, id, bob.addr)
    await locks.accept(bob, id, alice.addr)
    expect((await locks.fees(id))!.collector).toBe(ZERO)
    await trade(pool, 1)
    await expectRejected(locks.claimFees(carol, id), 'ERR:NOT_COLLECTOR')
    const bobBefore = await g.balance(bob, pool.lp)
    const byBob = await locks.claimFees(bob, id)
    expect(await g.balance(bob, pool.lp)).toBe(bobBefore + byBob.value)
  })

  it('refuses a claim in a group holding a DEX flash loan, even of another pool settled before it (ERR:FLASH_IN_GROUP)', async () => {
    const g = grove()
    const now = await locks.now()
    const { value: id } = await locks.createLiquidity(alice, pool, 1_000_000n, now + 100n, now + 100n)
    await trade(pool, 1)
    const loan = 1_000_000n
    const { feeBps } = await g.pool(otherPool.a, otherPool.b)
    const start = await g.dex.params.flashLoan({ sender: alice.addr, args: { verifyOffset: 2n, a: otherPool.a, b: otherPool.b, feeBps, amountA: loan, amountB: 0n }, ...g.refs([[otherPool.a, otherPool.b]]), ...g.fee(1) })
    const repay = await g.input(alice, otherPool.a, loan + flashFee(loan, feeBps))
    const verify = await g.dex.params.verifyFlashLoan({ sender: alice.addr, args: { startOffset: 2n, a: otherPool.a, b: otherPool.b, feeBps }, ...g.refs([[otherPool.a, otherPool.b]]), ...g.fee(0) })
    const claim = await locks.client.params.claimFees(await locks.claimFeesCall(alice, id))
    await expectRejected(g.algorand.newGroup().addAppCallMethodCall(start).addTransaction(repay).addAppCallMethodCall(verify).addAppCallMethodCall(claim).send(), 'ERR:FLASH_IN_GROUP')
    expect((await locks.claimFees(alice, id)).value).toBeGreaterThan(0n)
  })

  it('weighs the level of a top-up: the new units enter at the level then, so they bring no earlier fee', async () => {
    const g = grove()
    const now = await locks.now()
    const { value: id } = await locks.createLiquidity(alice, pool, 2_000_000n, now + 500n, now + 500n)
    await trade(pool, 1)
    const entry = (await locks.fees(id))!.level
    const level = levelOf(await g.pool(pool.a, pool.b), true)
    const sent = await locks.topUp(alice, id, 3_000_000n)
    expect(sent.fees).toBe(1000n + 2000n)
    expect((await locks.fees(id))!.level).toBe((2_000_000n * entry + 3_000_000n * level + 5_000_000n - 1n) / 5_000_000n)
  })

  it('closes a withdrawn liquidity lock: all four boxes go and both deposits return to the creator', async () => {
    const g = grove()
    const now = await locks.now()
    const { value: id } = await locks.createLiquidity(alice, pool, 1000n, now + 5n, now + 5n)
    await locks.travel(10n)
    await locks.withdraw(alice, id)
    const before = await g.balance(alice, 0n)
    const sent = await locks.close(alice, id)
    expect(await g.balance(alice, 0n)).toBe(before + LOCK_BOXES_MBR + FEE_BOX_MBR - sent.fees)
    const names = await locks.boxNames()
    expect(names).not.toContain(hex(lockBoxName(id)))
    expect(names).not.toContain(hex(feeBoxName(id)))
  })
})

describe('split', () => {
  it("moves still-locked units into a new lock with the same terms, pool level and collector; neither part unlocks earlier", async () => {
    const now = await locks.now()
    const { value: id } = await locks.createLiquidity(alice, pool, 9_000_000n, now + 10n, now + 1010n)
    await locks.setCollector(alice, id, carol.addr)
    const t = await locks.travel(300n)
    const original = (await locks.lock(id))!
    const sent = await locks.split(alice, id, 4_000_000n)
    expect(sent.fees).toBe(2000n)
    const a = (await locks.lock(id))!
    const b = (await locks.lock(sent.value))!
    expect(b).toMatchObject({ owner: alice.addr.toString(), asset: pool.lp, amount: 4_000_000n, withdrawn: 0n, cliff: original.cliff, end: original.end, base: 0n, liquidity: 1n })
    expect(a.amount).toBe(original.amount - 4_000_000n)
    expect(await locks.fees(sent.value)).toMatchObject({ level: (await locks.fees(id))!.level, collector: carol.addr.toString(), claimed: 0n })
    expect(decodeEvents(locksSpec, sent.logs, 'Split')).toEqual([{ id, newId: sent.value, amount: 4_000_000n }])
    for (let s = t; s <= original.end + 1n; s += 37n) expect(vestedAt(a, s) + vestedAt(b, s)).toBeLessThanOrEqual(vestedAt(original, s))
  })

  it('refuses a split of more than is still locked (it would unlock early), of everything held, by another account, and with a short deposit', async () => {
    const now = await locks.now()
    const { value: id } = await locks.create(alice, token, 1_000_000n, now + 10n, now + 1010n)
    await locks.travel(510n)
    // about half has vested: only the locked half can move
    await expectRejected(locks.split(alice, id, 600_000n), 'ERR:SPLIT_AMOUNT')
    await expectRejected(locks.split(alice, id, 0n), 'ERR:SPLIT_AMOUNT')
    await expectRejected(locks.split(mallory, id, 1000n), 'ERR:NOT_OWNER')
    await expectRejected(locks.split(alice, id, 1000n, { mbr: LOCK_BOXES_MBR - 1n }), 'ERR:MBR')
    const { value: time } = await locks.create(alice, token, 1000n, now + 2000n, now + 2000n)
    await expectRejected(locks.split(alice, time, 1000n), 'ERR:SPLIT_AMOUNT')
  })
})

describe('merge', () => {
  it('joins a shorter time lock into a longer one: units summed, levels weighted, the merged-away boxes refunded to their creator', async () => {
    const g = grove()
    const now = await locks.now()
    const { value: into } = await locks.createLiquidity(alice, pool, 3_000_000n, now + 900n, now + 900n)
    await trade(pool, 1)
    const { value: from } = await locks.createLiquidity(alice, pool, 1_000_000n, now + 400n, now + 400n)
    const [la, lb] = [(await locks.fees(into))!.level, (await locks.fees(from))!.level]
    const before = await g.balance(alice, 0n)
    const sent = await locks.merge(alice, into, from)
    expect(sent.value).toBe(1_000_000n)
    expect(sent.fees).toBe(2000n)
    expect(await g.balance(alice, 0n)).toBe(before + LOCK_BOXES_MBR + FEE_BOX_MBR - 2000n)
    expect((await locks.lock(into))!.amount).toBe(4_000_000n)
    expect((await locks.fees(into))!.level).toBe((3_000_000n * la + 1_000_000n * lb + 4_000_000n - 1n) / 4_000_000n)
    expect(await locks.lock(from)).toBeUndefined()
    expect(await locks.fees(from)).toBeUndefined()
    expect(decodeEvents(locksSpec, sent.logs, 'Merged')).toEqual([{ into, from, amount: 1_000_000n, refund: LOCK_BOXES_MBR + FEE_BOX_MBR }])
  })

  it('refuses merges across assets (ERR:ASSET_MISMATCH) or owners (ERR:NOT_OWNER), of a lock with itself, and of schedules it could not keep exactly (ERR:SCHEDULE)', async () => {
    const now = await locks.now()
    const { value: a } = await locks.create(alice, token, 1000n, now + 500n, now + 500n)
    const { value: lpLock } = await locks.createLiquidity(alice, pool, 1000n, now + 500n, now + 500n)
    const { value: theirs } = await locks.create(mallory, token, 1000n, now + 100n, now + 100n)
    const { value: later } = await locks.create(alice, token, 1000n, now + 900n, now + 900n)
    const { value: vesting } = await locks.create(alice, token, 1000n, now + 10n, now + 400n)
    const before = await locks.snapshot([alice, mallory], [token, pool.lp])
    await expectRejected(locks.merge(alice, a, lpLock), 'ERR:ASSET_MISMATCH')
    await expectRejected(locks.merge(alice, a, theirs), 'ERR:NOT_OWNER')
    await expectRejected(locks.merge(mallory, theirs, a), 'ERR:NOT_OWNER')
    await expectRejected(locks.merge(alice, a, a), 'ERR:SAME_LOCK')
    // a time lock into one ending earlier would unlock its units early; a vesting lock cannot take a locked one
    await expectRejected(locks.merge(alice, a, later), 'ERR:SCHEDULE')
    await expectRejected(locks.merge(alice, vesting, a), 'ERR:SCHEDULE')
    expect(await locks.snapshot([alice, mallory], [token, pool.lp])).toEqual(before)
    // the later time lock takes the vesting one: every unit waits for its end
    await locks.merge(alice, later, vesting)
    expect((await locks.lock(later))!.amount).toBe(2000n)
  })
})

describe('the Team Finance pattern: one lock id with another lock’s asset', () => {
  it('pays a withdrawal in the lock’s own asset only: given another asset’s references it fails, moving nothing', async () => {
    const g = grove()
    const now = await locks.now()
    // Mallory's lock of the cheap token next to Alice's LP lock
    const { value: mine } = await locks.create(mallory, token, 100n, now + 5n, now + 5n)
    await locks.createLiquidity(alice, pool, 1_000_000n, now + 5n, now + 5n)
    await locks.travel(10n)
    const before = await locks.snapshot([mallory], [token, pool.lp])
    const call = locks.client.newGroup().withdraw({ sender: mallory.addr, args: { id: mine }, boxReferences: [lockBoxName(mine)], assetReferences: [pool.lp], accountReferences: [mallory.addr.toString()], staticFee: (await import('@algorandfoundation/algokit-utils/types/amount')).AlgoAmount.MicroAlgo(2000n) })
    await expect(call.send()).rejects.toThrow(/unavailable Asset|invalid Asset reference|logic eval error/)
    expect(await locks.snapshot([mallory], [token, pool.lp])).toEqual(before)
    // with its own asset it pays exactly its 100 units of the token
    expect((await locks.withdraw(mallory, mine)).value).toBe(100n)
    expect(await g.balance(mallory, pool.lp)).toBe(0n)
  })
})
