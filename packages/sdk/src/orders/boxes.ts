// The Orders app's boxes: an order per `"o" ‖ uint64(id)`, its id derived from the owner and a nonce,
// and the order's price rule (the least payment a fill owes the owner).
import { sha512_256 } from '@noble/hashes/sha2.js'
import { ABIType, decodeAddress, encodeUint64 } from 'algosdk'
import type { Address } from 'algosdk'

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
  /** The price's numerator: least out for `amountIn` in. */
  minOut: bigint
  /** A limit order fills before this time (seconds); 0 for a recurring order. */
  expiry: bigint
  /** Seconds between a recurring order's fills; 0 for a limit order. */
  interval: bigint
  /** A recurring order's earliest next fill. */
  nextFill: bigint
  filled: bigint
  received: bigint
  /** A fill open in a group being evaluated (always 0 between groups). */
  pendingTake: bigint
  pendingPay: bigint
}

/** Bytes of an order box's value (the ABI tuple OrderState). */
export const ORDER_SIZE = 128
/** µALGO an order's box ties up: 2,500 + 400 × (9 + 128); placing takes exactly this, the order's close gives it back to the owner. */
export const ORDER_MIN_BALANCE = 57_300n
/** µALGO the app's holding of a new asset ties up; `optInAsset` takes exactly this. */
export const ORDER_ASSET_MIN_BALANCE = 100_000n

const ORDER_STATE = ABIType.from('(address,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64,uint64)')

/** The box-name prefix of every order. */
export const ORDER_PREFIX = new Uint8Array([0x6f])

/** `"o" ‖ uint64(id)`. */
export const orderBoxName = (id: bigint): Uint8Array => Uint8Array.from([...ORDER_PREFIX, ...encodeUint64(id)])

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
  const [assetIn, assetOut, remaining, amountIn, minOut, expiry, interval, nextFill, filled, received, pendingTake, pendingPay] = rest.map(BigInt) as bigint[]
  return { id, owner: String(owner), assetIn: assetIn!, assetOut: assetOut!, remaining: remaining!, amountIn: amountIn!, minOut: minOut!, expiry: expiry!, interval: interval!, nextFill: nextFill!, filled: filled!, received: received!, pendingTake: pendingTake!, pendingPay: pendingPay! }
}

/** The least payment a fill taking `amount` owes the owner: ⌈amount · minOut / amountIn⌉, the contract's rounding (the owner's favour). */
export const leastPayment = (order: Pick<Order, 'amountIn' | 'minOut'>, amount: bigint): bigint => (amount * order.minOut + order.amountIn - 1n) / order.amountIn

/** A recurring order (else a limit order). */
export const isRecurring = (order: Pick<Order, 'interval'>): boolean => order.interval > 0n

/**
 * What a fill of `order` may take at time `now`, or the contract's code it would fail with: a limit
 * order anything up to what it holds before its expiry; a recurring order exactly one fill (or the
 * rest) once its next fill is due.
 */
export function fillable(order: Order, now: bigint): { amount: bigint } | { error: string } {
  if (order.remaining === 0n) return { error: 'ERR:NO_ORDER' }
  if (!isRecurring(order)) return now < order.expiry ? { amount: order.remaining } : { error: 'ERR:EXPIRED' }
  if (now < order.nextFill) return { error: 'ERR:TOO_SOON' }
  return { amount: order.remaining < order.amountIn ? order.remaining : order.amountIn }
}
