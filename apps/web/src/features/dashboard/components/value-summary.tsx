// The overview's head: the total (from algod, the sum of the table's lines), its 24h and 7d change
// and a 7-day chart of today's holdings at each hour's prices from the analytics service.
// The overview's head: what can be moved now (from algod, the sum of the table's lines but the
// locks), its 24h and 7d change and a 7-day chart of it, all by value-history's one rule; the chart's
// past points value those lines at each hour's prices from the analytics service, its last is the headline.
import { useQueries } from '@tanstack/react-query'
import { formatAmount } from '@grove/sdk/amount'
import { algoPool, pricesAlong } from '@grove/sdk/figures'
import { AnalyticsNotice } from '@/components/analytics/analytics-notice.tsx'
import { formatPercent, trend } from '@/lib/analytics/derive.ts'
import { candlesQuery, useAnalyticsUrl } from '@/lib/analytics/queries.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { useChainNow } from '@/lib/locks/locks.ts'
import { ALGO_UNIT, algoRoutes, changeOver, closeAt, formatValue, pricesAt, routePools, usdUnit, valueHistory, valueIn, valueNow, type Close } from '../value-history.ts'
import type { ValuedPortfolio } from '../valued-portfolio.ts'
import { ValueChart } from './value-chart.tsx'
import '@/components/analytics/analytics.css'
import '../dashboard.css'

const HOUR = 3600
const WEEK = 7 * 86_400
/** The history refreshes with the portfolio, not with every block. */
const REFRESH_MS = 60_000

/** The total, its change and its history. */
export function ValueSummary(props: { v: ValuedPortfolio }) {
  const { network } = useProtocol()
  const url = useAnalyticsUrl()
  const { now } = useChainNow(5_000)
  const { portfolio, pools, stable, tokens } = props.v
  const decimals = (id: number) => (id === 0 ? 6 : (tokens.get(id)?.decimals ?? Number.NaN))
  const routes = algoRoutes(props.v.marketPools)
  const today = pricesAlong(routes, decimals)
  const time = now === null ? null : Number(now)
  // the chain's second only dates the chart's last point: the headline does not wait for it
  const current = portfolio ? valueNow({ portfolio, today, decimals, usd: props.v.usd, time: time ?? 0 }) : null
  const unit = stable && current && current.usd !== null ? usdUnit(stable.decimals) : ALGO_UNIT
  // the closes of every pool pricing what the headline counts, and of the stable coin's ALGO pool for USD
  const usdPool = stable ? algoPool(pools, stable.id) : undefined
  const ids = portfolio ? [...new Set([...routePools(portfolio, routes), ...(usdPool ? [Number(usdPool.lpAsset)] : [])])] : []
  const candles = useQueries({
    queries: ids.map((id) => ({ ...candlesQuery(url ?? '', id, '1h'), enabled: url !== null, refetchInterval: REFRESH_MS })),
  })
  const error = candles.find((c) => c.error)?.error
  const loaded = candles.every((c) => c.data)
  const closes = new Map<number, Close[]>()
  ids.forEach((id, i) => {
    const data = candles[i]?.data
    if (data) closes.set(id, data.candles.map((c) => ({ time: c.time, close: c.close })))
  })
  const usdCloses = usdPool ? closes.get(Number(usdPool.lpAsset)) : undefined
  const points =
    loaded && portfolio && current && time !== null
      ? valueHistory({
          portfolio,
          decimals,
          today,
          pricesAt: (t) => pricesAt(routes, decimals, closes, t),
          usdPerAlgo: (t) => (usdCloses ? closeAt(usdCloses, t) : null),
          usdDecimals: stable?.decimals ?? 0,
          now: current,
          from: current.time - (current.time % HOUR) - WEEK,
          to: current.time,
          step: HOUR,
        })
      : []
  const d1 = changeOver(points, 86_400, unit.key)
  const d7 = changeOver(points, WEEK, unit.key)
  const title = portfolio && portfolio.lockedAlgo > 0n ? 'Value you can move now' : 'Total value'
  return (
    <section className="value-summary" aria-label="Portfolio value">
      <div className="value-summary__figures">
        <div>
          <p className="value-summary__label">{title}</p>
          <p className="value-summary__total" data-testid="summary-total" data-algo={current ? String(current.algo) : undefined}>
            {current ? formatValue(valueIn(current, unit)!, unit) : '…'}
          </p>
          {current && unit.key === 'usd' ? <p className="hint">{formatValue(current.algo, ALGO_UNIT)}</p> : null}
          {portfolio && portfolio.lockedAlgo > 0n ? (
            <p className="hint" data-testid="summary-locked" data-algo={String(portfolio.lockedAlgo)}>
              + {formatAmount(portfolio.lockedAlgo, 6, { thousands: true, maxDecimals: 2 })} ALGO in locks, not counted: locked or vesting
            </p>
          ) : null}
          {portfolio && portfolio.capped > 0 ? <p className="hint">{portfolio.capped} holding(s) valued at what selling into their pools returns, below spot</p> : null}
        </div>
        <dl className="value-summary__changes">
          {[
            ['24h', d1],
            ['7d', d7],
          ].map(([label, change]) => (
            <div key={label as string}>
              <dt>{label as string} change</dt>
              <dd className={`tone-${trend(change as number | null)}`} data-testid={`change-${label as string}`}>
                {formatPercent(change as number | null, true)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {url === null || error ? (
        <AnalyticsNotice url={url} networkName={network.name} error={error} />
      ) : (
        <>
          {points.filter((p) => valueIn(p, unit) !== null).length > 1 ? (
            <ValueChart points={points} unit={unit} title={title} />
          ) : (
            <p className="hint" role="status">{loaded ? 'No price history for these tokens yet.' : 'Reading price history…'}</p>
          )}
          <p className="hint value-summary__note">
            The chart and the changes count what the total counts{portfolio && portfolio.lockedAlgo > 0n ? ' (locks left out)' : ''}, a holding its pools cannot pay for at what selling returns, at
            each hour’s closing prices of the last 7 days (the analytics service’s candles{unit.key === 'usd' ? `, in USD through ${stable?.symbol}` : ', in ALGO'}); the last point is the total
            above, at today’s prices. They show how prices moved your current holdings, not your past balances: deposits, withdrawals and trades are not replayed.
          </p>
        </>
      )}
    </section>
  )
}
