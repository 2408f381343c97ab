// The SDK's math and builders against the real contract on the embedded localnet: every quote the
// SDK makes must equal what the contract's readonly methods say and what a real transaction does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import type { AppClient } from '@algorandfoundation/algokit-utils/types/app-client'
import { accrue, addLiquidity, firstAddMinLp, quoteExactIn, quoteExactOut, removeLiquidity, zap } from '../src/dex/amm.ts'
import type { Pool } from '../src/dex/amm.ts'
import { DEX_SPEC } from '../src/dex/spec.ts'
import { explainError, grovePrograms } from '../src/index.ts'
import { decodeDexEvents } from '../src/dex/events.ts'
import { dexContract } from '../src/dex/module.ts'
import { bestRouteExactIn, bestRouteExactOut } from '../src/dex/route.ts'
import {
  buildAddLiquidity,
  buildCollectFees,
  buildCreatePool,
  buildRemoveLiquidity,
  buildSwapExactIn,
  buildSwapExactOut,
  buildSwapRoute,
  buildZap,
  missingOptIns,
  poolCreationCost,
} from '../src/dex/transactions.ts'
import { buildRouteSwap, buildSwap } from '../src/dex/swap.ts'
import { startGrove } from './fixture.ts'
import type { Grove } from './fixture.ts'

let grove: Grove
let dex: AppClient
let USDC: bigint, WHOLE: bigint, FINE: bigint, GEM: bigint

beforeAll(async () => {
  grove = await startGrove()
  ;[USDC, WHOLE, FINE, GEM] = grove.assets as [bigint, bigint, bigint, bigint]
  dex = grove.algorand.client.getAppClientById({ appSpec: DEX_SPEC, appId: grove.dexAppId, defaultSender: grove.trader.addr })
}, 120_000)

afterAll(async () => {
  await grove?.stop()
})

/** The pool after an action, as the SDK predicts it: accrued to the block's time, then `step`. */
async function expectPool(before: Pool, step: (p: Pool) => { ok: true; pool: Pool } | { ok: false }): Promise<Pool> {
  const after = await grove.pool(before.a, before.b)
  const predicted = step(accrue(before, after.lastUpdate))
  expect(predicted.ok).toBe(true)
  if (predicted.ok) expect(after).toEqual(predicted.pool)
  return after
}

const readonly = async (method: string, args: unknown[]) => (await dex.send.call({ method, args: args as never })).return as bigint

describe('pool creation', () => {
  it.each([
    ['ALGO/USDC', () => [0n, USDC]],
    ['USDC/WHOLE', () => [USDC, WHOLE]],
    ['WHOLE/FINE', () => [WHOLE, FINE]],
    ['FINE/GEM', () => [FINE, GEM]],
    ['USDC/GEM', () => [GEM, USDC]],
  ] as const)('creates %s paying exactly the minimum-balance increase, the fee for its inner transactions', async (_name, pair) => {
    const [x, y] = pair()
    const cost = await poolCreationCost(grove.algod, grove.dexAppId, x < y ? x : y, x < y ? y : x)
    const before = await grove.balance(0n)
    const group = await buildCreatePool(grove.ctx, x, y)
    // The payment plus an app call paying for itself, the LP token's creation and the app's opt-ins.
    expect(group.fee).toBe(1000n * BigInt(3 + cost.optIns + group.budgetCalls))
    const { returns } = await grove.send(group)
    const pool = await grove.pool(x, y)
    expect(returns[0]).toBe(pool.lpAsset)
    expect(pool).toMatchObject({ reserveA: 0n, reserveB: 0n, lpIssued: 0n, feeBps: 30n, protocolFeeDivisor: 6n })
    expect(await grove.balance(0n)).toBe(before - cost.minBalance - group.fee)
  })

  it('rejects creating an existing pool with ERR:POOL_EXISTS, explained', async () => {
    const error = await grove.send(await buildCreatePool(grove.ctx, USDC, 0n)).catch((e: unknown) => e)
    expect(explainError(error, grovePrograms())).toMatchObject({ kind: 'contract', code: 'ERR:POOL_EXISTS', message: 'This pair already has a pool in this fee tier' })
  })
})

describe('liquidity', () => {
  it.each([
    ['ALGO/USDC', () => [0n, USDC, 5_000_000_000n, 10_000_000_000n]],
    ['USDC/WHOLE', () => [USDC, WHOLE, 3_000_000_000n, 1_234_567n]],
    ['WHOLE/FINE', () => [WHOLE, FINE, 1_000_000n, 12n * 10n ** 18n]],
    ['FINE/GEM', () => [FINE, GEM, 5n * 10n ** 18n, 77_000_000n]],
    ['USDC/GEM', () => [USDC, GEM, 2_000_000_000n, 2_000_000_000n]],
  ] as const)('first add to %s mints ⌊√(a·b)⌋ − 1000, opting into the LP token', async (_name, args) => {
    const [a, b, amountA, amountB] = args()
    const before = await grove.pool(a, b)
    expect(await missingOptIns(grove.algod, grove.trader.addr, [before.lpAsset])).toEqual([before.lpAsset])
    const group = await buildAddLiquidity(grove.ctx, before, amountA, amountB, firstAddMinLp(amountA, amountB, 0n))
    expect(group.optIns).toEqual([before.lpAsset])
    const q = addLiquidity(before, amountA, amountB)
    const { returns } = await grove.send(group)
    expect(q.ok && returns[0]).toBe(q.ok && q.lp)
    await expectPool(before, (p) => addLiquidity(p, amountA, amountB))
    expect(await grove.balance(before.lpAsset)).toBe(q.ok && q.lp)
  })

  it.each([
    ['more A than the ratio', 1_000_003n, 1_000_000n],
    ['more B than the ratio', 1_000_000n, 3_000_001n],
    ['one unit each', 1n, 3n],
  ])('later add with %s refunds the excess as the SDK says', async (_name, amountA, amountB) => {
    const before = await grove.pool(0n, USDC)
    const q = addLiquidity(before, amountA, amountB)
    if (!q.ok) return expect(q.error).toBe('zero-lp')
    const algoBefore = await grove.balance(0n)
    const usdcBefore = await grove.balance(USDC)
    const group = await buildAddLiquidity(grove.ctx, before, amountA, amountB, q.lp)
    const { returns, logs } = await grove.send(group)
    expect(returns[0]).toBe(q.lp)
    await expectPool(before, (p) => addLiquidity(p, amountA, amountB))
    expect(await grove.balance(0n)).toBe(algoBefore - q.usedA - group.fee)
    expect(await grove.balance(USDC)).toBe(usdcBefore - q.usedB)
    expect(decodeDexEvents(logs[0]!)).toEqual([
      { name: 'LiquidityAdded', args: { a: 0n, b: USDC, feeBps: 30n, amountA: q.usedA, amountB: q.usedB, lp: q.lp, provider: grove.trader.addr.toString() } },
    ])
  })

  it('rejects a later add below minLp with ERR:SLIPPAGE', async () => {
    const before = await grove.pool(0n, USDC)
    const q = addLiquidity(before, 1_000_000n, 2_000_000n)
    const error = await grove.send(await buildAddLiquidity(grove.ctx, before, 1_000_000n, 2_000_000n, (q.ok ? q.lp : 0n) + 1n)).catch((e: unknown) => e)
    expect(explainError(error, grovePrograms())).toMatchObject({ code: 'ERR:SLIPPAGE' })
    expect(await grove.pool(0n, USDC)).toEqual(before)
  })

  it.each([
    ['ALGO into ALGO/USDC', () => [0n, USDC, 0n, 12_345_678n]],
    ['USDC into ALGO/USDC', () => [0n, USDC, USDC, 999_999n]],
    ['FINE into WHOLE/FINE', () => [WHOLE, FINE, FINE, 10n ** 17n]],
  ] as const)('zaps %s with the SDK’s swap amount, minting what it predicts', async (_name, args) => {
    const [a, b, assetIn, amount] = args()
    const before = await grove.pool(a, b)
    const q = zap(before, assetIn, amount)
    expect(q.ok).toBe(true)
    if (!q.ok) return
    const { returns } = await grove.send(await buildZap(grove.ctx, before, assetIn, amount, q.swapAmount, q.lp))
    expect(returns[0]).toBe(q.lp)
    await expectPool(before, (p) => zap(p, assetIn, amount))
  })

  it('removes a third of the trader’s LP pro rata', async () => {
    const before = await grove.pool(USDC, WHOLE)
    const lp = (await grove.balance(before.lpAsset)) / 3n
    const q = removeLiquidity(before, lp)
    expect(q.ok).toBe(true)
    if (!q.ok) return
    const { returns, logs } = await grove.send(await buildRemoveLiquidity(grove.ctx, before, lp, q.amountA, q.amountB))
    expect(returns[0]).toEqual([q.amountA, q.amountB])
    await expectPool(before, (p) => removeLiquidity(p, lp))
    expect(decodeDexEvents(logs[0]!)[0]).toMatchObject({ name: 'LiquidityRemoved', args: { amountA: q.amountA, amountB: q.amountB, lp } })
  })

  it('rejects removing more than the minimum allows with ERR:SLIPPAGE, moving nothing', async () => {
    const before = await grove.pool(USDC, WHOLE)
    const q = removeLiquidity(before, 1_000_000n)
    const error = await grove.send(await buildRemoveLiquidity(grove.ctx, before, 1_000_000n, q.ok ? q.amountA + 1n : 0n, 0n)).catch((e: unknown) => e)
    expect(explainError(error, grovePrograms())).toMatchObject({ code: 'ERR:SLIPPAGE' })
    expect(await grove.pool(USDC, WHOLE)).toEqual(before)
  })
})

describe('swaps', () => {
  const exactIn: [string, () => [bigint, bigint, bigint]][] = [
    ['2 µALGO for USDC', () => [0n, USDC, 2n]],
    ['1 ALGO for USDC', () => [0n, USDC, 1_000_000n]],
    ['1,000 USDC for ALGO', () => [USDC, 0n, 1_000_000_000n]],
    ['3 WHOLE for FINE', () => [WHOLE, FINE, 3n]],
    ['FINE for WHOLE', () => [FINE, WHOLE, 10n ** 16n]],
    ['half the pool of GEM for FINE', () => [GEM, FINE, 38_500_000n]],
  ]
  it.each(exactIn)('swaps %s exact in: quote, readonly quote, return, event and pool agree', async (_name, args) => {
    const [assetIn, assetOut, amountIn] = args()
    const before = await grove.pool(assetIn, assetOut)
    const q = quoteExactIn(before, assetIn, amountIn)
    expect(q.ok).toBe(true)
    if (!q.ok) return
    expect(await readonly('quoteExactIn', [assetIn, assetOut, 30n, amountIn])).toBe(q.amountOut)
    const group = await buildSwapExactIn(grove.ctx, assetIn, assetOut, amountIn, q.amountOut)
    // Input 1,000 + app call 2,000, plus any opt-in and any budget call the simulation asked for.
    const padding = group.budgetCalls
    expect(group.fee).toBe(3000n + 1000n * BigInt(group.optIns.length + padding))
    if (padding > 0) console.log(`swap ${_name} needed ${padding} budget call(s): the contract's swap exceeds one app call's 700`)
    const outBefore = await grove.balance(assetOut)
    const { returns, logs } = await grove.send(group)
    expect(returns[0]).toBe(q.amountOut)
    const fees = assetOut === 0n ? group.fee : 0n
    expect(await grove.balance(assetOut)).toBe(outBefore + q.amountOut - fees)
    expect(decodeDexEvents(logs[0]!)).toEqual([
      { name: 'Swap', args: { assetIn, assetOut, feeBps: 30n, amountIn, amountOut: q.amountOut, protocolFee: q.protocolFee, trader: grove.trader.addr.toString() } },
    ])
    await expectPool(before, (p) => quoteExactIn(p, assetIn, amountIn))
  })

  it('rejects an exact-in swap whose output rounds to zero with ERR:ZERO_OUT', async () => {
    expect(quoteExactIn(await grove.pool(0n, USDC), 0n, 1n)).toEqual({ ok: false, error: 'zero-output' })
    const error = await grove.send(await buildSwapExactIn(grove.ctx, 0n, USDC, 1n, 0n)).catch((e: unknown) => e)
    expect(explainError(error, grovePrograms())).toMatchObject({ code: 'ERR:ZERO_OUT' })
  })

  it('rejects an exact-in swap asking one unit more than the quote with ERR:SLIPPAGE', async () => {
    const q = quoteExactIn(await grove.pool(0n, USDC), USDC, 5_000_000n)
    const error = await grove.send(await buildSwapExactIn(grove.ctx, USDC, 0n, 5_000_000n, (q.ok ? q.amountOut : 0n) + 1n)).catch((e: unknown) => e)
    expect(explainError(error, grovePrograms())).toMatchObject({ kind: 'contract', code: 'ERR:SLIPPAGE', message: 'The price moved beyond your slippage tolerance' })
  })

  const exactOut: [string, () => [bigint, bigint, bigint]][] = [
    ['1 USDC for ALGO', () => [0n, USDC, 1_000_000n]],
    ['1 µALGO for USDC', () => [USDC, 0n, 1n]],
    ['1 WHOLE for FINE', () => [FINE, WHOLE, 1n]],
  ]
  it.each(exactOut)('swaps for %s exact out and refunds the excess of the maximum', async (_name, args) => {
    const [assetIn, assetOut, amountOut] = args()
    const before = await grove.pool(assetIn, assetOut)
    const q = quoteExactOut(before, assetIn, amountOut)
    expect(q.ok).toBe(true)
    if (!q.ok) return
    expect(await readonly('quoteExactOut', [assetIn, assetOut, 30n, amountOut])).toBe(q.amountIn)
    const inBefore = await grove.balance(assetIn)
    const group = await buildSwapExactOut(grove.ctx, assetIn, assetOut, amountOut, q.amountIn + 1000n)
    const { returns } = await grove.send(group)
    expect(returns[0]).toBe(q.amountIn)
    expect(await grove.balance(assetIn)).toBe(inBefore - q.amountIn - (assetIn === 0n ? group.fee : 0n))
    await expectPool(before, (p) => quoteExactOut(p, assetIn, amountOut))
  })

  it('rejects an exact-out swap whose maximum is one unit short with ERR:SLIPPAGE', async () => {
    const q = quoteExactOut(await grove.pool(0n, USDC), 0n, 1_000_000n)
    const error = await grove.send(await buildSwapExactOut(grove.ctx, 0n, USDC, 1_000_000n, (q.ok ? q.amountIn : 1n) - 1n)).catch((e: unknown) => e)
    expect(explainError(error, grovePrograms())).toMatchObject({ code: 'ERR:SLIPPAGE' })
  })
})

describe('routes', () => {
  it.each([
    ['ALGO → USDC → WHOLE', () => [0n, [USDC, WHOLE], 50_000_000n]],
    ['ALGO → USDC → WHOLE → FINE', () => [0n, [USDC, WHOLE, FINE], 50_000_000n]],
    ['ALGO → USDC → WHOLE → FINE → GEM', () => [0n, [USDC, WHOLE, FINE, GEM], 50_000_000n]],
  ] as const)('routes %s: SDK, quoteRoute and swapRoute agree hop by hop', async (_name, args) => {
    const [assetIn, path, amountIn] = args() as unknown as [bigint, bigint[], bigint]
    const pools = await dexContract.readers.pools(grove)
    const route = bestRouteExactIn(
      pools.filter((p) => [assetIn, ...path].includes(p.a) && [assetIn, ...path].includes(p.b) && !(p.a === USDC && p.b === GEM) && !(p.a === GEM && p.b === USDC)),
      assetIn,
      path[path.length - 1]!,
      amountIn,
    )!
    expect(route.path).toEqual(path)
    expect(await readonly('quoteRoute', [assetIn, path, path.map(() => 30n), amountIn])).toBe(route.amountOut)
    const group = await buildSwapRoute(grove.ctx, assetIn, path, amountIn, route.amountOut)
    const padding = group.budgetCalls
    expect(group.fee).toBe(3000n + 1000n * BigInt(group.optIns.length + padding))
    console.log(`route of ${path.length} hops: ${group.fee - 1000n * BigInt(group.optIns.length)} µALGO (${padding} budget calls)`)
    const { returns, logs } = await grove.send(group)
    expect(returns[0]).toBe(route.amountOut)
    const events = decodeDexEvents(logs[0]!)
    expect(events.map((e) => e.name === 'Swap' && [e.args.assetIn, e.args.assetOut, e.args.amountIn, e.args.amountOut])).toEqual(
      route.hops.map((h) => [h.assetIn, h.assetOut, h.amountIn, h.amountOut]),
    )
    for (const hop of route.hops) {
      const before = pools.find((p) => p.a === hop.pool.a && p.b === hop.pool.b)!
      await expectPool(before, (p) => quoteExactIn(p, hop.assetIn, hop.amountIn))
    }
  })

  it('sends an exact-out route as exact in with minOut = the output asked for', async () => {
    const pools = await dexContract.readers.pools(grove)
    const route = bestRouteExactOut(pools, 0n, WHOLE, 1000n)!
    expect(route.exactOut).toBe(1000n)
    const before = await grove.balance(WHOLE)
    await grove.send(await buildRouteSwap(grove.ctx, route, 0n))
    expect((await grove.balance(WHOLE)) - before).toBe(route.amountOut)
    expect(route.amountOut).toBeGreaterThanOrEqual(1000n)
  })

  it('sends an exact-out route so that it delivers exactly the output asked for and spends only its quote', async () => {
    const pools = await dexContract.readers.pools(grove)
    const route = bestRouteExactOut(pools, 0n, WHOLE, 1000n)!
    expect(route.path.length).toBeGreaterThan(1)
    const [whole, algo] = [await grove.balance(WHOLE), await grove.balance(0n)]
    const group = await buildSwap(grove.ctx, route, route.amountIn + 50_000n)
    const { returns } = await grove.send(group)
    // the route's call returns the input it spent (budget calls return nothing)
    expect(returns.find((r) => r !== undefined)).toBe(route.amountIn)
    expect((await grove.balance(WHOLE)) - whole).toBe(1000n)
    expect(algo - (await grove.balance(0n))).toBe(route.amountIn + group.fee)
  })

  it('rejects a route through a missing pool with ERR:NO_POOL', async () => {
    const error = await grove.send(await buildSwapRoute(grove.ctx, 0n, [WHOLE], 1_000_000n, 0n)).catch((e: unknown) => e)
    expect(explainError(error, grovePrograms())).toMatchObject({ code: 'ERR:NO_POOL', message: 'There is no pool for this pair' })
  })
})

describe('protocol fees', () => {
  it('collects the accrued protocol fees to the treasury, as FeesCollected reports', async () => {
    const before = await grove.pool(0n, USDC)
    expect(before.protocolFeesA + before.protocolFeesB).toBeGreaterThan(0n)
    const treasuryUsdc = await grove.balance(USDC, grove.admin.addr)
    await grove.algorand.send.assetOptIn({ sender: grove.admin.addr, assetId: USDC })
    const { logs } = await grove.send(await buildCollectFees(grove.ctx, before, grove.admin.addr))
    expect(decodeDexEvents(logs[0]!)).toEqual([
      { name: 'FeesCollected', args: { a: 0n, b: USDC, feeBps: 30n, amountA: before.protocolFeesA, amountB: before.protocolFeesB, treasury: grove.admin.addr.toString() } },
    ])
    expect(await grove.balance(USDC, grove.admin.addr)).toBe(treasuryUsdc + before.protocolFeesB)
    expect(await grove.pool(0n, USDC)).toMatchObject({ protocolFeesA: 0n, protocolFeesB: 0n, reserveA: before.reserveA, reserveB: before.reserveB })
  })
})

describe('errors from the chain', () => {
  it('explains a swap from an account without the input asset', async () => {
    const poor = grove.algorand.account.random()
    await grove.algorand.send.payment({ sender: grove.trader.addr, receiver: poor.addr, amount: microAlgo(1_000_000) })
    const ctx = { ...grove.ctx, sender: poor.addr, signer: poor.signer }
    const error = await grove.send(await buildSwapExactIn(ctx, USDC, 0n, 1_000_000n, 0n)).catch((e: unknown) => e)
    expect(explainError(error, grovePrograms())).toMatchObject({ kind: 'not-opted-in', message: `You have not opted into asset ${USDC}` })
  })

  it('explains a swap of more ALGO than the account holds', async () => {
    const poor = grove.algorand.account.random()
    await grove.algorand.send.payment({ sender: grove.trader.addr, receiver: poor.addr, amount: microAlgo(1_000_000) })
    const ctx = { ...grove.ctx, sender: poor.addr, signer: poor.signer }
    const error = await grove.send(await buildSwapExactIn(ctx, 0n, USDC, 5_000_000n, 0n)).catch((e: unknown) => e)
    expect(explainError(error, grovePrograms())).toMatchObject({ kind: 'overspend' })
  })
})
