// The orders section of npm run bench -w @grove/contracts (issue 41): the µALGO a user pays in fees to
// place an order (its box's refunded minimum balance apart, as `deposit`), to fill one (the fill and its
// settle: without the filler's route and its payment), to cancel one and to collect, on a Grove whose
// Orders app already holds the assets (opt-ins are a one-time cost of the app, not of an order).
import type { Grove } from '../test/grove.ts'
import { sorted, TXN_FEE } from '../test/grove.ts'
import { ORDER_MBR, OrdersKit } from '../test/orders.ts'

/** Orders' fees per action (µALGO) and the deposit placing holds until the order ends. */
export async function benchOrders(g: Grove): Promise<{ fees: Record<string, number>; deposit: number }> {
  const orders = await OrdersKit.deploy(g)
  const [owner, filler] = [await g.user(1_000), await g.user(1_000)]
  const token = await g.asset(owner, { unitName: 'ORD' })
  await g.optIn(filler, token)
  await g.transfer(owner, filler, token, 10n ** 12n)
  // a pool for the recurring order's TWAP
  const lp = (await g.createPool(filler, ...sorted(0n, token))).value
  await g.optIn(filler, lp)
  await g.addLiquidity(filler, ...sorted(0n, token), 100_000_000n, 100_000_000n)
  await orders.send(await orders.optInSteps(owner, token))

  const limit = await orders.placeLimit(owner, token, 10_000_000n, 0n, 9_000_000n, 0n)
  // a partial fill, then the one that fills the order out and sends the owner everything
  const fill = await orders.fill(filler, limit.value, 4_000_000n)
  const collect = await orders.collect(owner, limit.value)
  const fillOut = await orders.fill(filler, limit.value, 6_000_000n)
  const recurring = await orders.placeRecurring(owner, token, 2_000_000n, 0n, { perFill: 1_000_000n, interval: 60n })
  await orders.travel(120n)
  const fillRecurring = await orders.fill(filler, recurring.value, 1_000_000n)
  // cancelling an order of ALGO (one payment back) and one of an ASA partly filled (the ASA, and ALGO)
  const algoOrder = await orders.placeLimit(owner, 0n, 5_000_000n, token, 5_000_000n, 0n)
  const cancel = await orders.cancel(owner, algoOrder.value)
  const cancelFilled = await orders.cancel(owner, recurring.value)
  const withoutPayment = (fees: bigint) => Number(fees - TXN_FEE)
  return {
    fees: {
      place: Number(limit.fees),
      placeRecurring: Number(recurring.fees),
      fill: withoutPayment(fill.fees),
      fillOut: withoutPayment(fillOut.fees),
      fillRecurring: withoutPayment(fillRecurring.fees),
      collect: Number(collect.fees),
      cancel: Number(cancel.fees),
      cancelFilled: Number(cancelFilled.fees),
    },
    deposit: Number(ORDER_MBR),
  }
}
