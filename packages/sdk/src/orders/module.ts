// The Orders app as one object (spec, error row, Action union with prepare, readers, events), over the
// one context (core/context.ts).
import type { Address } from 'algosdk'
import type { GroveContext, GroveReader, PreparedGroup } from '../core/context.ts'
import { CONTRACT_ERRORS, explainError } from '../errors.ts'
import { prepareOrderAction, type OrderAction } from './actions.ts'
import { decodeOrderEvents } from './events.ts'
import { fetchOrder, listOpenOrders, listOrders, listOrdersByOwner } from './listing.ts'
import { ORDERS_SPEC } from './spec.ts'

/** The Orders app: its spec, error row, actions, readers and events. */
export const ordersContract = {
  name: 'Orders',
  spec: ORDERS_SPEC,
  errors: CONTRACT_ERRORS.Orders,
  /** Builds an action's group, ready to simulate and sign (a new order's id beside it). */
  async prepare(ctx: GroveContext, action: OrderAction): Promise<PreparedGroup & { orderId?: bigint }> {
    return { ...(await prepareOrderAction(ctx, action)), minBalance: 0n }
  },
  /** A failure in words, the Orders app's codes first. */
  explain: (error: unknown, ids?: Partial<GroveReader['ids']>) => explainError(error, [{ spec: ORDERS_SPEC, appId: ids?.ordersAppId }]),
  decodeEvents: decodeOrderEvents,
  readers: {
    /** One order; undefined when it is filled out or cancelled. */
    order: (r: GroveReader, id: bigint) => fetchOrder(r.algod, r.ids.ordersAppId, id),
    /** Every order the app holds. */
    all: (r: GroveReader) => listOrders(r.algod, r.ids.ordersAppId),
    /** The orders an owner has open. */
    byOwner: (r: GroveReader, owner: string | Address) => listOrdersByOwner(r.algod, r.ids.ordersAppId, owner),
    /** The orders a fill could take from at time `now` (seconds). */
    open: (r: GroveReader, now: bigint) => listOpenOrders(r.algod, r.ids.ordersAppId, now),
  },
} as const
