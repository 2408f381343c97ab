// An account's orders as pages read them (the Orders app's boxes through the SDK's readers, loaded on
// demand), and what the orders page and the dashboard derive from them: fill progress, what is left
// and its value, as pure functions.
import { queryOptions } from '@tanstack/react-query'
import { algodKey } from '../algod.ts'
import type { Deployment } from '../deployment.ts'
import type { AlgodConfig } from '../networks.ts'
import { withReader } from '../tx/sdk.ts'
import type * as GroveSdkModule from '@grove/sdk'

/** An order as its box holds it. */
export type Order = GroveSdkModule.Order

/** The key every order query starts with (a placed, filled, collected or cancelled order refreshes them: ['orders']). */
export const ORDERS_KEY = ['orders'] as const

/** The orders `owner` has on the Orders app (open, or filled out and waiting to be collected). */
export function ownerOrdersQuery(algod: AlgodConfig, deployment: Deployment | null, owner: string) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, ...algodKey(algod), deployment?.ordersAppId ?? 0, owner],
    queryFn: () => withReader(algod, deployment!, (sdk, reader) => sdk.ordersContract.readers.byOwner(reader, owner)),
    enabled: deployment !== null && owner !== '',
    refetchInterval: 10_000,
  })
}

/** What an order shows: its fill progress (0–1), what is left to sell and whether it can still fill. */
export function orderProgress(order: Pick<Order, 'remaining' | 'filled' | 'interval' | 'expiry' | 'nextFill'>, now: number): { progress: number; state: 'open' | 'waiting' | 'expired' | 'filled' } {
  const total = order.remaining + order.filled
  const progress = total === 0n ? 1 : Number((order.filled * 10_000n) / total) / 10_000
  if (order.remaining === 0n) return { progress, state: 'filled' }
  if (order.interval === 0n && order.expiry !== 0n && BigInt(now) >= order.expiry) return { progress, state: 'expired' }
  if (order.interval > 0n && BigInt(now) < order.nextFill) return { progress, state: 'waiting' }
  return { progress, state: 'open' }
}

/** The dashboard's count of open orders and the value they still sell, in USD where `usdOf` prices the token. */
export function openOrdersSummary(orders: readonly Pick<Order, 'assetIn' | 'remaining' | 'proceeds' | 'assetOut'>[], usdOf: (asset: number, units: bigint) => number | null): { open: number; valueUsd: number | null } {
  let value = 0
  let priced = true
  const open = orders.filter((o) => o.remaining > 0n)
  for (const o of orders) {
    const v = (o.remaining > 0n ? usdOf(Number(o.assetIn), o.remaining) : 0) ?? null
    const p = (o.proceeds > 0n ? usdOf(Number(o.assetOut), o.proceeds) : 0) ?? null
    if (v === null || p === null) priced = false
    else value += v + p
  }
  return { open: open.length, valueUsd: priced ? value : null }
}
