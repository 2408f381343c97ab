// The SDK's liquidity-lock actions against the Locks app on the localnet (issue 40): a lock of LP tokens
// goes through lockLiquidity on its own (the pool found from the DEX's boxes), claim-fees sends what the
// SDK's claimFees predicted from the fee box and the pool, split and merge leave what splitLock and
// mergeLocks say, and each group's fee is the one the builder stated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import { firstAddMinLp } from '../../src/dex/amm.ts'
import { bestRouteExactIn } from '../../src/dex/route.ts'
import { claimFees, LOCK_FEES_MIN_BALANCE, LOCK_MIN_BALANCE, LOCKS_SPEC, mergeLocks, poolLevel, prepareLockAction, splitLock } from '../../src/locks/index.ts'
import type { GroveContext } from '../../src/core/context.ts'
import { locksContract } from '../../src/locks/module.ts'
import { prepareAction } from '../../src/modules.ts'
import { startGrove, type Grove } from '../fixture.ts'

let g: Grove
let ctx: GroveContext
let X: bigint
let lp: bigint

const tick = async (seconds: number, note: string) => {
  await g.algod.c.post({ relativePath: `/grove/v1/clock/offset/${seconds}`, data: null })
  await g.algorand.send.payment({ sender: g.admin.addr, receiver: g.admin.addr, amount: microAlgo(0), note })
}

beforeAll(async () => {
  g = await startGrove()
  const created = await g.algorand.client.getAppFactory({ appSpec: LOCKS_SPEC, defaultSender: g.admin.addr }).send.create({ method: 'createApplication', args: [g.dexAppId] })
  await g.algorand.send.payment({ sender: g.admin.addr, receiver: created.appClient.appAddress, amount: microAlgo(100_000) })
  ctx = { algod: g.algod, ids: { ...g.ids, lockAppId: created.appClient.appId }, sender: g.trader.addr, signer: g.trader.signer }
  X = g.assets[0]!
  await g.send((await prepareAction('Dex', ctx, { kind: 'create-pool', a: X, b: 0n })) as never)
  const empty = await g.pool(0n, X)
  await g.send((await prepareAction('Dex', ctx, { kind: 'add', pool: empty, amountA: 100_000_000n, amountB: 100_000_000n, minLp: firstAddMinLp(100_000_000n, 100_000_000n, 50n) })) as never)
  lp = (await g.pool(0n, X)).lpAsset
}, 120_000)

afterAll(async () => {
  await g?.stop()
})

async function swapBackAndForth(): Promise<void> {
  for (const [from, to] of [[0n, X], [X, 0n]] as const) {
    const route = bestRouteExactIn([await g.pool(0n, X)], from, to, 10_000_000n)!
    await g.send((await prepareAction('Dex', ctx, { kind: 'swap', route, limit: 1n })) as never)
  }
}

describe('liquidity locks through the SDK', () => {
  let id: bigint
  let other: bigint

  it('locks LP tokens through lockLiquidity, finding the pool, with both boxes’ deposits', async () => {
    const now = await g.latestTimestamp()
    const group = await prepareLockAction(ctx, { kind: 'lock', asset: lp, amount: 5_000_000n, cliff: now + 2000n, end: now + 2000n })
    // opt-in payment + optInAsset and its inner + the boxes' payment + the deposit + lockLiquidity and its getPool
    expect(group.fee).toBe(1000n + 2000n + 1000n + 1000n + 2000n)
    const before = await g.balance(0n)
    await g.send(group)
    expect(before - (await g.balance(0n))).toBe(group.fee + 100_000n + LOCK_MIN_BALANCE + LOCK_FEES_MIN_BALANCE)
    id = group.lockId!
    expect(await locksContract.readers.fees(ctx, id)).toMatchObject({ a: 0n, b: X, tier: 30n, level: poolLevel(await g.pool(0n, X), 'entry'), collector: undefined, claimed: 0n })
    const second = await prepareLockAction(ctx, { kind: 'lock', asset: lp, amount: 1_000_000n, cliff: now + 500n, end: now + 500n })
    await g.send(second)
    other = second.lockId!
  })

  it('claims what claimFees predicted from the fee box and the pool, for 3,000 µALGO', async () => {
    await swapBackAndForth()
    const lock = (await locksContract.readers.lock(ctx, id))!
    const fees = (await locksContract.readers.fees(ctx, id))!
    const t = await g.latestTimestamp()
    const predicted = claimFees(lock, fees.level, poolLevel(await g.pool(0n, X), 'now'), t)
    expect(predicted.units).toBeGreaterThan(0n)
    const group = await prepareLockAction(ctx, { kind: 'claim-fees', lock, fees })
    expect(group.fee).toBe(3000n)
    const before = await g.balance(lp)
    const sent = await g.send(group)
    expect(sent.returns[0]).toBe(predicted.units)
    expect((await g.balance(lp)) - before).toBe(predicted.units)
    expect(await locksContract.readers.lock(ctx, id)).toEqual(predicted.after)
  })

  it('splits and merges as splitLock and mergeLocks say, each for 2,000 µALGO', async () => {
    await tick(10, 'split')
    const lock = (await locksContract.readers.lock(ctx, id))!
    const t = await g.latestTimestamp()
    const expected = splitLock(lock, 1_000_000n, t)
    if ('error' in expected) throw new Error(expected.error)
    const split = await prepareLockAction(ctx, { kind: 'split', lock, amount: 1_000_000n })
    expect(split.fee).toBe(2000n)
    await g.send(split)
    expect(await locksContract.readers.lock(ctx, id)).toMatchObject({ amount: expected.kept.amount, base: expected.kept.base })
    expect(await locksContract.readers.lock(ctx, split.lockId!)).toMatchObject({ amount: 1_000_000n, end: lock.end })
    expect((await locksContract.readers.fees(ctx, split.lockId!))!.level).toBe((await locksContract.readers.fees(ctx, id))!.level)

    const into = (await locksContract.readers.lock(ctx, id))!
    const from = (await locksContract.readers.lock(ctx, other))!
    const merged = mergeLocks(into, from, await g.latestTimestamp())
    if ('error' in merged) throw new Error(merged.error)
    const merge = await prepareLockAction(ctx, { kind: 'merge', into, from })
    expect(merge.fee).toBe(2000n)
    await g.send(merge)
    expect((await locksContract.readers.lock(ctx, id))!.amount).toBe(merged.amount)
    expect(await locksContract.readers.lock(ctx, other)).toBeUndefined()
  })

  it('names a collector, whom the next claim pays', async () => {
    const collector = g.algorand.account.random()
    await g.algorand.send.payment({ sender: g.admin.addr, receiver: collector.addr, amount: microAlgo(1_000_000) })
    await g.algorand.send.assetOptIn({ sender: collector.addr, signer: collector.signer, assetId: lp })
    const lock = (await locksContract.readers.lock(ctx, id))!
    await g.send(await prepareLockAction(ctx, { kind: 'set-collector', lock, collector: collector.addr.toString() }))
    const fees = (await locksContract.readers.fees(ctx, id))!
    expect(fees.collector).toBe(collector.addr.toString())
    await swapBackAndForth()
    const sent = await g.send(await prepareLockAction(ctx, { kind: 'claim-fees', lock: (await locksContract.readers.lock(ctx, id))!, fees }))
    expect(await g.balance(lp, collector.addr)).toBe(sent.returns[0])
  })
})
