// Per-pool candles: the timeframes, their buckets and a batch's accumulator that merges into the
// candles table (high/low widen, close moves on, volumes add up, open stays).
import type { Sql } from './db/database.ts'
import { insertRows } from './db/insert.ts'

/** Candle timeframes and their lengths in seconds. */
export const TIMEFRAMES = { '5m': 300, '15m': 900, '1h': 3_600, '4h': 14_400, '1d': 86_400 } as const
/** One of `TIMEFRAMES`. */
export type Timeframe = keyof typeof TIMEFRAMES

/** The start (unix seconds) of the bucket holding `time`. */
export function bucketOf(time: number, tf: Timeframe): number {
  const size = TIMEFRAMES[tf]
  return Math.floor(time / size) * size
}

/** One swap as a candle sees it. */
export interface CandleTrade {
  poolId: number
  time: number
  /** Spot price after the trade, whole B per whole A. */
  price: number
  /** Whether A went into the pool (A sold for B). */
  aToB: boolean
  amountIn: bigint
  amountOut: bigint
  volumeUsd: number
}

/** What one trade moved through a pool, both sides (a flash swap may pay in and take out either or both). */
export interface CandleFlows {
  poolId: number
  time: number
  /** Spot price after the trade, whole B per whole A. */
  price: number
  soldA: bigint
  soldB: bigint
  boughtA: bigint
  boughtB: bigint
  volumeUsd: number
}

interface Candle {
  poolId: number
  tf: Timeframe
  bucket: number
  open: number
  high: number
  low: number
  close: number
  soldA: bigint
  soldB: bigint
  boughtA: bigint
  boughtB: bigint
  volumeUsd: number
  trades: number
}

/** Candles of one batch's trades (in chain order), merged into the table by `flush`. */
export class CandleAccumulator {
  private readonly candles = new Map<string, Candle>()

  /** A swap hop: what it sold into the pool on one side and bought on the other. */
  add(t: CandleTrade): void {
    const [sold, bought] = [t.amountIn, t.amountOut]
    this.trade({ poolId: t.poolId, time: t.time, price: t.price, soldA: t.aToB ? sold : 0n, soldB: t.aToB ? 0n : sold, boughtA: t.aToB ? 0n : bought, boughtB: t.aToB ? bought : 0n, volumeUsd: t.volumeUsd })
  }

  /** Any trade by what it moved on each side. */
  trade(t: CandleFlows): void {
    for (const tf of Object.keys(TIMEFRAMES) as Timeframe[]) {
      const bucket = bucketOf(t.time, tf)
      const key = `${t.poolId}|${tf}|${bucket}`
      let c = this.candles.get(key)
      if (!c) {
        c = { poolId: t.poolId, tf, bucket, open: t.price, high: t.price, low: t.price, close: t.price, soldA: 0n, soldB: 0n, boughtA: 0n, boughtB: 0n, volumeUsd: 0, trades: 0 }
        this.candles.set(key, c)
      }
      c.high = Math.max(c.high, t.price)
      c.low = Math.min(c.low, t.price)
      c.close = t.price
      c.soldA += t.soldA
      c.soldB += t.soldB
      c.boughtA += t.boughtA
      c.boughtB += t.boughtB
      c.volumeUsd += t.volumeUsd
      c.trades += 1
    }
  }

  get size(): number {
    return this.candles.size
  }

  /** Merges the batch's candles into the table. */
  async flush(sql: Sql): Promise<void> {
    const rows = [...this.candles.values()].map((c) => [c.poolId, c.tf, c.bucket, c.open, c.high, c.low, c.close, String(c.soldA), String(c.soldB), String(c.boughtA), String(c.boughtB), c.volumeUsd, c.trades])
    await insertRows(
      sql,
      'candles',
      ['pool_id', 'tf', 'bucket', 'open', 'high', 'low', 'close', 'sold_a', 'sold_b', 'bought_a', 'bought_b', 'volume_usd', 'trades'],
      rows,
      `ON CONFLICT (pool_id, tf, bucket) DO UPDATE SET
        high = greatest(candles.high, excluded.high),
        low = least(candles.low, excluded.low),
        close = excluded.close,
        sold_a = candles.sold_a + excluded.sold_a,
        sold_b = candles.sold_b + excluded.sold_b,
        bought_a = candles.bought_a + excluded.bought_a,
        bought_b = candles.bought_b + excluded.bought_b,
        volume_usd = candles.volume_usd + excluded.volume_usd,
        trades = candles.trades + excluded.trades`,
    )
  }
}
