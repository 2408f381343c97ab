// The overview's headline, its chart and its changes, by one rule: "value you can move now"
// (movableValue). Grove has no record of an account's past balances, so the history is honest about
// what it is: the lines the headline counts today, each moved by how its tokens' prices moved, at each
// hour's closing prices of the pools that price them (the analytics service's candles) and in USD at
// the stable coin's ALGO pool's close. Its last point is the headline itself, at today's prices.
import { formatAmount } from '@grove/sdk/amount'
import { pricePaths, pricesAlong, type MarketPool, type PricePaths } from '@grove/sdk/figures'
import { movableLines, type LineAmount, type Portfolio } from './portfolio.ts'

/** A pool's closing price at a time: whole B per whole A, as the candles give it. */
export interface Close {
  time: number
  close: number
}

/** Whole ALGO per whole token of a plain token at some moment; undefined when nothing prices it then. */
export type AlgoPrices = (tokenId: number) => number | undefined

/** A point of the history, in base units: µALGO, and the stable coin's units (null without its price). */
export interface ValuePoint {
  time: number
  algo: number
  usd: number | null
}

/** What the headline and the chart write values in. */
export interface ValueUnit {
  key: 'usd' | 'algo'
  code: 'USD' | 'ALGO'
  decimals: number
}

export const ALGO_UNIT: ValueUnit = { key: 'algo', code: 'ALGO', decimals: 6 }
/** Dollars through the stable coin of `decimals`. */
export const usdUnit = (decimals: number): ValueUnit => ({ key: 'usd', code: 'USD', decimals })

/** A value of base units as the headline writes it, cut (not rounded) to cents as the table's cells are: "$1,234.56", "1,234.56 ALGO". */
export function formatValue(baseUnits: number, unit: ValueUnit): string {
  if (!Number.isFinite(baseUnits)) return '—'
  const text = formatAmount(BigInt(Math.round(baseUnits)), unit.decimals, { thousands: true, maxDecimals: 2 })
  return unit.code === 'USD' ? `$${text}` : `${text} ALGO`
}

/** The point's value in `unit`'s base units. */
export const valueIn = (point: ValuePoint, unit: ValueUnit): number | null => (unit.key === 'usd' ? point.usd : point.algo)

/** The routes that price each token in ALGO: the market figures' own (fewest pools, then the oldest; a stable pool by its invariant), so today's prices are the portfolio's. */
export function algoRoutes(pools: readonly Pick<MarketPool, 'lpAsset' | 'a' | 'b' | 'reserveA' | 'reserveB' | 'amp'>[]): PricePaths {
  return pricePaths(
    pools.map((p) => ({ id: Number(p.lpAsset), assetA: Number(p.a), assetB: Number(p.b), reserveA: String(p.reserveA), reserveB: String(p.reserveB), amp: p.amp })),
    0,
  )
}

/** Prices along `routes` at each pool's last close at or before `time` (by pool id, its LP asset). */
export function pricesAt(routes: PricePaths, decimals: (id: number) => number, closes: ReadonlyMap<number, readonly Close[]>, time: number): AlgoPrices {
  return pricesAlong(routes, decimals, (p) => {
    const c = closes.get(p.id ?? -1)
    return c ? (closeAt(c, time) ?? undefined) : undefined
  })
}

/** The pools whose closes the history needs: every pool on the route of a token the headline counts. */
export function routePools(portfolio: Portfolio, routes: PricePaths): number[] {
  const ids = new Set<number>()
  for (const line of movableLines(portfolio.lines)) {
    for (const x of line.exposure) {
      for (let step = routes.get(x.tokenId); step; step = routes.get(step.parent)) if (step.pool.id !== undefined) ids.add(step.pool.id)
    }
  }
  return [...ids].sort((a, b) => a - b)
}

/** The last close at or before `t`; null before the first one. */
export function closeAt(closes: readonly Close[], t: number): number | null {
  let lo = 0
  let hi = closes.length - 1
  let found: number | null = null
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (closes[mid]!.time <= t) {
      found = closes[mid]!.close
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

/** µALGO of plain token amounts at `prices`; null when one has no price (or its decimals are not known yet). */
function spotOf(parts: readonly LineAmount[], prices: AlgoPrices, decimals: (id: number) => number): number | null {
  let total = 0
  for (const x of parts) {
    const price = x.tokenId === 0 ? 1 : prices(x.tokenId)
    const value = price === undefined ? Number.NaN : (Number(x.amount) / 10 ** decimals(x.tokenId)) * price * 1e6
    if (!Number.isFinite(value)) return null
    total += value
  }
  return total
}

/**
 * The one rule behind the headline, its chart and its changes: "value you can move now" in µALGO at
 * `prices`. It counts the lines the headline counts (every priced line but the locks), each at what it
 * counts today (spot, or what selling returns when that is less) moved by how its tokens' spot value
 * moved from `today`'s prices to `prices`: a line worth less sold than at spot keeps that share of its
 * spot value, since past reserves (what selling returned then) are not known. At `today` itself
 * nothing moves, so it is the portfolio's total to the µALGO. Null when a counted token has no price
 * at `prices`: a point is left out rather than valued at an invented price.
 */
export function movableValue(portfolio: Portfolio, prices: AlgoPrices, today: AlgoPrices, decimals: (id: number) => number): number | null {
  let total = 0
  for (const line of movableLines(portfolio.lines)) {
    const counted = Number(line.algo)
    if (prices === today) {
      total += counted
      continue
    }
    const [then, now] = [spotOf(line.exposure, prices, decimals), spotOf(line.exposure, today, decimals)]
    if (then === null || now === null) return null
    total += now > 0 ? counted * (then / now) : counted
  }
  return total
}

/** The headline: the rule at today's prices, with its USD as the table converts µALGO (`usd`: the stable coin's base units). */
export function valueNow(input: {
  portfolio: Portfolio
  today: AlgoPrices
  decimals: (id: number) => number
  usd: (microAlgo: bigint) => bigint | null
  time: number
}): ValuePoint {
  const algo = movableValue(input.portfolio, input.today, input.today, input.decimals)!
  const usd = input.usd(BigInt(algo))
  return { time: input.time, algo, usd: usd === null ? null : Number(usd) }
}

/**
 * The rule at each step from `from` to `to` before `now`, at that step's closes (`usdPerAlgo`: whole
 * stable per whole ALGO then, `usdDecimals` the stable coin's), then `now`'s point: the headline. A step
 * where a counted token has no close yet is left out.
 */
export function valueHistory(input: {
  portfolio: Portfolio
  decimals: (id: number) => number
  today: AlgoPrices
  pricesAt: (time: number) => AlgoPrices
  usdPerAlgo: (time: number) => number | null
  usdDecimals: number
  now: ValuePoint
  from: number
  to: number
  step: number
}): ValuePoint[] {
  const points: ValuePoint[] = []
  for (let t = input.from; t <= input.to && t < input.now.time; t += input.step) {
    const algo = movableValue(input.portfolio, input.pricesAt(t), input.today, input.decimals)
    if (algo === null) continue
    const rate = input.usdPerAlgo(t)
    points.push({ time: t, algo, usd: rate === null ? null : (algo / 1e6) * rate * 10 ** input.usdDecimals })
  }
  points.push(input.now)
  return points
}

/** Relative change from the point `seconds` before the last one to the last (0.05 = +5%); null without both. */
export function changeOver(points: readonly ValuePoint[], seconds: number, unit: ValueUnit['key']): number | null {
  const last = points.at(-1)
  if (!last) return null
  const then = [...points].reverse().find((p) => p.time <= last.time - seconds)
  const [a, b] = [then?.[unit], last[unit]]
  if (a === undefined || a === null || b === null || !(a > 0)) return null
  return (b - a) / a
}
