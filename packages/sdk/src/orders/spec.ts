// The Orders app's interface as @grove/contracts builds it (ARC-56): methods, the order box's struct,
// events and error messages by pc.
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import ORDERS_ARC56 from '@grove/contracts/artifacts/Orders.arc56.json' with { type: 'json' }
import type { OrdersTypes } from '@grove/contracts/clients/OrdersClient.ts'
import { methodCaller } from '../core/arc56.ts'

/** The Orders app's ARC-56 specification. */
export const ORDERS_SPEC = ORDERS_ARC56 as unknown as Arc56Contract

/** A typed Orders method call: name and arguments checked against the generated OrdersClient. */
export const ordersCall = methodCaller<OrdersTypes['methods']>(ORDERS_SPEC)
