// A lock of a Grove stable pool's LP units through the SDK on the localnet (issue 40): the lock action finds
// the pool from the Stable app's boxes, the claim pays exactly what claimFees predicts from the fee box and
// the stable pool's level (stablePoolLevel over the box the SDK reads), and each group's fee pays exactly the
// Stable app's op-ups the SDK counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import algosdk from 'algosdk'
import { claimFees, LOCKS_SPEC, prepareLockAction, stablePoolLevel } from '../../src/locks/index.ts'
import type { GroveContext } from '../../src/core/context.ts'
import { locksContract } from '../../src/locks/module.ts'
import { prepareAction } from '../../src/modules.ts'
import { stableContract } from '../../src/stable/module.ts'
import { STABLE_SPEC } from '../../src/stable/spec.ts'
import type { StablePoolState } from '../../src/stable/math.ts'
import { startGrove, type Grove } from '../fixture.ts'

const TIER = 5n
let g: Grove
let ctx: GroveContext
let a: bigint
let b: bigint
let lp: bigint
const pool = async (): Promise<StablePoolState> => (await stableContract.readers.pool(ctx, a, b, TIER))!

beforeAll(async () => {
  g = await startGrove()
  const factory = (spec: typeof STABLE_SPEC) => g.algorand.client.getAppFactory({ appSpec: spec, defaultSender: g.admin.addr })
  const stable = await factory(STABLE_SPEC).send.create({ method: 'createApplication', args: [g.registryAppId] })
  const locks = await factory(LOCKS_SPEC).send.create({ method: 'createApplication', args: [g.dexAppId] })
  await locks.appClient.send.call({ method: 'setStableApp', args: [stable.appClient.appId] })
  for (const app of [stable, locks]) await g.algorand.send.payment({ sender: g.admin.addr, receiver: app.appClient.appAddress, amount: microAlgo(100_000) })
  ctx = { ...g.ctx, ids: { ...g.ids, stablePoolsAppId: stable.appClient.appId, lockAppId: locks.appClient.appId } }
  // two 6-decimal coins of the trader's
  ;[a, b] = [g.assets[0]!, g.assets[3]!].sort((x, y) => (x < y ? -1 : 1))
  await g.send((await prepareAction('Stable', ctx, { kind: 'create-pool', a, b, feeBps: TIER, amp: 100n })) as never)
  lp = (await pool()).lpAsset
  await g.algorand.send.assetOptIn({ sender: g.trader.addr, assetId: lp })
  await g.send((await prepareAction('Stable', ctx, { kind: 'add', pool: await pool(), amountA: 1_000_000_000_000n, amountB: 1_000_000_000_000n, minLp: 0n })) as never)
}, 120_000)

afterAll(async () => {
  await g?.stop()
})

/** Sends a group and returns the inner app calls (op-ups and level reads, at any depth) its app calls made. */
async function innerCalls(group: { composer: algosdk.AtomicTransactionComposer }): Promise<number> {
  const txns = group.composer.buildGroup()
  await g.send(group as never)
  const count = (t: { txn: { txn: algosdk.Transaction }; innerTxns?: unknown[] }): number =>
    (t.txn.txn.type === algosdk.TransactionType.appl ? 1 : 0) + ((t.innerTxns ?? []) as (typeof t)[]).reduce((n, i) => n + count(i), 0)
  let n = 0
  for (const { txn } of txns.filter((t) => t.txn.type === algosdk.TransactionType.appl)) {
    const info = await g.algod.pendingTransactionInformation(txn.txID()).do()
    n += ((info.innerTxns ?? []) as unknown as Parameters<typeof count>[0][]).reduce((k, i) => k + count(i), 0)
  }
  return n
}

describe('a stable pool’s LP lock through the SDK', () => {
  it('locks with the pool found from the Stable app, claims exactly claimFees over stablePoolLevel after swaps, with the op-ups the fee stated; a second claim finds nothing', async () => {
    const now = await g.latestTimestamp()
    const locked = await prepareLockAction(ctx, { kind: 'lock', asset: lp, amount: 10_000_000_000n, cliff: now + 1000n, end: now + 4000n })
    const entry = stablePoolLevel(await pool(), 'entry', await g.latestTimestamp())
    await g.send(locked)
    const id = locked.lockId!
    const lock0 = (await locksContract.readers.lock(ctx, id))!
    expect(lock0).toMatchObject({ liquidity: true, stable: true })
    expect(await locksContract.readers.fees(ctx, id)).toMatchObject({ a, b, tier: TIER, level: entry.level, claimed: 0n })

    for (const [from, amount] of [[a, 20_000_000_000n], [b, 20_000_000_000n], [a, 5_000_000_000n]] as const) {
      await g.send((await prepareAction('Stable', ctx, { kind: 'swap', pool: await pool(), assetIn: from, amountIn: amount, minOut: 1n })) as never)
    }
    const lock = (await locksContract.readers.lock(ctx, id))!
    const fees = (await locksContract.readers.fees(ctx, id))!
    const t = await g.latestTimestamp()
    const now2 = stablePoolLevel(await pool(), 'now', t)
    const predicted = claimFees(lock, fees.level, now2.level, t)
    expect(predicted.units).toBeGreaterThan(0n)
    // units × (1 − ℓ_entry/ℓ_now), each part rounded in the pool's favour
    const exact = (lock.amount * (now2.level - fees.level)) / now2.level
    expect(exact - predicted.units).toBeGreaterThanOrEqual(0n)
    expect(exact - predicted.units).toBeLessThanOrEqual(2n)
    const group = await prepareLockAction(ctx, { kind: 'claim-fees', lock, fees })
    // the call, getLevel and its op-ups, the transfer
    expect(group.fee).toBe(1000n * BigInt(3 + now2.opUps))
    const before = await g.balance(lp)
    expect(await innerCalls(group)).toBe(1 + now2.opUps)
    expect((await g.balance(lp)) - before).toBe(predicted.units)
    const after = (await locksContract.readers.lock(ctx, id))!
    expect(after).toEqual(predicted.after)
    // the principal left is worth at least what was locked, in D per LP unit
    expect((after.amount - after.withdrawn) * now2.level).toBeGreaterThanOrEqual(lock.amount * fees.level)
    const again = claimFees(after, (await locksContract.readers.fees(ctx, id))!.level, stablePoolLevel(await pool(), 'now', await g.latestTimestamp()).level, await g.latestTimestamp())
    expect(again.units).toBe(0n)
    await expect(g.send(await prepareLockAction(ctx, { kind: 'claim-fees', lock: after, fees: (await locksContract.readers.fees(ctx, id))! }))).rejects.toThrow(/logic eval error/)
  })
})
