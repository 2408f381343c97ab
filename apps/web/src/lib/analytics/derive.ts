// Pure derivations of the analytics pages: names, figures as text, the pool a URL picks, candles
// the way round the user reads them, and sorting. No React, so tests need no DOM.
import type { ApiAsset, ApiCandle, ApiPool, ApiProgram } from './types.ts'
import type { Timeframe } from './types.ts'

/** A token's short name: its unit name, else its name, else "#id" (ALGO for asset 0). */
export function symbolOf(asset: Pick<ApiAsset, 'id' | 'unitName' | 'name'>): string {
  if (asset.id === 0) return 'ALGO'
  return asset.unitName || asset.name || `#${asset.id}`
}

/** "ALGO/gUSD": the pool's pair in its asset order, or the other way round. */
export function pairName(pool: Pick<ApiPool, 'assetA' | 'assetB'>, inverted = false): string {
  const [base, quote] = inverted ? [pool.assetB, pool.assetA] : [pool.assetA, pool.assetB]
  return `${symbolOf(base)}/${symbolOf(quote)}`
}

/**
 * The pool a `?pool=` value names: its id (the LP asset id, "1042") or its pair of asset ids in
 * either order ("0-1001"), as other pages link to it; undefined when none matches.
 */
export function findPool<P extends Pick<ApiPool, 'id' | 'assetA' | 'assetB'>>(pools: readonly P[], param: string | null): P | undefined {
  if (!param) return undefined
  const pair = /^(\d+)-(\d+)$/.exec(param)
  if (pair) {
    const [x, y] = [Number(pair[1]), Number(pair[2])]
    return pools.find((p) => (p.assetA.id === x && p.assetB.id === y) || (p.assetA.id === y && p.assetB.id === x))
  }
  return /^\d+$/.test(param) ? pools.find((p) => p.id === Number(param)) : undefined
}

/** True when every word of `query` is in the pair's symbols, names or ids ("fern alg", "1001"). */
export function poolMatches(pool: Pick<ApiPool, 'id' | 'assetA' | 'assetB'>, query: string): boolean {
  const words = query.trim().toLowerCase().split(/[\s/]+/).filter(Boolean)
  const text = [pool.assetA, pool.assetB].flatMap((a) => [symbolOf(a), a.name ?? '', String(a.id)]).concat(String(pool.id)).join(' ').toLowerCase()
  return words.every((w) => text.includes(w))
}

/** Seconds in each timeframe's candle (the service's buckets start at multiples of it). */
export const TIMEFRAME_SECONDS: Record<Timeframe, number> = { '5m': 300, '15m': 900, '1h': 3_600, '4h': 14_400, '1d': 86_400 }

/**
 * The chart's time axis: every bucket from the first candle to `until`, a candle where trades
 * happened and a gap (a time with no data) where none did, so 5m, 15m and 1h differ on the axis as
 * they do in time. At most `limit` buckets, the latest.
 */
export function timeAxis<C extends { time: number }>(candles: readonly C[], seconds: number, until: number, limit = 2_000): (C | { time: number; gap: true })[] {
  if (candles.length === 0) return []
  const byTime = new Map(candles.map((c) => [c.time, c]))
  const last = Math.max(candles.at(-1)!.time, Math.floor(until / seconds) * seconds)
  const first = Math.max(candles[0]!.time, last - (limit - 1) * seconds)
  const out: (C | { time: number; gap: true })[] = []
  for (let t = first; t <= last; t += seconds) out.push(byTime.get(t) ?? { time: t, gap: true })
  return out
}

/** One candle as the chart draws it: price in quote per base, volume in whole quote tokens. */
export interface ChartCandle {
  time: number
  open: number
  high: number
  low: number
  close: number
  volume: number
  /** Whether the price closed at or above where it opened. */
  up: boolean
}

/**
 * The service's candles (whole B per whole A) as the chart shows them: inverted, prices become
 * whole A per whole B, so high and low swap places; each opens at the previous close; volume is
 * counted in the quote token.
 */
export function chartCandles(candles: readonly ApiCandle[], decimals: { a: number; b: number }, inverted: boolean): ChartCandle[] {
  let previous: number | undefined
  return candles.map((c) => {
    const [first, high, low, close] = inverted ? [1 / c.open, 1 / c.low, 1 / c.high, 1 / c.close] : [c.open, c.high, c.low, c.close]
    // The service's open is the price after the bucket's first swap; between swaps the spot price
    // stands still, so the bucket really opened at the previous close (a lone swap is then a body, not a dash).
    const open = previous ?? first
    previous = close
    const volume = inverted ? Number(c.volumeA) / 10 ** decimals.a : Number(c.volumeB) / 10 ** decimals.b
    return { time: c.time, open, high: Math.max(high, open), low: Math.min(low, open), close, volume, up: close >= open }
  })
}

/** The price the user reads: whole quote per whole base. */
export const shownPrice = (price: number | null, inverted: boolean): number | null => (price === null || price === 0 ? null : inverted ? 1 / price : price)

/** The 24h change of the inverted price: 1/(p(1+c)) over 1/p, less one. */
export const shownChange = (change: number | null, inverted: boolean): number | null => (change === null ? null : inverted ? 1 / (1 + change) - 1 : change)

/** A price with enough digits to tell moves apart: 5 significant figures, grouped, no exponent. */
export function formatPrice(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—'
  if (value === 0) return '0'
  const digits = Math.max(0, Math.min(12, 4 - Math.floor(Math.log10(Math.abs(value)))))
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 })
}

/** US dollars: cents below $1,000, whole dollars below a million, then compact ("$1.23M"). */
export function formatUsd(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—'
  if (Math.abs(value) >= 1e6) return `$${(value / 1e6).toLocaleString('en-US', { maximumFractionDigits: 2 })}M`
  if (Math.abs(value) >= 1000) return `$${Math.round(value).toLocaleString('en-US')}`
  if (value !== 0 && Math.abs(value) < 0.01) return '<$0.01'
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

/** A fraction as a percentage with a sign when asked ("+1.25%"). */
export function formatPercent(fraction: number | null, signed = false): string {
  if (fraction === null || !Number.isFinite(fraction)) return '—'
  const text = `${(fraction * 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`
  return signed && fraction > 0 ? `+${text}` : text
}

/** A direction word for a change, for colour and screen readers. */
export const trend = (change: number | null): 'up' | 'down' | 'flat' => (change === null || change === 0 ? 'flat' : change > 0 ? 'up' : 'down')

/** A sort: column and direction. */
export interface Sort<K extends string> {
  key: K
  descending: boolean
}

/** Rows ordered by `value(row, key)`; nulls last whichever the direction, ties by `name`. */
export function sortRows<R, K extends string>(rows: readonly R[], sort: Sort<K>, value: (row: R, key: K) => number | string | null, name: (row: R) => string): R[] {
  return [...rows].sort((x, y) => {
    const a = value(x, sort.key)
    const b = value(y, sort.key)
    if (a === null || b === null) return a === b ? name(x).localeCompare(name(y)) : a === null ? 1 : -1
    const c = typeof a === 'string' || typeof b === 'string' ? String(a).localeCompare(String(b)) : a - b
    return (sort.descending ? -c : c) || name(x).localeCompare(name(y))
  })
}

/** The next sort after a click on `key`: the same column flips, another starts descending (names ascending). */
export function nextSort<K extends string>(sort: Sort<K>, key: K, textKeys: readonly K[] = []): Sort<K> {
  return sort.key === key ? { key, descending: !sort.descending } : { key, descending: !textKeys.includes(key) }
}

/** A program's name from its stake and reward tokens ("ALGO/gUSD LP → GROVE"); an LP token by its pool's pair. */
export function programName(program: ApiProgram, pools: readonly Pick<ApiPool, 'lpAsset' | 'assetA' | 'assetB'>[] = []): string {
  const pool = pools.find((p) => p.lpAsset === program.stakeAsset.id)
  const stake = pool ? `${pairName(pool)} LP` : symbolOf(program.stakeAsset)
  return `${stake} → ${program.rewards.map((r) => symbolOf(r.asset)).join(' + ')}`
}

/** The landing's featured farms: up to `count` active farms, largest TVL first (unvalued ones last). */
export function featuredFarms(programs: readonly ApiProgram[], count = 3): ApiProgram[] {
  return programs
    .filter((p) => p.kind === 'farm' && p.status === 'active')
    .sort((x, y) => (y.tvlUsd ?? -1) - (x.tvlUsd ?? -1) || x.id - y.id)
    .slice(0, count)
}
