// The Orders app's boxes: an order per `"o" ‖ uint64(id)`, its id derived from the owner and a nonce,
// the protocol's fees per asset (`"f" ‖ uint64(asset)`), and the order's price rules: a limit order's
// least credit, a recurring order's bound by its pair's Grove TWAP (the contract's math to the unit).
import { sha512_256 } from '@noble/hashes/sha2.js'
import { ABIType, decodeAddress, encodeUint64 } from 'algosdk'
import type { Address } from 'algosdk'
import type { PoolState } from '../dex/amm.ts'

/** An order as its box holds it. */
export interface Order {
  id: bigint
  owner: string
  /** What the order sells (0 = ALGO), escrowed in the app. */
  assetIn: bigint
  /** What the owner is paid in. */
  assetOut: bigint
  /** Still escrowed. */
  remaining: bigint
  /** The price's denominator: a limit order's whole deposit, a recurring order's one fill. */
  amountIn: bigint
  /** The price's numerator: least out for `amountIn` in (a recurring order: 0 for none). */
  minOut: bigint
  /** A recurring order fills only while one fill is worth at most this at the TWAP (0: no maximum). */
  maxOut: bigint
  /** A recurring fill pays at least its TWAP value less this (bps). */
  toleranceBps: bigint
  /** The fee tier of the Grove pool whose TWAP bounds a recurring order (0 for a limit order). */
  poolTier: bigint
  /** The protocol's fee (bps of the least credit, paid on top), fixed at placing. */
  feeBps: bigint
  /** A limit order fills before this time (seconds; 0: never expires); 0 for a recurring order. */
  expiry: bigint
  /** Seconds between a recurring order's fills; 0 for a limit order. */
  interval: bigint
  /** A recurring order's earliest next fill. */
  nextFill: bigint
  /** Taken by fills so far. */
  filled: bigint
  /** Credited to the owner by fills so far. */
  received: bigint
  /** Of `received`, held in the app for the owner to collect. */
  proceeds: bigint
  /** A fill open in a group being evaluated (always 0 between groups). */
  pendingTake: bigint
  pendingPay: bigint
  /** When the recurring order's TWAP window starts. */
  observedAt: bigint
  /** The pool's cumulative price of assetIn in assetOut then. */
  observed: bigint
}

/** Bytes of an order box's value (the ABI tuple OrderState). */
export const ORDER_SIZE = 208
/** µALGO an order's box ties up: 2,500 + 400 × (9 + 208); placing takes exactly this, the order's close gives it back to the owner. */
export const ORDER_MIN_BALANCE = 89_300n
/** µALGO the app's holding of a new asset and its fee box tie up; `optInAsset` takes exactly this (ALGO's fee box alone: 9,300). */
export const ORDER_ASSET_MIN_BALANCE = 109_300n
/** The shortest TWAP window of a recurring fill (and the shortest interval), seconds. */
export const RECURRING_MIN_WINDOW = 60n
/** The longest: an older observation must be renewed (`observe`). */
export const RECURRING_MAX_WINDOW = 3600n

const FIELDS = ['assetIn', 'assetOut', 'remaining', 'amountIn', 'minOut', 'maxOut', 'toleranceBps', 'poolTier', 'feeBps', 'expiry', 'interval', 'nextFill', 'filled', 'received', 'proceeds', 'pendingTake', 'pendingPay', 'observedAt', 'observed'] as const
const ORDER_STATE = ABIType.from(`(address,${'uint64,'.repeat(18)}uint256)`)
const BPS = 10_000n

/** The box-name prefix of every order. */
export const ORDER_PREFIX = new Uint8Array([0x6f])

/** `"o" ‖ uint64(id)`. */
export const orderBoxName = (id: bigint): Uint8Array => Uint8Array.from([...ORDER_PREFIX, ...encodeUint64(id)])

/** `"f" ‖ uint64(asset)`: the protocol's fees held in `asset`. */
export const orderFeeBoxName = (asset: bigint): Uint8Array => Uint8Array.from([0x66, ...encodeUint64(asset)])

/** The id in an order box's name. */
export const idOfOrderBox = (name: Uint8Array): bigint => new DataView(name.buffer, name.byteOffset + 1, 8).getBigUint64(0)

/** An order's id, as the app derives it: the top 53 bits of sha512_256(owner ‖ uint64(nonce)). */
export function orderIdOf(owner: string | Address, nonce: bigint): bigint {
  const digest = sha512_256(Uint8Array.from([...decodeAddress(owner.toString()).publicKey, ...encodeUint64(nonce)]))
  return new DataView(digest.buffer, digest.byteOffset, 8).getBigUint64(0) >> 11n
}

/** A fresh random nonce for a new order. */
export function newOrderNonce(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  return new DataView(bytes.buffer).getBigUint64(0)
}

/** Decodes an order box. */
export function decodeOrder(id: bigint, value: Uint8Array): Order {
  const [owner, ...rest] = ORDER_STATE.decode(value) as [string, ...bigint[]]
  return { id, owner: String(owner), ...Object.fromEntries(FIELDS.map((f, i) => [f, BigInt(rest[i]!)])) } as Order
}

/** A limit order's least credit for taking `amount`: ⌈amount · minOut / amountIn⌉, the contract's rounding (the owner's favour). */
export const leastPayment = (order: Pick<Order, 'amountIn' | 'minOut'>, amount: bigint): bigint => (amount * order.minOut + order.amountIn - 1n) / order.amountIn

/** The protocol's fee on a least credit, paid on top of it: ⌈least · feeBps / 10,000⌉. */
export const orderFee = (order: Pick<Order, 'feeBps'>, least: bigint): bigint => (least * order.feeBps + BPS - 1n) / BPS

/** A recurring order (else a limit order). */
export const isRecurring = (order: Pick<Order, 'interval'>): boolean => order.interval > 0n

/** The pool's cumulative price of `assetIn` in `assetOut` brought up to `now`, as the DEX accrues it. */
export function cumulativeAt(pool: PoolState, assetIn: bigint, assetOut: bigint, now: bigint): bigint {
  const inIsA = assetIn < assetOut
  const [rIn, rOut] = inIsA ? [pool.reserveA, pool.reserveB] : [pool.reserveB, pool.reserveA]
  const cum = inIsA ? pool.cumulativePriceA : pool.cumulativePriceB
  const t = now > pool.lastUpdate ? now : pool.lastUpdate
  return cum + ((rOut << 64n) / rIn) * (t - pool.lastUpdate)
}

/**
 * What a recurring fill at time `now` owes, or the contract's code it would fail with: the fill's TWAP
 * value (after the pool's fee) since the order's observation, and the least credit, the most of
 * `minOut` and that value less the tolerance (the fee is on top).
 */
export function recurringBound(order: Order, pool: PoolState, now: bigint): { value: bigint; least: bigint } | { error: string } {
  const t = now > pool.lastUpdate ? now : pool.lastUpdate
  const window = t - order.observedAt
  if (window < RECURRING_MIN_WINDOW) return { error: 'ERR:TOO_SOON' }
  if (window > RECURRING_MAX_WINDOW) return { error: 'ERR:OBSERVATION_STALE' }
  const average = (cumulativeAt(pool, order.assetIn, order.assetOut, now) - order.observed) / window
  const net = order.amountIn - (order.amountIn * pool.feeBps + BPS - 1n) / BPS
  const value = (average * net) >> 64n
  if (order.maxOut > 0n && value > order.maxOut) return { error: 'ERR:PRICE_RANGE' }
  const tolerated = (value * (BPS - order.toleranceBps)) / BPS
  const least = tolerated > order.minOut ? tolerated : order.minOut
  return least > 0n ? { value, least } : { error: 'ERR:ZERO_OUT' }
}

/**
 * What a fill of `order` may take at time `now`, or the contract's code it would fail with: a limit
 * order anything up to what it holds before its expiry; a recurring order exactly one fill once its
 * next fill is due (its TWAP bound is `recurringBound`'s).
 */
export function fillable(order: Order, now: bigint): { amount: bigint } | { error: string } {
  if (order.remaining === 0n) return { error: 'ERR:NO_ORDER' }
  if (!isRecurring(order)) return order.expiry === 0n || now < order.expiry ? { amount: order.remaining } : { error: 'ERR:EXPIRED' }
  if (now < order.nextFill) return { error: 'ERR:TOO_SOON' }
  return { amount: order.amountIn }
}
