// What an account can do with orders, as one union, and the one function that builds each action's group.
import type { GroveContext } from '../core/context.ts'
import type { Order } from './boxes.ts'
import { buildCancel, buildCollect, buildFill, buildObserve, buildPlaceLimit, buildPlaceRecurring, type FillParams, type LimitOrderParams, type OrdersGroup, type RecurringOrderParams } from './transactions.ts'

/** An action on the Orders app (the sender is the context's). */
export type OrderAction =
  | ({ kind: 'place-limit' } & LimitOrderParams)
  | ({ kind: 'place-recurring' } & RecurringOrderParams)
  | { kind: 'cancel'; order: Order }
  | { kind: 'collect'; order: Order }
  /** Anyone: renew a recurring order's stale TWAP observation. */
  | { kind: 'observe'; order: Order }
  /** Anyone: take from an order, sell it along a route, pay the order, keep the spread. */
  | ({ kind: 'fill' } & FillParams)

/** Builds an order action's group, ready to simulate and sign. */
export function prepareOrderAction(ctx: GroveContext, action: OrderAction): Promise<OrdersGroup> {
  switch (action.kind) {
    case 'place-limit':
      return buildPlaceLimit(ctx, action)
    case 'place-recurring':
      return buildPlaceRecurring(ctx, action)
    case 'cancel':
      return buildCancel(ctx, action.order)
    case 'collect':
      return buildCollect(ctx, action.order)
    case 'observe':
      return buildObserve(ctx, action.order)
    case 'fill':
      return buildFill(ctx, action)
  }
}
