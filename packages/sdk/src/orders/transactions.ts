// Builders of each order action's group, on the one group builder (core/group.ts): signer-agnostic,
// every resource named, fees exact (the minimum per transaction plus one per inner transaction on
// the app call). Placing: [optInAsset for each of the two assets the app does not hold yet, the box
// payment, the deposit, the call]: 3,000 µALGO for a limit order, 4,000 for a recurring one (its call
// reads the pool). Cancelling and collecting: one call and its transfers (2,000 µALGO when one payment
// carries everything). A fill: [fill, …the filler's route…, payment to the app, settle]: fill 2,000
// (3,000 recurring) + payment 1,000 + settle 1,000 besides the route (more when it closes the order).
import { getApplicationAddress } from 'algosdk'
import type { Address, Algodv2 } from 'algosdk'
import { GroupBuilder } from '../core/group.ts'
import type { ComposedGroup, TxnArg } from '../core/group.ts'
import type { GroveContext } from '../core/context.ts'
import { latestTimestamp } from '../core/block-time.ts'
import type { TypedCall } from '../core/arc56.ts'
import { fetchPool, poolBoxName } from '../dex/pool-state.ts'
import { addRoute, type PoolBook, type RoutePlan } from '../venues/router.ts'
import { leastPayment, newOrderNonce, ORDER_ASSET_MIN_BALANCE, ORDER_MIN_BALANCE, orderBoxName, orderFee, orderFeeBoxName, orderIdOf, recurringBound, type Order } from './boxes.ts'
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

type Box = Uint8Array | { appId: bigint; name: Uint8Array }

async function start(ctx: GroveContext): Promise<Builder> {
  return { ctx, group: await GroupBuilder.create(ctx), appAddress: getApplicationAddress(ctx.ids.ordersAppId) }
}

const transfer = (b: Builder, asset: bigint, amount: bigint): TxnArg => b.group.deposit(b.appAddress, asset, amount)

/** The pool box of a recurring order's pair on the DEX (another app's box). */
const poolBox = (b: Builder, x: bigint, y: bigint, tier: bigint): Box => ({ appId: b.ctx.ids.dexAppId, name: poolBoxName(x, y, tier) })

function call(b: Builder, typed: TypedCall, inners: number, refs: { boxes?: Box[]; assets?: bigint[]; accounts?: string[] } = {}): void {
  b.group.addMethodCall({
    appId: b.ctx.ids.ordersAppId,
    ...typed,
    inners,
    boxes: refs.boxes,
    assets: refs.assets?.filter((a) => a !== 0n),
    // the DEX (its `registry` global, getPool) and the registry (pause flags, admin, treasury)
    apps: [b.ctx.ids.dexAppId, b.ctx.ids.registryAppId],
    accounts: refs.accounts,
  })
}

async function done(b: Builder, orderId?: bigint): Promise<OrdersGroup> {
  const { composer, fee } = await b.group.build()
  return { composer, fee, orderId }
}

/** Whether the Orders app holds `asset` (its fee box exists: `optInAsset` made both). */
export async function ordersAppHolds(algod: Algodv2, ordersAppId: bigint, asset: bigint): Promise<boolean> {
  try {
    await algod.getApplicationBoxByName(ordersAppId, orderFeeBoxName(asset)).do()
    return true
  } catch (e) {
    if ((e as { response?: { status?: number }; status?: number }).response?.status === 404 || (e as { status?: number }).status === 404) return false
    throw e
  }
}

/** The opt-in calls placing needs first, for each of the order's assets the app does not hold yet. */
async function optInFirst(b: Builder, assets: bigint[]): Promise<void> {
  for (const asset of assets) {
    if (await ordersAppHolds(b.ctx.algod, b.ctx.ids.ordersAppId, asset)) continue
    const mbr = asset === 0n ? ORDER_ASSET_MIN_BALANCE - 100_000n : ORDER_ASSET_MIN_BALANCE
    call(b, ordersCall('optInAsset', [transfer(b, 0n, mbr), asset]), asset === 0n ? 0 : 1, { boxes: [orderFeeBoxName(asset)], assets: [asset] })
  }
}

/** What placing a limit order needs: sell up to `amount` of assetIn for at least `minOut` of assetOut in proportion, until `expiry` (seconds; 0 for none). */
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
  await optInFirst(b, [p.assetIn, p.assetOut])
  call(b, ordersCall('placeLimit', [transfer(b, 0n, ORDER_MIN_BALANCE), transfer(b, p.assetIn, p.amount), p.assetOut, p.minOut, p.expiry, nonce]), 0, {
    boxes: [orderBoxName(id), orderFeeBoxName(p.assetOut)],
    assets: [p.assetIn, p.assetOut],
  })
  return done(b, id)
}

/**
 * What placing a recurring order needs: `perFill` of assetIn every `interval` seconds (≥ 60), `fills`
 * times, each paying at least its value at the pair's Grove TWAP (pool tier `poolTier`, default 30 bps)
 * less `toleranceBps`, and at least `minOutPerFill`; filled only while that value is at most
 * `maxOutPerFill` (0 or absent: no maximum).
 */
export interface RecurringOrderParams {
  assetIn: bigint
  assetOut: bigint
  perFill: bigint
  fills: bigint
  interval: bigint
  toleranceBps: bigint
  minOutPerFill?: bigint
  maxOutPerFill?: bigint
  poolTier?: bigint
  nonce?: bigint
}

/** Places a recurring (DCA) order: the deposit is perFill × fills. */
export async function buildPlaceRecurring(ctx: GroveContext, p: RecurringOrderParams): Promise<OrdersGroup> {
  const b = await start(ctx)
  const nonce = p.nonce ?? newOrderNonce()
  const id = orderIdOf(ctx.sender, nonce)
  const tier = p.poolTier ?? 30n
  await optInFirst(b, [p.assetIn, p.assetOut])
  const args = [transfer(b, 0n, ORDER_MIN_BALANCE), transfer(b, p.assetIn, p.perFill * p.fills), p.assetOut, p.perFill, p.minOutPerFill ?? 0n, p.maxOutPerFill ?? 0n, p.toleranceBps, tier, p.interval, nonce] as const
  call(b, ordersCall('placeRecurring', [...args]), 1, {
    boxes: [orderBoxName(id), orderFeeBoxName(p.assetOut), poolBox(b, p.assetIn, p.assetOut, tier)],
    assets: [p.assetIn, p.assetOut],
  })
  return done(b, id)
}

/** Inner transactions of closing `order` with `refund` of assetIn and `proceeds` of assetOut: one ALGO payment, plus each ASA transfer. */
export const closeInners = (order: Pick<Order, 'assetIn' | 'assetOut'>, refund: bigint, proceeds: bigint): number =>
  1 + (order.assetIn !== 0n && refund > 0n ? 1 : 0) + (order.assetOut !== 0n && proceeds > 0n ? 1 : 0)

const ownerRefs = (order: Order) => ({ boxes: [orderBoxName(order.id)], assets: [order.assetIn, order.assetOut], accounts: [order.owner] })

/** The owner cancels: what is unfilled, the proceeds and the box's minimum balance come back. */
export async function buildCancel(ctx: GroveContext, order: Order): Promise<OrdersGroup> {
  const b = await start(ctx)
  call(b, ordersCall('cancel', [order.id]), closeInners(order, order.remaining, order.proceeds), ownerRefs(order))
  return done(b)
}

/** The owner collects the proceeds; an order filled out closes with them. */
export async function buildCollect(ctx: GroveContext, order: Order): Promise<OrdersGroup> {
  const b = await start(ctx)
  call(b, ordersCall('collect', [order.id]), order.remaining === 0n ? closeInners(order, 0n, order.proceeds) : 1, ownerRefs(order))
  return done(b)
}

/** Anyone renews a recurring order's observation once it is over an hour old (a fill may follow a minute later). */
export async function buildObserve(ctx: GroveContext, order: Order): Promise<OrdersGroup> {
  const b = await start(ctx)
  call(b, ordersCall('observe', [order.id]), 1, { boxes: [orderBoxName(order.id), poolBox(b, order.assetIn, order.assetOut, order.poolTier)] })
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
  /** Of assetIn to take (a recurring order: exactly one fill). */
  amount: bigint
  /** Where the taken amount is sold; without one the filler pays from what it holds. */
  route?: FillRoute
  /** The least the filler keeps above the payment (in assetOut): the route's output bound is the payment plus this. */
  minSpread?: bigint
  /** The order's least credit for this fill when the caller knows it (else read: a limit order's price, a recurring order's TWAP bound now). */
  least?: bigint
}

/** The least credit a fill of `amount` owes now: the limit price, or the recurring order's TWAP bound read from the pool and the chain's time. */
export async function fillLeast(ctx: Pick<GroveContext, 'algod' | 'ids'>, order: Order, amount: bigint): Promise<bigint> {
  if (order.interval === 0n) return leastPayment(order, amount)
  const pool = await fetchPool(ctx.algod, ctx.ids.dexAppId, order.assetIn, order.assetOut, order.poolTier)
  if (!pool) throw new Error(`There is no Grove pool of this pair in the ${order.poolTier} bps tier`)
  const bound = recurringBound(order, pool, await latestTimestamp(ctx.algod))
  if ('error' in bound) throw new Error(bound.error)
  return bound.least
}

/**
 * Fills `amount` of an order: [fill, …the route's hops…, payment to the app, settle], the fill naming
 * its settle by offset (1 + the route's transactions + 1). The payment is the least credit plus the
 * protocol's fee; the route sells what the fill takes for at least that plus `minSpread`, and the filler
 * keeps the rest. The filler must hold (be opted in to) assetIn and assetOut.
 */
export async function buildFill(ctx: GroveContext, p: FillParams): Promise<OrdersGroup & { payment: bigint }> {
  const { order, amount } = p
  if (p.route && (p.route.plan.kind !== 'exact-in' || p.route.plan.assetIn !== order.assetIn || p.route.plan.assetOut !== order.assetOut || p.route.plan.amountIn !== amount)) {
    throw new Error('the route must sell exactly the fill’s amount of the order’s asset for the asset the owner is paid in')
  }
  const least = p.least ?? (await fillLeast(ctx, order, amount))
  const payment = least + orderFee(order, least)
  const b = await start(ctx)
  const routeTxns = p.route?.plan.txns ?? 0
  const box = orderBoxName(order.id)
  const recurring = order.interval > 0n
  call(b, ordersCall('fill', [order.id, amount, BigInt(routeTxns + 2)]), recurring ? 2 : 1, {
    boxes: recurring ? [box, poolBox(b, order.assetIn, order.assetOut, order.poolTier)] : [box],
    assets: [order.assetIn],
  })
  if (p.route) addRoute(b.group, p.route.book, p.route.plan, payment + (p.minSpread ?? 0n))
  const closes = amount === order.remaining
  call(b, ordersCall('settle', [transfer(b, order.assetOut, payment), order.id]), closes ? closeInners(order, 0n, order.proceeds + least) : 0, {
    boxes: [box, orderFeeBoxName(order.assetOut)],
    assets: [order.assetIn, order.assetOut],
    accounts: [order.owner],
  })
  return { ...(await done(b)), payment }
}
