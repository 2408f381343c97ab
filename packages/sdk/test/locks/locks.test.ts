// The SDK's lock builders, its readers (a lock, listings by asset and owner) and errors against the Locks app on the localnet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import type { DexGroup } from '../../src/dex/transactions.ts'
import {
  buildAcceptOwner,
  buildClose,
  buildExtend,
  buildLock,
  buildProposeOwner,
  buildTopUp,
  buildWithdraw,
  decodeLockEvents,
  LOCK_MIN_BALANCE,
  LOCKS_SPEC,
  lockedTotals,
  lockIdOf,
  vestedAt,
} from '../../src/locks/index.ts'
import type { LocksGroup } from '../../src/locks/index.ts'
import type { GroveContext } from '../../src/core/context.ts'
import { locksContract } from '../../src/locks/module.ts'
import { startGrove, type Grove } from '../fixture.ts'

let g: Grove
let lockAppId: bigint
let ctx: GroveContext
const send = (group: LocksGroup) => g.send(group as unknown as DexGroup)

beforeAll(async () => {
  g = await startGrove()
  const created = await g.algorand.client.getAppFactory({ appSpec: LOCKS_SPEC, defaultSender: g.admin.addr }).send.create({ method: 'createApplication', args: [g.dexAppId] })
  lockAppId = created.appClient.appId
  await g.algorand.send.payment({ sender: g.admin.addr, receiver: created.appClient.appAddress, amount: microAlgo(100_000) })
  ctx = { algod: g.algod, ids: { ...g.ids, lockAppId }, sender: g.trader.addr, signer: g.trader.signer }
}, 120_000)

afterAll(async () => {
  await g?.stop()
})

/** The two locks the first test makes, in order. */
let ids: bigint[] = []

describe('locks through the SDK', () => {
  it('locks (opting the app in first), lists by asset and owner, withdraws what vestedAt promised for 2,000 µALGO', async () => {
    const asset = g.assets[0]!
    const now = await g.latestTimestamp()
    const group = await buildLock(ctx, { asset, amount: 1_000_000n, cliff: now, end: now + 100n, nonce: 1n })
    // the id is the sender's own (its nonce), known before sending
    expect(group.lockId).toBe(lockIdOf(g.trader.addr, 1n))
    // opt-in payment + optInAsset (with its inner) + minimum balance + deposit + lock
    expect(group.fee).toBe(1000n + 2000n + 1000n + 1000n + 1000n)
    const sent = await send(group)
    expect(sent.returns[sent.returns.length - 1]).toBe(group.lockId)
    expect(decodeLockEvents(sent.logs.flat()).map((e) => e.name)).toEqual(['Locked'])
    const secondGroup = await buildLock(ctx, { asset, amount: 5n, cliff: now + 50n, end: now + 50n })
    const second = await send(secondGroup)
    expect(second.returns).toHaveLength(1)
    ids = [group.lockId!, secondGroup.lockId!]
    const ascending = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0)
    expect((await locksContract.readers.byAsset(ctx, asset)).map((l) => l.id).sort(ascending)).toEqual([...ids].sort(ascending))
    expect((await locksContract.readers.byOwner(ctx, g.trader.addr)).map((l) => l.amount).sort(ascending)).toEqual([5n, 1_000_000n])
    expect(await locksContract.readers.byAsset(ctx, 0n)).toEqual([])

    const lock = (await locksContract.readers.lock(ctx, ids[0]!))!
    // 30 seconds later, and a block that carries the new time
    await g.algod.c.post({ relativePath: `/grove/v1/clock/offset/${30}`, data: null })
    await g.algorand.send.payment({ sender: g.admin.addr, receiver: g.admin.addr, amount: microAlgo(0), note: 'tick' })
    const t = await g.latestTimestamp()
    expect(vestedAt(lock, t)).toBeGreaterThan(0n)
    const withdraw = await buildWithdraw(ctx, lock)
    expect(withdraw.fee).toBe(2000n)
    const before = await g.balance(asset)
    const done = await send(withdraw)
    expect(done.returns[0]).toBe(vestedAt(lock, t))
    expect(await g.balance(asset)).toBe(before + vestedAt(lock, t))
    const totals = lockedTotals(await locksContract.readers.byAsset(ctx, asset), t)
    expect(totals.owed).toBe(1_000_005n - vestedAt(lock, t))
  })

  it('extends, tops up and transfers ownership', async () => {
    const lock = (await locksContract.readers.lock(ctx, ids[1]!))!
    await send(await buildExtend(ctx, lock.id, lock.end + 100n))
    await send(await buildTopUp(ctx, lock, 7n))
    expect(await locksContract.readers.lock(ctx, ids[1]!)).toMatchObject({ amount: 12n, cliff: lock.end + 100n, end: lock.end + 100n })
    const bob = g.algorand.account.random()
    await g.algorand.send.payment({ sender: g.admin.addr, receiver: bob.addr, amount: microAlgo(1_000_000) })
    await send(await buildProposeOwner(ctx, lock.id, bob.addr))
    await send(await buildAcceptOwner({ ...ctx, sender: bob.addr, signer: bob.signer }, lock))
    expect((await locksContract.readers.byOwner(ctx, bob.addr)).map((l) => l.id)).toEqual([ids[1]])
    expect((await locksContract.readers.byOwner(ctx, g.trader.addr)).map((l) => l.id)).toEqual([ids[0]])
  })

  it('has a sentence for every ERR:* the Locks app asserts with', () => {
    const codes = LOCKS_SPEC.sourceInfo!.approval.sourceInfo.map((s) => s.errorMessage).filter((m) => m?.startsWith('ERR:'))
    expect(codes.length).toBeGreaterThan(15)
    // each a sentence a person reads, not the bare code
    for (const code of codes) expect(locksContract.errors[code!], code).toMatch(/^[A-Z][^\s:]* \S.*\S$/)
  })

  it('explains a refusal in words', async () => {
    const error = await send(await buildWithdraw(ctx, { id: ids[1]!, asset: g.assets[0]! })).catch((e: unknown) => e)
    expect(locksContract.explain(error, ctx.ids)).toMatchObject({ code: 'ERR:NOT_OWNER', message: 'Only the lock’s owner can do this (or, to close it, the account that made it)' })
  })

  it('closes a fully withdrawn lock: its boxes go, the creator gets the deposit back, 2,000 µALGO', async () => {
    await g.algod.c.post({ relativePath: `/grove/v1/clock/offset/${200}`, data: null })
    await g.algorand.send.payment({ sender: g.admin.addr, receiver: g.admin.addr, amount: microAlgo(0), note: 'tick 2' })
    const lock = (await locksContract.readers.lock(ctx, ids[0]!))!
    expect(lock.creator).toBe(g.trader.addr.toString())
    const early = await send(await buildClose(ctx, lock)).catch((e: unknown) => e)
    expect(locksContract.explain(early, ctx.ids)).toMatchObject({ code: 'ERR:NOT_WITHDRAWN', message: 'Withdraw everything from the lock before closing it' })
    await send(await buildWithdraw(ctx, lock))
    const close = await buildClose(ctx, (await locksContract.readers.lock(ctx, ids[0]!))!)
    expect(close.fee).toBe(2000n)
    const before = await g.balance(0n)
    const closed = await send(close)
    expect(decodeLockEvents(closed.logs.flat())).toEqual([{ name: 'Closed', args: { id: ids[0], owner: g.trader.addr.toString(), creator: g.trader.addr.toString(), refund: LOCK_MIN_BALANCE } }])
    expect(await g.balance(0n)).toBe(before + LOCK_MIN_BALANCE - 2000n)
    expect(await locksContract.readers.lock(ctx, ids[0]!)).toBeUndefined()
    expect(await locksContract.readers.byOwner(ctx, g.trader.addr)).toEqual([])
    const again = await send(await buildClose(ctx, lock)).catch((e: unknown) => e)
    expect(locksContract.explain(again, ctx.ids)).toMatchObject({ code: 'ERR:NO_LOCK' })
  })
})
