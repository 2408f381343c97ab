// The overview's value history. Grove has no record of an account's past balances, so the chart is
// honest about what it is: the holdings of today (every priced line's tokens, an LP token as its two
// sides) valued at each hour's closing prices of their ALGO pools, and in USD at the stable coin's.
// It shows how prices moved what the account holds now, not what the account held then.
import type { Portfolio } from './portfolio.ts'

/** A pool's closing price at a time: whole token per whole ALGO (the ALGO pool's B per A). */
export interface Close {
  time: number
  close: number
}

/** One token's price history. */
export interface TokenSeries {
  decimals: number
  /** Oldest first. */
  closes: readonly Close[]
}

/** A point of the history. */
export interface ValuePoint {
  time: number
  algo: number
  usd: number | null
}

/** Base units of every token behind the priced lines (the total's make-up), by token id. */
export function exposureTotals(portfolio: Portfolio): Map<number, bigint> {
  const out = new Map<number, bigint>()
  for (const line of portfolio.lines) {
    if (line.algo === null) continue
    for (const x of line.exposure) if (x.amount > 0n) out.set(x.tokenId, (out.get(x.tokenId) ?? 0n) + x.amount)
  }
  return out
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

/**
 * The holdings' value at each step from `from` to `to`: ALGO counts as itself, a token at its ALGO
 * pool's close then; a step where some token has no close yet is left out (no invented price).
 */
export function valueHistory(input: {
  holdings: ReadonlyMap<number, bigint>
  series: ReadonlyMap<number, TokenSeries>
  /** The stable coin's ALGO pool: stable per ALGO. */
  usd: readonly Close[] | null
  from: number
  to: number
  step: number
}): ValuePoint[] {
  const points: ValuePoint[] = []
  for (let t = input.from; t <= input.to; t += input.step) {
    let algo = 0
    let priced = true
    for (const [id, amount] of input.holdings) {
      if (id === 0) {
        algo += Number(amount) / 1e6
        continue
      }
      const s = input.series.get(id)
      const close = s ? closeAt(s.closes, t) : null
      if (!s || close === null || !(close > 0)) {
        priced = false
        break
      }
      algo += Number(amount) / 10 ** s.decimals / close
    }
    if (!priced) continue
    const rate = input.usd ? closeAt(input.usd, t) : null
    points.push({ time: t, algo, usd: rate === null ? null : algo * rate })
  }
  return points
}

/** Relative change from the point `seconds` before the last one to the last (0.05 = +5%); null without both. */
export function changeOver(points: readonly ValuePoint[], seconds: number, unit: 'algo' | 'usd'): number | null {
  const last = points.at(-1)
  if (!last) return null
  const then = [...points].reverse().find((p) => p.time <= last.time - seconds)
  const [a, b] = [then?.[unit], last[unit]]
  if (a === undefined || a === null || b === null || !(a > 0)) return null
  return (b - a) / a
}
