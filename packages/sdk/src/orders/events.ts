// The Orders app's ARC-28 events, decoded by its ARC-56 spec.
import { decodeEventsWith, eventDecoders, type EventOf } from '../core/events.ts'
import { ORDERS_SPEC } from './spec.ts'

/** Arguments of each Orders event. */
export interface OrderEventArgs {
  OrderPlaced: { id: bigint; owner: string; assetIn: bigint; assetOut: bigint; amount: bigint; amountIn: bigint; minOut: bigint; maxOut: bigint; toleranceBps: bigint; poolTier: bigint; feeBps: bigint; expiry: bigint; interval: bigint }
  /** `paid` is credited to the order's proceeds; `fee` went to the protocol. */
  OrderFilled: { id: bigint; owner: string; filler: string; amount: bigint; paid: bigint; fee: bigint; remaining: bigint }
  /** Proceeds went to the owner (collected, or with the order's close). */
  OrderCollected: { id: bigint; owner: string; amount: bigint }
  /** Cancelled by the owner (`refunded` of assetIn back) or filled out and collected; the box's minimum balance went back to the owner. */
  OrderClosed: { id: bigint; owner: string; refunded: bigint; cancelled: boolean }
}

/** A decoded Orders event. */
export type OrderEvent = EventOf<OrderEventArgs>

const DECODERS = eventDecoders(ORDERS_SPEC)

/** The Orders events among a transaction's logs, in order (addresses as strings). */
export function decodeOrderEvents(logs: readonly Uint8Array[]): OrderEvent[] {
  return decodeEventsWith<OrderEvent>(logs, DECODERS)
}
