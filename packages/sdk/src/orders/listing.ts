// Orders without an indexer: algod's box listing by the order prefix, then each order's box.
import type { Address, Algodv2 } from 'algosdk'
import { boxNamesByPrefix } from '../locks/listing.ts'
import { decodeOrder, idOfOrderBox, ORDER_PREFIX, orderBoxName, type Order } from './boxes.ts'

/** The order with id `id`, undefined when there is none (filled out or cancelled). */
export async function fetchOrder(algod: Algodv2, ordersAppId: bigint, id: bigint): Promise<Order | undefined> {
  try {
    return decodeOrder(id, (await algod.getApplicationBoxByName(ordersAppId, orderBoxName(id)).do()).value)
  } catch (e) {
    if ((e as { response?: { status?: number } }).response?.status === 404) return undefined
    throw e
  }
}

/** Every order the app holds (each one until it is cancelled or filled out and collected; a limit order past its expiry too), by id. */
export async function listOrders(algod: Algodv2, ordersAppId: bigint): Promise<Order[]> {
  const ids = (await boxNamesByPrefix(algod, ordersAppId, ORDER_PREFIX)).map(idOfOrderBox).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const orders = await Promise.all(ids.map((id) => fetchOrder(algod, ordersAppId, id)))
  return orders.filter((o): o is Order => o !== undefined)
}

/** The orders `owner` has placed and not yet closed. */
export async function listOrdersByOwner(algod: Algodv2, ordersAppId: bigint, owner: string | Address): Promise<Order[]> {
  return (await listOrders(algod, ordersAppId)).filter((o) => o.owner === owner.toString())
}

/** The orders a fill could take from at time `now`: something left, not expired, a recurring one due. */
export async function listOpenOrders(algod: Algodv2, ordersAppId: bigint, now: bigint): Promise<Order[]> {
  return (await listOrders(algod, ordersAppId)).filter((o) => o.remaining > 0n && (o.interval > 0n ? now >= o.nextFill : o.expiry === 0n || now < o.expiry))
}
