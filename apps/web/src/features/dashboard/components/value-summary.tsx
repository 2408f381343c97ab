// The overview's head: the total (from algod, the sum of the table's lines), its 24h and 7d change
// and a 7-day chart of today's holdings at each hour's prices from the analytics service.
import { useQueries } from '@tanstack/react-query'
import { formatAmount } from '@grove/sdk/amount'
import { AnalyticsNotice } from '@/components/analytics/analytics-notice.tsx'
import { formatPercent, formatUsd, trend } from '@/lib/analytics/derive.ts'
import { candlesQuery, useAnalyticsUrl } from '@/lib/analytics/queries.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { useChainNow } from '@/lib/locks/locks.ts'
import { changeOver, exposureTotals, valueHistory, type TokenSeries } from '../value-history.ts'
import type { ValuedPortfolio } from './portfolio-view.tsx'
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
  const { portfolio, pools, stable } = props.v
  const holdings = portfolio ? exposureTotals(portfolio) : new Map<number, bigint>()
  // Each held token's ALGO pool (A = ALGO), and the stable coin's for USD.
  const ids = [...new Set([...holdings.keys(), ...(stable ? [stable.id] : [])])].filter((id) => id !== 0)
  const algoPools = ids.flatMap((id) => {
    const p = pools.find((x) => x.a === 0n && x.b === BigInt(id))
    return p ? [{ id, lp: Number(p.lpAsset) }] : []
  })
  const candles = useQueries({
    queries: algoPools.map((p) => ({ ...candlesQuery(url ?? '', p.lp, '1h'), enabled: url !== null, refetchInterval: REFRESH_MS })),
  })
  const error = candles.find((c) => c.error)?.error
  const loaded = candles.every((c) => c.data)
  const series = new Map<number, TokenSeries>()
  algoPools.forEach((p, i) => {
    const data = candles[i]?.data
    if (data) series.set(p.id, { decimals: props.v.tokens.get(p.id)?.decimals ?? 0, closes: data.candles.map((c) => ({ time: c.time, close: c.close })) })
  })
  const usdSeries = stable ? (series.get(stable.id)?.closes ?? null) : null
  const to = now === null ? null : Number(now) - (Number(now) % HOUR)
  // candles exist for ALGO pools only: a token priced along another route (MOSS through FERN) is left out of the history
  const charted = new Map([...holdings].filter(([id]) => id === 0 || algoPools.some((p) => p.id === id)))
  const points = loaded && portfolio && to !== null ? valueHistory({ holdings: charted, series, usd: usdSeries, from: to - WEEK, to, step: HOUR }) : []
  const unit = usdSeries ? 'usd' : 'algo'
  const d1 = changeOver(points, 86_400, unit)
  const d7 = changeOver(points, WEEK, unit)
  const totalUsd = portfolio ? props.v.usd(portfolio.totalAlgo) : null
  return (
    <section className="value-summary" aria-label="Portfolio value">
      <div className="value-summary__figures">
        <div>
          <p className="value-summary__label">{portfolio && portfolio.lockedAlgo > 0n ? 'Value you can move now' : 'Total value'}</p>
          <p className="value-summary__total" data-testid="summary-total" data-algo={portfolio ? String(portfolio.totalAlgo) : undefined}>
            {portfolio ? (totalUsd !== null && stable ? `$${formatAmount(totalUsd, stable.decimals, { thousands: true, maxDecimals: 2 })}` : `${formatAmount(portfolio.totalAlgo, 6, { thousands: true, maxDecimals: 2 })} ALGO`) : '…'}
          </p>
          {portfolio && totalUsd !== null ? <p className="hint">{formatAmount(portfolio.totalAlgo, 6, { thousands: true, maxDecimals: 2 })} ALGO</p> : null}
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
          {points.length > 1 ? (
            <ValueChart points={points} unit={unit} label={`Your holdings of today at each hour’s prices over 7 days, in ${unit === 'usd' ? 'USD' : 'ALGO'}, from ${formatUsd(points[0]!.usd)} to ${formatUsd(points.at(-1)!.usd)}`} />
          ) : (
            <p className="hint" role="status">{loaded ? 'No price history for these tokens yet.' : 'Reading price history…'}</p>
          )}
          <p className="hint value-summary__note">
            The chart and the changes value what you hold now at each hour’s closing prices of the last 7 days (the analytics service’s candles{unit === 'usd' ? `, in USD through ${stable?.symbol}` : ', in ALGO'}). They show how prices moved your
            current holdings, not your past balances: deposits, withdrawals and trades are not replayed.
          </p>
        </>
      )}
    </section>
  )
}
