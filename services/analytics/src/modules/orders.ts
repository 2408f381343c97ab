// The Orders app's events: OrderPlaced, OrderFilled, OrderCollected and OrderClosed. Each is one row of
// order_events; the orders table holds each order as its latest event leaves it (filled, received,
// collected, fills) and keeps a closed order's row with its status (filled or cancelled) and ended_round,
// so GET /api/orders lists ended orders too.
import { eventDecoders, ORDERS_SPEC, type DecodedEvent, type OrderEvent } from '@grove/sdk'
import type { Sql } from '../db/database.ts'
import { insertRows } from '../db/insert.ts'
import type { ContractModule, EventPosition, ModuleBatch, ModuleContext } from '../follower/module.ts'
import { ensureAssets } from './assets.ts'

interface OrderRow {
  id: number
  owner: string
  kind: 'limit' | 'recurring'
  assetIn: number
  assetOut: number
  amount: bigint
  amountIn: bigint
  minOut: bigint
  maxOut: bigint
  toleranceBps: number
  poolTier: number
  feeBps: number
  expiry: number
  interval: number
  filled: bigint
  received: bigint
  collected: bigint
  fills: number
  status: 'open' | 'filled' | 'cancelled'
  refunded: bigint
  placedRound: number
  placedTime: number
  updatedRound: number
  endedRound: number | null
}

const COLUMNS = ['id', 'owner', 'kind', 'asset_in', 'asset_out', 'amount', 'amount_in', 'min_out', 'max_out', 'tolerance_bps', 'pool_tier', 'fee_bps', 'expiry', 'interval_seconds', 'filled', 'received', 'collected', 'fills', 'status', 'refunded', 'placed_round', 'placed_time', 'updated_round', 'ended_round']

/** The orders module (nothing to follow when the deployment has no Orders app). */
export const ordersModule: ContractModule = {
  name: 'orders',
  appIds: (d) => (d.ordersAppId ? [d.ordersAppId] : []),
  decoders: eventDecoders(ORDERS_SPEC),
  begin: async (sql, ctx) => new OrdersBatch(sql, ctx),
}

const big = (v: unknown): bigint => BigInt(String(v))

class OrdersBatch implements ModuleBatch {
  private readonly orders = new Map<number, OrderRow>()
  private readonly events: unknown[][] = []

  constructor(
    private readonly sql: Sql,
    private readonly ctx: ModuleContext,
  ) {}

  /** The order as this poll left it, else as the table holds it. */
  private async order(id: bigint): Promise<OrderRow> {
    const known = this.orders.get(Number(id))
    if (known) return known
    const [r] = await this.sql.query<Record<string, unknown>>('SELECT * FROM orders WHERE id = $1', [Number(id)])
    if (!r) throw new Error(`The Orders app logged an event of order ${id} before its OrderPlaced event.`)
    const row: OrderRow = {
      id: Number(r.id),
      owner: String(r.owner),
      kind: r.kind as OrderRow['kind'],
      assetIn: Number(r.asset_in),
      assetOut: Number(r.asset_out),
      amount: big(r.amount),
      amountIn: big(r.amount_in),
      minOut: big(r.min_out),
      maxOut: big(r.max_out),
      toleranceBps: Number(r.tolerance_bps),
      poolTier: Number(r.pool_tier),
      feeBps: Number(r.fee_bps),
      expiry: Number(r.expiry),
      interval: Number(r.interval_seconds),
      filled: big(r.filled),
      received: big(r.received),
      collected: big(r.collected),
      fills: Number(r.fills),
      status: r.status as OrderRow['status'],
      refunded: big(r.refunded),
      placedRound: Number(r.placed_round),
      placedTime: Number(r.placed_time),
      updatedRound: Number(r.updated_round),
      endedRound: r.ended_round === null || r.ended_round === undefined ? null : Number(r.ended_round),
    }
    this.orders.set(row.id, row)
    return row
  }

  private row(at: EventPosition, order: OrderRow, kind: string, account: string, amount: bigint | null, paid: bigint | null = null, fee: bigint | null = null): void {
    order.updatedRound = at.round
    const text = (v: bigint | null) => (v === null ? null : String(v))
    this.events.push([at.round, at.intra, at.logIndex, at.time, at.txnId, at.groupId, order.id, kind, account, text(amount), text(paid), text(fee)])
  }

  async handle(event: DecodedEvent, at: EventPosition): Promise<void> {
    const e = event as OrderEvent
    if (e.name === 'OrderPlaced') {
      const a = e.args
      const order: OrderRow = {
        id: Number(a.id),
        owner: String(a.owner),
        kind: a.interval > 0n ? 'recurring' : 'limit',
        assetIn: Number(a.assetIn),
        assetOut: Number(a.assetOut),
        amount: a.amount,
        amountIn: a.amountIn,
        minOut: a.minOut,
        maxOut: a.maxOut,
        toleranceBps: Number(a.toleranceBps),
        poolTier: Number(a.poolTier),
        feeBps: Number(a.feeBps),
        expiry: Number(a.expiry),
        interval: Number(a.interval),
        filled: 0n,
        received: 0n,
        collected: 0n,
        fills: 0,
        status: 'open',
        refunded: 0n,
        placedRound: at.round,
        placedTime: at.time,
        updatedRound: at.round,
        endedRound: null,
      }
      // a placing after the order's close (the same owner and nonce) starts the row afresh
      this.orders.set(order.id, order)
      return this.row(at, order, 'place', order.owner, a.amount)
    }
    const order = await this.order(e.args.id)
    switch (e.name) {
      case 'OrderFilled':
        order.filled += e.args.amount
        order.received += e.args.paid
        order.fills += 1
        return this.row(at, order, 'fill', String(e.args.filler), e.args.amount, e.args.paid, e.args.fee)
      case 'OrderCollected':
        order.collected += e.args.amount
        return this.row(at, order, 'collect', order.owner, e.args.amount)
      case 'OrderClosed':
        order.status = e.args.cancelled ? 'cancelled' : 'filled'
        order.refunded = e.args.refunded
        order.endedRound = at.round
        return this.row(at, order, e.args.cancelled ? 'cancel' : 'close', order.owner, e.args.refunded)
    }
  }

  async flush(): Promise<void> {
    const orders = [...this.orders.values()]
    await ensureAssets(this.sql, this.ctx, orders.flatMap((o) => [o.assetIn, o.assetOut]))
    await insertRows(
      this.sql,
      'orders',
      COLUMNS,
      orders.map((o) => [o.id, o.owner, o.kind, o.assetIn, o.assetOut, String(o.amount), String(o.amountIn), String(o.minOut), String(o.maxOut), o.toleranceBps, o.poolTier, o.feeBps, o.expiry, o.interval, String(o.filled), String(o.received), String(o.collected), o.fills, o.status, String(o.refunded), o.placedRound, o.placedTime, o.updatedRound, o.endedRound]),
      `ON CONFLICT (id) DO UPDATE SET ${COLUMNS.slice(1).map((c) => `${c} = excluded.${c}`).join(', ')}`,
    )
    await insertRows(this.sql, 'order_events', ['round', 'intra', 'log_index', 'time', 'txn_id', 'group_id', 'order_id', 'kind', 'account', 'amount', 'paid', 'fee'], this.events)
  }

  counts(): Record<string, number> {
    return { orders: this.orders.size, events: this.events.length }
  }
}
