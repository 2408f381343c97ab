// Builders of each order action's group, on the one group builder (core/group.ts): signer-agnostic,
// every resource named, fees exact (the minimum per transaction plus one per inner transaction on
// the app call). Placing: [opt-in payment, optInAsset] when the app does not hold the asset yet, the
// box payment, the deposit, the call: 3,000 µALGO (6,000 with the opt-in). Cancelling: one call and
// its refunds, 2,000 µALGO for an ALGO order, 3,000 for an asset. A fill: [fill, …the filler's route…,
// payment to the owner, settle]: 4,000 µALGO besides the route (5,000 when it fills the order out).
import { getApplicationAddress } from 'algosdk'
import type { Address } from 'algosdk'
import { GroupBuilder } from '../core/group.ts'
import type { ComposedGroup, TxnArg } from '../core/group.ts'
import type { GroveContext } from '../core/context.ts'
import { missingOptIns } from '../core/references.ts'
import type { TypedCall } from '../core/arc56.ts'
import { addRoute, type PoolBook, type RoutePlan } from '../venues/router.ts'
import { leastPayment, newOrderNonce, ORDER_ASSET_MIN_BALANCE, ORDER_MIN_BALANCE, orderBoxName, orderIdOf, type Order } from './boxes.ts'
import { ordersCall } from './spec.ts'

/** A built group and the µALGO of fees the sender pays for it. */
export interface OrdersGroup extends ComposedGroup {
  /** The new order's id (placing only). */
  orderId?: bigint
}

interface Builder {
  ctx: GroveContext
  group: GroupBuilder
  appAddress: Address
}

async function start(ctx: GroveContext): Promise<Builder> {
  return { ctx, group: await GroupBuilder.create(ctx), appAddress: getApplicationAddress(ctx.ids.ordersAppId) }
}

const transfer = (b: Builder, asset: bigint, amount: bigint): TxnArg => b.group.deposit(b.appAddress, asset, amount)

function call(b: Builder, typed: TypedCall, inners: number, refs: { boxes?: Uint8Array[]; assets?: bigint[]; accounts?: string[] } = {}): void {
  b.group.addMethodCall({ appId: b.ctx.ids.ordersAppId, ...typed, inners, boxes: refs.boxes, assets: refs.assets?.filter((a) => a !== 0n), accounts: refs.accounts })
}

async function done(b: Builder, orderId?: bigint): Promise<OrdersGroup> {
  const { composer, fee } = await b.group.build()
  return { composer, fee, orderId }
}

/** The opt-in call placing needs first when the app does not hold `asset` yet. */
async function optInFirst(b: Builder, asset: bigint): Promise<void> {
  if (asset !== 0n && (await missingOptIns(b.ctx.algod, b.appAddress, [asset])).length > 0) {
    call(b, ordersCall('optInAsset', [transfer(b, 0n, ORDER_ASSET_MIN_BALANCE), asset]), 1, { assets: [asset] })
  }
}

/** What placing a limit order needs: sell up to `amount` of assetIn for at least `minOut` of assetOut in proportion, until `expiry` (seconds). */
export interface LimitOrderParams {
  assetIn: bigint
  assetOut: bigint
  amount: bigint
  minOut: bigint
  expiry: bigint
  nonce?: bigint
}

/** Places a limit order. */
export async function buildPlaceLimit(ctx: GroveContext, p: LimitOrderParams): Promise<OrdersGroup> {
  const b = await start(ctx)
  const nonce = p.nonce ?? newOrderNonce()
  const id = orderIdOf(ctx.sender, nonce)
  await optInFirst(b, p.assetIn)
  call(b, ordersCall('placeLimit', [transfer(b, 0n, ORDER_MIN_BALANCE), transfer(b, p.assetIn, p.amount), p.assetOut, p.minOut, p.expiry, nonce]), 0, { boxes: [orderBoxName(id)], assets: [p.assetIn] })
  return done(b, id)
}

/** What placing a recurring order needs: `perFill` of assetIn every `interval` seconds, `fills` times, each for at least `minOutPerFill`. */
export interface RecurringOrderParams {
  assetIn: bigint
  assetOut: bigint
  perFill: bigint
  fills: bigint
  minOutPerFill: bigint
  interval: bigint
  nonce?: bigint
}

/** Places a recurring (DCA) order: the deposit is perFill × fills. */
export async function buildPlaceRecurring(ctx: GroveContext, p: RecurringOrderParams): Promise<OrdersGroup> {
  const b = await start(ctx)
  const nonce = p.nonce ?? newOrderNonce()
  const id = orderIdOf(ctx.sender, nonce)
  await optInFirst(b, p.assetIn)
  call(b, ordersCall('placeRecurring', [transfer(b, 0n, ORDER_MIN_BALANCE), transfer(b, p.assetIn, p.perFill * p.fills), p.assetOut, p.perFill, p.minOutPerFill, p.interval, nonce]), 0, {
    boxes: [orderBoxName(id)],
    assets: [p.assetIn],
  })
  return done(b, id)
}

/** Inner transactions of closing `order` with `refund` of assetIn: one payment for ALGO, else the refund (when any) and the box's minimum balance. */
const closeInners = (order: Pick<Order, 'assetIn'>, refund: bigint): number => (order.assetIn === 0n || refund === 0n ? 1 : 2)

/** The owner cancels: what is unfilled and the box's minimum balance come back. */
export async function buildCancel(ctx: GroveContext, order: Order): Promise<OrdersGroup> {
  const b = await start(ctx)
  call(b, ordersCall('cancel', [order.id]), closeInners(order, order.remaining), { boxes: [orderBoxName(order.id)], assets: [order.assetIn], accounts: [order.owner] })
  return done(b)
}

/** A route the filler sells what it takes through (the venues' router: `findRoute`/`bestRoute`, exact-in of the fill's amount). */
export interface FillRoute {
  book: PoolBook
  plan: RoutePlan
}

/** What a fill needs. */
export interface FillParams {
  order: Order
  /** Of assetIn to take (a recurring order: exactly one fill, or the rest). */
  amount: bigint
  /** Where the taken amount is sold; without one the filler pays the owner from what it holds. */
  route?: FillRoute
  /** The least the filler keeps above the owner's payment (in assetOut): the route's output bound is the payment plus this. */
  minSpread?: bigint
}

/**
 * Fills `amount` of an order: [fill, …the route's hops…, payment to the owner, settle], the fill
 * naming its settle by offset (1 + the route's transactions + 1). The route sells what the fill takes
 * for at least the owner's payment plus `minSpread`; the filler keeps the rest. The filler must hold
 * (be opted in to) assetIn and assetOut.
 */
export async function buildFill(ctx: GroveContext, p: FillParams): Promise<OrdersGroup & { payment: bigint }> {
  const { order, amount } = p
  if (p.route && (p.route.plan.kind !== 'exact-in' || p.route.plan.assetIn !== order.assetIn || p.route.plan.assetOut !== order.assetOut || p.route.plan.amountIn !== amount)) {
    throw new Error('the route must sell exactly the fill’s amount of the order’s asset for the asset the owner is paid in')
  }
  const b = await start(ctx)
  const payment = leastPayment(order, amount)
  const routeTxns = p.route?.plan.txns ?? 0
  const box = orderBoxName(order.id)
  call(b, ordersCall('fill', [order.id, amount, BigInt(routeTxns + 2)]), 1, { boxes: [box], assets: [order.assetIn] })
  if (p.route) addRoute(b.group, p.route.book, p.route.plan, payment + (p.minSpread ?? 0n))
  const closes = amount === order.remaining
  call(b, ordersCall('settle', [{ txn: () => b.group.deposit(order.owner, order.assetOut, payment).txn() }, order.id]), closes ? closeInners(order, 0n) : 0, {
    boxes: [box],
    assets: [order.assetIn],
    accounts: [order.owner],
  })
  return { ...(await done(b)), payment }
}
