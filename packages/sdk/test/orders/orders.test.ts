// The orders module on a localnet (issue 41): place, list by owner and open, cancel, a fill routed
// through the venues' router that pays the order its price plus the protocol's fee from the route's
// output and keeps the spread, a recurring fill at the SDK's TWAP bound (the contract's to the unit);
// errors in words from the Orders row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import type { TransactionSignerAccount } from '@algorandfoundation/algokit-utils/types/account'
import type { Address } from 'algosdk'
import { startGrove, type Grove } from '../fixture.ts'
import { buildAddLiquidity, buildCreatePool } from '../../src/dex/transactions.ts'
import { firstAddMinLp } from '../../src/dex/amm.ts'
import { groveVenue } from '../../src/venues/grove.ts'
import { findRoute } from '../../src/venues/router.ts'
import type { Venue } from '../../src/venues/venue.ts'
import type { GroveContext } from '../../src/core/context.ts'
import { ordersContract } from '../../src/orders/module.ts'
import { leastPayment, ORDER_MIN_BALANCE, orderFee } from '../../src/orders/boxes.ts'
import { fillLeast } from '../../src/orders/transactions.ts'
import { ORDERS_SPEC } from '../../src/orders/spec.ts'

let grove: Grove
let owner: TransactionSignerAccount & { addr: Address }
let ownerCtx: GroveContext
let usdc: bigint
const reader = () => ({ algod: grove.algod, ids: grove.ids })

beforeAll(async () => {
  grove = await startGrove()
  usdc = grove.assets[0]!
  const orders = await grove.algorand.client.getAppFactory({ appSpec: ORDERS_SPEC, defaultSender: grove.admin.addr }).send.create({ method: 'createApplication', args: [grove.ids.dexAppId] })
  await grove.algorand.send.payment({ sender: grove.admin.addr, receiver: orders.appClient.appAddress, amount: microAlgo(100_000) })
  grove.ids.ordersAppId = orders.appClient.appId
  grove.ctx.ids.ordersAppId = orders.appClient.appId
  owner = grove.algorand.account.random()
  await grove.algorand.send.payment({ sender: grove.trader.addr, receiver: owner.addr, amount: microAlgo(100_000_000n) })
  await grove.algorand.send.assetOptIn({ sender: owner.addr, assetId: usdc })
  await grove.algorand.send.assetTransfer({ sender: grove.trader.addr, receiver: owner.addr, assetId: usdc, amount: 1_000_000_000n })
  ownerCtx = { ...grove.ctx, sender: owner.addr, signer: owner.signer }
  // a Grove pool at 1 USDC = 2 ALGO
  await grove.send(await buildCreatePool(grove.ctx, 0n, usdc))
  await grove.send(await buildAddLiquidity(grove.ctx, await grove.pool(0n, usdc), 2_000_000_000n, 1_000_000_000n, firstAddMinLp(2_000_000_000n, 1_000_000_000n, 50n)))
}, 120_000)

afterAll(() => grove?.stop())

describe('orders module', () => {
  it('places a limit order (3,000 µALGO; 8,000 with the app opting in to USDC and making its ALGO fee box), lists it by owner and as open, cancels it back', async () => {
    const now = await grove.latestTimestamp()
    const placed = await ordersContract.prepare(ownerCtx, { kind: 'place-limit', assetIn: usdc, assetOut: 0n, amount: 10_000_000n, minOut: 15_000_000n, expiry: now + 3600n })
    expect(placed.fee).toBe(8_000n)
    await grove.send(placed)
    const again = await ordersContract.prepare(ownerCtx, { kind: 'place-limit', assetIn: usdc, assetOut: 0n, amount: 1_000_000n, minOut: 1_500_000n, expiry: 0n })
    expect(again.fee).toBe(3_000n)
    const mine = await ordersContract.readers.byOwner(reader(), owner.addr)
    expect(mine.map((o) => o.id)).toEqual([placed.orderId])
    expect((await ordersContract.readers.open(reader(), now)).map((o) => o.id)).toContain(placed.orderId)
    const before = await grove.balance(usdc, owner.addr)
    const cancel = await ordersContract.prepare(ownerCtx, { kind: 'cancel', order: mine[0]! })
    expect(cancel.fee).toBe(3_000n)
    await grove.send(cancel)
    expect(await grove.balance(usdc, owner.addr)).toBe(before + 10_000_000n)
    expect(await ordersContract.readers.order(reader(), placed.orderId!)).toBeUndefined()
  })

  it('fills a limit order through the router: the order is paid ⌈amount·minOut/amountIn⌉ plus the 0.1% fee, the owner gets it with the close, the filler the spread; 4,000 µALGO besides the route (5,000 when it fills out)', async () => {
    const now = await grove.latestTimestamp()
    // 10 USDC for at least 15 ALGO: the pool pays about 19.7
    const placed = await ordersContract.prepare(ownerCtx, { kind: 'place-limit', assetIn: usdc, assetOut: 0n, amount: 10_000_000n, minOut: 15_000_000n, expiry: now + 3600n })
    await grove.send(placed)
    const order = (await ordersContract.readers.order(reader(), placed.orderId!))!
    const venues = [groveVenue({ algod: grove.algod, dexAppId: grove.dexAppId, registryAppId: grove.registryAppId }) as unknown as Venue]
    const { book, plan } = await findRoute(venues, { kind: 'exact-in', assetIn: usdc, assetOut: 0n, amount: order.remaining }, [])
    expect(plan).toBeDefined()
    const least = leastPayment(order, order.remaining)
    expect(least).toBe(15_000_000n)
    const [ownerBefore, fillerBefore] = [await grove.balance(0n, owner.addr), await grove.balance(0n)]
    const fill = await ordersContract.prepare(grove.ctx, { kind: 'fill', order, amount: order.remaining, route: { book, plan: plan! } })
    expect(fill.fee).toBe(5_000n + plan!.fee)
    await grove.send(fill)
    expect(await grove.balance(0n, owner.addr)).toBe(ownerBefore + least + ORDER_MIN_BALANCE)
    expect(await grove.balance(0n)).toBe(fillerBefore + plan!.amountOut - least - orderFee(order, least) - fill.fee)
    expect(await ordersContract.readers.order(reader(), order.id)).toBeUndefined()
  })

  it('fills a recurring order a minute after placing at the TWAP bound the SDK computes, paid into the order; the owner collects', async () => {
    const placed = await ordersContract.prepare(ownerCtx, { kind: 'place-recurring', assetIn: usdc, assetOut: 0n, perFill: 1_000_000n, fills: 2n, interval: 600n, toleranceBps: 100n })
    expect(placed.fee).toBe(4_000n)
    await grove.send(placed)
    const placedOrder = (await ordersContract.readers.order(reader(), placed.orderId!))!
    await expect(ordersContract.prepare(grove.ctx, { kind: 'fill', order: placedOrder, amount: 1_000_000n })).rejects.toThrow('ERR:TOO_SOON')
    await grove.algod.c.post({ relativePath: `/grove/v1/clock/offset/${120}`, data: null })
    // a block at the new time
    await grove.algorand.send.payment({ sender: grove.trader.addr, receiver: grove.trader.addr, amount: microAlgo(0), note: 'tick' })
    const order = (await ordersContract.readers.order(reader(), placed.orderId!))!
    const least = await fillLeast(reader(), order, 1_000_000n)
    // 1 USDC ≈ 2 ALGO (a little less after the fills above) less the pool's 0.3% and the 1% tolerance
    expect(least).toBeGreaterThan(1_900_000n)
    expect(least).toBeLessThan(1_975_000n)
    await grove.send(await ordersContract.prepare(grove.ctx, { kind: 'fill', order, amount: 1_000_000n, least }))
    const after = (await ordersContract.readers.order(reader(), order.id))!
    expect(after).toMatchObject({ remaining: 1_000_000n, proceeds: least })
    const before = await grove.balance(0n, owner.addr)
    const collect = await ordersContract.prepare(ownerCtx, { kind: 'collect', order: after })
    await grove.send(collect)
    expect(await grove.balance(0n, owner.addr)).toBe(before + least - collect.fee)
  })

  it('words a fill that pays less than the order is owed', async () => {
    const now = await grove.latestTimestamp()
    // 10 USDC for at least 30 ALGO: above the market
    const placed = await ordersContract.prepare(ownerCtx, { kind: 'place-limit', assetIn: usdc, assetOut: 0n, amount: 10_000_000n, minOut: 30_000_000n, expiry: now + 3600n })
    await grove.send(placed)
    const order = (await ordersContract.readers.order(reader(), placed.orderId!))!
    // the filler pays from its own ALGO one unit short of the price
    const fill = await ordersContract.prepare(grove.ctx, { kind: 'fill', order, amount: order.remaining, least: leastPayment(order, order.remaining) - 1n })
    const error = await grove.send(fill).then(() => undefined, (e: unknown) => e)
    expect(ordersContract.explain(error, grove.ids).message).toBe(ordersContract.errors['ERR:UNDERPAID'])
  })
})
