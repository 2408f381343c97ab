import { describe, expect, it } from 'vitest'
import { algoInStable, pricesAlong, stableSpotPrice, type ReservePool } from '@grove/sdk/figures'
import { figuresOf } from '@/lib/pools/figures.ts'
import { derivePortfolio, type LockHolding } from './portfolio.ts'
import { ALGO_UNIT, algoRoutes, changeOver, closeAt, formatValue, movableValue, pricesAt, routePools, usdUnit, valueHistory, valueNow, type Close } from './value-history.ts'

const H = 3600
const DAY = 86_400
// ALGO/gUSD (10) at 0.2 gUSD per ALGO; ALGO/FERN (11) at 4 FERN per ALGO; gUSD/MOSS (12) only: 0.0002 MOSS per gUSD. All 6 decimals.
const POOLS: ReservePool[] = [
  { a: 0n, b: 10n, reserveA: 1_000_000_000n, reserveB: 200_000_000n, lpAsset: 100n, lpIssued: 446_212_595n },
  { a: 0n, b: 11n, reserveA: 500_000_000n, reserveB: 2_000_000_000n, lpAsset: 101n, lpIssued: 999_000n },
  { a: 10n, b: 12n, reserveA: 50_000_000n, reserveB: 10_000n, lpAsset: 102n, lpIssued: 21_360n },
]
/** Today's closes: each pool's price now. */
const TODAY = new Map<number, number>([
  [100, 0.2],
  [101, 4],
  [102, 0.0002],
])
const decimals = (id: number) => (id === 0 || [10, 11, 12].includes(id) ? 6 : Number.NaN)
const tokens = new Map([0, 10, 11, 12].map((id) => [id, { decimals: 6 }]))
const routes = algoRoutes(POOLS)
const today = pricesAlong(routes, decimals)
const usd = (microAlgo: bigint) => algoInStable(POOLS, 10, microAlgo)
// A million FERN in the wallet (its pool holds 2,000: counted at what selling returns, far below spot),
// MOSS priced through gUSD, ALGO/FERN liquidity, and a lock of a million FERN more.
const LOCK: LockHolding = { id: 1n, asset: 11n, owed: 1_000_000_000_000n, locked: 1_000_000_000_000n, withdrawable: 0n }
const portfolioOf = (locks: LockHolding[]) =>
  derivePortfolio({
    holdings: { algo: 5_000_000n, minBalance: 100_000n, assets: new Map([[11, 1_000_000_000_000n], [12, 100n], [101, 100_000n]]) },
    pools: POOLS,
    locks,
    market: figuresOf(POOLS, tokens, { id: 10 }),
  })
const withLock = portfolioOf([LOCK])
const NOW = 20 * DAY + 1800

/** The history of `portfolio` with each pool's closes (ALGO/gUSD's for USD), the last point at NOW. */
function history(portfolio: ReturnType<typeof portfolioOf>, closes: ReadonlyMap<number, readonly Close[]>) {
  const now = valueNow({ portfolio, today, decimals, usd, time: NOW })
  const points = valueHistory({
    portfolio,
    decimals,
    today,
    pricesAt: (t) => pricesAt(routes, decimals, closes, t),
    usdPerAlgo: (t) => closeAt(closes.get(100) ?? [], t),
    usdDecimals: 6,
    now,
    from: NOW - (NOW % H) - 7 * DAY,
    to: NOW,
    step: H,
  })
  return { now, points }
}
const flat = new Map([...TODAY].map(([id, close]) => [id, [{ time: 0, close }]]))
// FERN was worth half as much in ALGO until a day and a half ago, and gUSD per ALGO 0.25 until then
const moved = new Map([...flat, [101, [{ time: 0, close: 8 }, { time: NOW - 1.5 * DAY, close: 4 }]], [100, [{ time: 0, close: 0.25 }, { time: NOW - 1.5 * DAY, close: 0.2 }]]])

describe('the scenario', () => {
  it('is worth over a hundred times what can be moved when the lock is counted and every line at spot (the chart’s old rule)', () => {
    const spot = withLock.lines.reduce((s, l) => s + (l.spotAlgo ?? l.algo ?? 0n), 0n)
    expect(spot / withLock.totalAlgo).toBeGreaterThan(100n)
    expect(withLock.lines.find((l) => l.key === 'lock-1')!.spotAlgo).toBeGreaterThan(withLock.totalAlgo)
  })
})

describe('valueNow (the headline)', () => {
  it('is the portfolio’s total you can move now to the µALGO, and its USD as the table converts it', () => {
    const now = valueNow({ portfolio: withLock, today, decimals, usd, time: NOW })
    expect(now).toEqual({ time: NOW, algo: Number(withLock.totalAlgo), usd: Number(usd(withLock.totalAlgo)) })
  })
})

describe('valueHistory', () => {
  it('ends at the headline, to the µALGO and to the cent in the headline’s writing', () => {
    const { now, points } = history(withLock, moved)
    expect(points.at(-1)).toEqual(now)
    expect(formatValue(points.at(-1)!.usd!, usdUnit(6))).toBe(formatValue(Number(usd(withLock.totalAlgo)), usdUnit(6)))
  })
  it('stays at the headline while prices stay at today’s: neither a lock nor a holding’s spot value lifts it', () => {
    const { now, points } = history(withLock, flat)
    expect(points).toHaveLength(7 * 24 + 2)
    for (const p of points) {
      expect(p.algo / now.algo).toBeCloseTo(1, 9)
      // the headline's USD is floored to the stable coin's unit, as the table's
      expect(p.usd! / now.usd!).toBeCloseTo(1, 6)
    }
  })
  it('is the same series with or without a lock', () => {
    expect(history(withLock, moved).points).toEqual(history(portfolioOf([]), moved).points)
  })
  it('moves each counted line by its tokens’ prices, a line sold below spot keeping its share of spot', () => {
    const { points } = history(withLock, moved)
    const before = points[0]!
    const line = (key: string) => Number(withLock.lines.find((l) => l.key === key)!.algo)
    const lp = withLock.lines.find((l) => l.key === 'lp-101')!
    const [algoSide, fernSide] = lp.exposure.map((x) => Number(x.amount))
    // FERN at half its ALGO price halves its line (and its side of the liquidity); MOSS, priced through gUSD at 0.25 per ALGO then, was at 0.2/0.25 of today's
    const expected = line('wallet-0') + line('wallet-11') / 2 + line('lp-101') * ((algoSide! + fernSide! / 8) / (algoSide! + fernSide! / 4)) + line('wallet-12') * (0.2 / 0.25)
    expect(before.algo / expected).toBeCloseTo(1, 9)
    expect(before.usd).toBeCloseTo((before.algo / 1e6) * 0.25 * 1e6, 6)
  })
  it('leaves out the hours before a counted token has a close', () => {
    const late = new Map([...flat, [102, [{ time: NOW - DAY, close: 0.0002 }]]])
    const { points } = history(withLock, late)
    expect(points[0]!.time).toBeGreaterThanOrEqual(NOW - DAY)
  })
})

describe('changeOver', () => {
  it('gives the 24h change of the same series: the headline against the rule at the closes a day before', () => {
    const { now, points } = history(withLock, moved)
    const then = [...points].reverse().find((p) => p.time <= NOW - DAY)!
    expect(then.algo).toBe(movableValue(withLock, pricesAt(routes, decimals, moved, then.time), today, decimals))
    expect(changeOver(points, DAY, 'usd')).toBe((now.usd! - then.usd!) / then.usd!)
    expect(changeOver(points, DAY, 'algo')).toBe((now.algo - then.algo) / then.algo)
  })
  const points = [0, 1, 2, 3].map((i) => ({ time: i * DAY, algo: 100 + i * 10, usd: null }))
  it('compares the last point with the one a period before it', () => {
    expect(changeOver(points, DAY, 'algo')).toBeCloseTo(10 / 120)
    expect(changeOver(points, 3 * DAY, 'algo')).toBeCloseTo(0.3)
  })
  it('is null when the history is shorter than the period or has no USD', () => {
    expect(changeOver(points, 7 * DAY, 'algo')).toBeNull()
    expect(changeOver(points, DAY, 'usd')).toBeNull()
  })
})

describe('routePools', () => {
  it('lists every pool pricing a counted token, MOSS through gUSD included, and none for a lock alone', () => {
    expect(routePools(withLock, routes)).toEqual([100, 101, 102])
    const lockOnly = derivePortfolio({ holdings: { algo: 1n, minBalance: 0n, assets: new Map() }, pools: POOLS, locks: [LOCK] })
    expect(routePools(lockOnly, routes)).toEqual([])
  })
})

describe('formatValue', () => {
  it.each([
    [175_029_549_999, usdUnit(6), '$175,029.54'],
    [1_000_000, usdUnit(6), '$1'],
    [2_263_687_123_456, ALGO_UNIT, '2,263,687.12 ALGO'],
    [Number.NaN, ALGO_UNIT, '—'],
  ])('writes %s base units as %s, cut to cents as the table is', (base, unit, text) => {
    expect(formatValue(base, unit)).toBe(text)
  })
})

describe('closeAt', () => {
  const closes = [
    { time: 100, close: 1 },
    { time: 200, close: 2 },
  ]
  it.each([
    [99, null],
    [100, 1],
    [150, 1],
    [200, 2],
    [10_000, 2],
  ])('at %i it is %s', (t, v) => {
    expect(closeAt(closes, t)).toBe(v)
  })
})

describe('a coin only a stable pool prices', () => {
  // gUSD (10) against an 8-decimal coin (13) on a stable pool at A = 100 (pool 104), 1.2M : 0.8M: the coin a little over 1 gUSD (5 ALGO)
  const stable = { lpAsset: 104n, a: 10n, b: 13n, reserveA: 12n * 10n ** 11n, reserveB: 8n * 10n ** 13n, lpIssued: 10n ** 13n, feeBps: 5n, amp: 100 }
  const market = [...POOLS, stable]
  const stableDecimals = (id: number) => (id === 13 ? 8 : decimals(id))
  const stableRoutes = algoRoutes(market)
  const portfolio = derivePortfolio({ holdings: { algo: 0n, minBalance: 0n, assets: new Map([[13, 10n ** 8n]]) }, pools: POOLS, market: figuresOf(market, new Map([...tokens, [13, { decimals: 8 }]]), { id: 10 }) })

  it('routes it through the stable pool at the invariant’s price today, and has a history from its candles', () => {
    const todayStable = pricesAlong(stableRoutes, stableDecimals)
    // by the invariant, not the reserves' ratio (which says 7.5 ALGO)
    expect(todayStable(13)).toBeCloseTo(5 / stableSpotPrice(1_200_000, 800_000, 100)!, 9)
    expect(todayStable(13)).toBeLessThan(5.5)
    expect(routePools(portfolio, stableRoutes)).toEqual([100, 104])
    const closes = new Map([...flat, [104, [{ time: 0, close: 1 }]]])
    const now = valueNow({ portfolio, today: todayStable, decimals: stableDecimals, usd, time: NOW })
    const points = valueHistory({ portfolio, decimals: stableDecimals, today: todayStable, pricesAt: (t) => pricesAt(stableRoutes, stableDecimals, closes, t), usdPerAlgo: (t) => closeAt(closes.get(100) ?? [], t), usdDecimals: 6, now, from: NOW - (NOW % H) - DAY, to: NOW, step: H })
    expect(points.length).toBeGreaterThan(24)
    expect(points.at(-1)!.algo).toBe(Number(portfolio.totalAlgo))
  })
})
