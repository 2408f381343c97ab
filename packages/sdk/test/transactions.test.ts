// The shape of each built group: order, fees, references, opt-ins and budget calls, on the localnet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignedTransaction, decodeMsgpack, encodeUnsignedSimulateTransaction, getApplicationAddress, modelsv2 } from 'algosdk'
import type { ABIMethod, Transaction } from 'algosdk'
import { GroupBuilder } from '../src/core/group.ts'
import { bestRouteExactIn, bestRouteExactOut, type Route } from '../src/dex/route.ts'
import { dexCall } from '../src/dex/spec.ts'
import { buildSwap, swapFee } from '../src/dex/swap.ts'
import { firstAddMinLp } from '../src/dex/amm.ts'
import type { Pool } from '../src/dex/amm.ts'
import { poolBoxName } from '../src/dex/pool-state.ts'
import {
  ASSET_MIN_BALANCE,
  POOL_BOX_MIN_BALANCE,
  poolBoxMinBalance,
  buildAddLiquidity,
  buildCreatePool,
  buildRemoveLiquidity,
  buildSwapExactIn,
  buildSwapExactOut,
  buildSwapRoute,
  buildZap,
  missingOptIns,
  poolCreationCost,
} from '../src/dex/transactions.ts'
import type { DexGroup } from '../src/dex/transactions.ts'
import { startGrove } from './fixture.ts'
import type { Grove } from './fixture.ts'

let grove: Grove
let X: bigint, Y: bigint
let algoX: Pool, xy: Pool

const txns = (g: DexGroup): Transaction[] => g.composer.buildGroup().map((t) => t.txn)
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

beforeAll(async () => {
  grove = await startGrove()
  ;[X, Y] = grove.assets as [bigint, bigint]
  await grove.send(await buildCreatePool(grove.ctx, 0n, X))
  await grove.send(await buildCreatePool(grove.ctx, X, Y))
  await grove.send(await buildAddLiquidity(grove.ctx, await grove.pool(0n, X), 10_000_000_000n, 20_000_000_000n, firstAddMinLp(10_000_000_000n, 20_000_000_000n, 50n)))
  await grove.send(await buildAddLiquidity(grove.ctx, await grove.pool(X, Y), 20_000_000_000n, 30_000n, firstAddMinLp(20_000_000_000n, 30_000n, 50n)))
  algoX = await grove.pool(0n, X)
  xy = await grove.pool(X, Y)
}, 120_000)

afterAll(async () => {
  await grove?.stop()
})

describe('lookups', () => {
  it('lists only the assets an account still has to opt into, never ALGO', async () => {
    const fresh = grove.algorand.account.random()
    await grove.algorand.send.payment({ sender: grove.trader.addr, receiver: fresh.addr, amount: (1).algo() })
    expect(await missingOptIns(grove.algod, fresh.addr, [0n, X, X, Y])).toEqual([X, Y])
    expect(await missingOptIns(grove.algod, grove.trader.addr, [0n, X, Y])).toEqual([])
  })

  it('prices a new pool: its box, its LP token and each asset the app does not hold yet', async () => {
    const [, , Z] = grove.assets as [bigint, bigint, bigint]
    expect(await poolCreationCost(grove.algod, grove.dexAppId, X, Z)).toEqual({ minBalance: POOL_BOX_MIN_BALANCE + 2n * ASSET_MIN_BALANCE, optIns: 1 })
    expect(await poolCreationCost(grove.algod, grove.dexAppId, 0n, Y)).toEqual({ minBalance: POOL_BOX_MIN_BALANCE + ASSET_MIN_BALANCE, optIns: 0 })
  })
})

describe('group shapes', () => {
  it('puts a swap’s deposit right before its app call, with the box, output asset and registry referenced', async () => {
    const g = await buildSwapExactIn(grove.ctx, 0n, X, 1_000_000n, 1n)
    const [pay, call] = txns(g)
    expect(pay!.type).toBe('pay')
    expect(pay!.payment!.receiver.toString()).toBe(getApplicationAddress(grove.dexAppId).toString())
    expect(pay!.payment!.amount).toBe(1_000_000n)
    expect(call!.applicationCall!.boxes.map((b) => hex(b.name))).toEqual([hex(poolBoxName(0n, X))])
    expect(call!.applicationCall!.foreignAssets).toEqual([X])
    expect(call!.applicationCall!.foreignApps).toEqual([grove.registryAppId])
    expect([pay!.fee, call!.fee]).toEqual([1000n, 2000n])
    expect(g).toMatchObject({ fee: 3000n, optIns: [], budgetCalls: 0 })
  })

  it('pays for the refund on an exact-out swap', async () => {
    const g = await buildSwapExactOut(grove.ctx, X, 0n, 1_000n, 10_000n)
    expect(txns(g).map((t) => [t.type, t.fee])).toEqual([
      ['axfer', 1000n],
      ['appl', 3000n],
    ])
  })

  it('opts the sender into an output asset it does not hold, first', async () => {
    const fresh = grove.algorand.account.random()
    await grove.algorand.send.payment({ sender: grove.trader.addr, receiver: fresh.addr, amount: (10).algo() })
    const g = await buildSwapExactIn({ ...grove.ctx, sender: fresh.addr, signer: fresh.signer }, 0n, X, 1_000_000n, 1n)
    const [optIn, pay, call] = txns(g)
    expect(optIn!.type).toBe('axfer')
    expect(optIn!.assetTransfer).toMatchObject({ assetIndex: X, amount: 0n })
    expect(optIn!.assetTransfer!.receiver.toString()).toBe(fresh.addr.toString())
    expect([pay!.type, call!.type]).toEqual(['pay', 'appl'])
    expect(g).toMatchObject({ optIns: [X], fee: 4000n })
    const { returns } = await grove.send(g)
    expect(await grove.balance(X, fresh.addr)).toBe(returns[0])
  })

  it('skips the opt-in lookup for assets the caller says the sender holds', async () => {
    const fresh = grove.algorand.account.random()
    const g = await buildSwapExactIn({ ...grove.ctx, sender: fresh.addr, signer: fresh.signer, heldAssets: [X] }, 0n, X, 1_000_000n, 1n)
    expect(g.optIns).toEqual([])
  })

  it('sends both deposits of an add in pool order and references the LP token', async () => {
    const g = await buildAddLiquidity(grove.ctx, xy, 1_000_000n, 10n, 0n)
    const [inA, inB, call] = txns(g)
    expect([inA!.assetTransfer!.assetIndex, inB!.assetTransfer!.assetIndex]).toEqual([X, Y])
    expect(call!.applicationCall!.foreignAssets).toEqual([xy.lpAsset, X, Y])
    expect(call!.fee).toBe(3000n)
  })

  it('pays for one inner transaction on a first add and two on later adds', async () => {
    const empty = { ...algoX, reserveA: 0n, reserveB: 0n, lpIssued: 0n }
    expect(txns(await buildAddLiquidity(grove.ctx, empty, 2_000_000n, 2_000_000n, firstAddMinLp(2_000_000n, 2_000_000n, 50n))).at(-1)!.fee).toBe(2000n)
    expect(txns(await buildAddLiquidity(grove.ctx, algoX, 2_000_000n, 2_000_000n, 0n)).at(-1)!.fee).toBe(3000n)
  })

  it('sends the LP token back on a remove and pays for both outputs', async () => {
    const g = await buildRemoveLiquidity(grove.ctx, xy, 1_000n, 0n, 0n)
    const [lp, call] = txns(g)
    expect(lp!.assetTransfer).toMatchObject({ assetIndex: xy.lpAsset, amount: 1_000n })
    expect(call!.fee).toBe(3000n)
    expect(call!.applicationCall!.foreignApps).toEqual([])
  })

  it('adds budget calls, each with its own note, until the group’s pooled budget covers a zap or a route', async () => {
    for (const g of [await buildZap(grove.ctx, xy, X, 5_000_000n, 2_500_000n, 0n), await buildSwapRoute(grove.ctx, 0n, [X, Y], 5_000_000n, 0n)]) {
      const all = txns(g)
      const extra = all.slice(all.length - g.budgetCalls)
      expect(extra.every((t) => t.type === 'appl' && t.fee === 1000n)).toBe(true)
      expect(new Set(extra.map((t) => hex(t.note))).size).toBe(g.budgetCalls)
      expect(g.fee).toBe(all.reduce((sum, t) => sum + t.fee, 0n))
      const request = new modelsv2.SimulateRequest({
        txnGroups: [new modelsv2.SimulateRequestTransactionGroup({ txns: all.map((t) => decodeMsgpack(encodeUnsignedSimulateTransaction(t), SignedTransaction)) })],
        allowEmptySignatures: true,
      })
      const simulated = (await grove.algod.simulateTransactions(request).do()).txnGroups[0]!
      expect(simulated.failureMessage).toBeUndefined()
      expect(Number(simulated.appBudgetConsumed)).toBeLessThanOrEqual(700 * all.filter((t) => t.type === 'appl').length)
      await grove.send(g)
    }
  })

  it('references every pool of a route and only its final output asset', async () => {
    const g = await buildSwapRoute(grove.ctx, 0n, [X, Y], 1_000_000n, 0n)
    const call = txns(g)[1]!
    expect(call.applicationCall!.boxes.map((b) => hex(b.name))).toEqual([hex(poolBoxName(0n, X)), hex(poolBoxName(X, Y))])
    expect(call.applicationCall!.foreignAssets).toEqual([Y])
  })

  it('creates a pool with an exact minimum-balance payment and a fee for each inner transaction', async () => {
    const [, , Z] = grove.assets as [bigint, bigint, bigint]
    const g = await buildCreatePool(grove.ctx, Z, X)
    const [mbr, call] = txns(g)
    expect(mbr!.payment!.amount).toBe(POOL_BOX_MIN_BALANCE + 2n * ASSET_MIN_BALANCE)
    // The LP token's creation and the app's opt-in to Z.
    expect(call!.fee).toBe(3000n)
    // the pair, then the fee tier (30 bps by default); the menu's box is referenced beside the pool's
    expect(call!.applicationCall!.appArgs.slice(1).map(hex)).toEqual([X, Z, 30n].map((v) => v.toString(16).padStart(16, '0')))
    expect(call!.applicationCall!.boxes.map((b) => b.name.length)).toEqual([17, 1])
  })

  it('creates a pool in another fee tier at its longer box key, paying that box', async () => {
    const [, , Z] = grove.assets as [bigint, bigint, bigint]
    const g = await buildCreatePool(grove.ctx, Z, X, 5n)
    const [mbr, call] = txns(g)
    expect(mbr!.payment!.amount).toBe(poolBoxMinBalance(5n) + ASSET_MIN_BALANCE * BigInt(1 + (await missingOptIns(grove.algod, getApplicationAddress(grove.dexAppId), [X, Z])).length))
    expect(poolBoxMinBalance(5n) - POOL_BOX_MIN_BALANCE).toBe(400n * 8n)
    expect(call!.applicationCall!.boxes.map((b) => b.name.length)).toEqual([25, 1])
    expect(hex(call!.applicationCall!.appArgs[3]!)).toBe((5n).toString(16).padStart(16, '0'))
  })
})

describe('buildSwap and swapFee', () => {
  // one route per method: exact in one hop and routed, exact out one hop and routed
  const cases: [string, () => Route, string, bigint][] = [
    ['one hop exact in', () => bestRouteExactIn([algoX, xy], 0n, X, 1_000_000n)!, 'swapExactIn', 3_000n],
    ['two hops exact in', () => bestRouteExactIn([algoX, xy], 0n, Y, 1_000_000n)!, 'swapRoute', 3_000n],
    ['one hop exact out', () => bestRouteExactOut([algoX, xy], 0n, X, 1_000_000n)!, 'swapExactOut', 4_000n],
    ['two hops exact out', () => bestRouteExactOut([algoX, xy], 0n, Y, 10n)!, 'swapRouteExactOut', 4_000n],
  ]
  it.each(cases)('sends %s as %s, paying what swapFee says', async (_name, route, method, fee) => {
    const r = route()
    const g = await buildSwap({ ...grove.ctx, coverBudget: false }, r, r.exactOut === undefined ? 1n : r.amountIn * 2n)
    const calls = (g.composer as unknown as { methodCalls: Map<number, ABIMethod> }).methodCalls
    expect([...calls.values()].map((m) => m.name)).toEqual([method])
    expect(swapFee(r)).toBe(fee)
    expect(g.fee).toBe(fee)
  })
})

describe('GroupBuilder', () => {
  it('chains transfers and a method call into one group with exact fees, then sends it', async () => {
    const receiver = grove.algorand.account.random()
    const group = await GroupBuilder.create({ algod: grove.algod, sender: grove.trader.addr, signer: grove.trader.signer, note: 'builder test' })
    const built = await group
      .addTransfer(receiver.addr, 0n, 200_000n)
      .addMethodCall({ appId: grove.dexAppId, ...dexCall('getPool', [0n, X, 30n]), boxes: [poolBoxName(0n, X)] })
      .build()
    expect(built.transactions.map((t) => t.type)).toEqual(['pay', 'appl'])
    expect(built.fee).toBe(2_000n)
    // each transaction's note is the context's stem and its place: no two of a group alike
    expect(built.transactions.map((t) => new TextDecoder().decode(t.note))).toEqual(['builder test#0', 'builder test#1'])
    const sent = await group.send()
    expect(sent.txIds).toHaveLength(2)
    expect(sent.confirmedRound).toBeGreaterThan(0n)
    expect(await grove.balance(0n, receiver.addr)).toBe(200_000n)
  })
})
