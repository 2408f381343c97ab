import { useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { AnalyticsNotice } from '@/components/analytics/analytics-notice.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { chartCandles, TIMEFRAME_SECONDS, findPool, formatPercent, formatPrice, formatUsd, pairName, shownChange, shownPrice, symbolOf, trend } from '@/lib/analytics/derive.ts'
import { useAnalyticsPools, useAnalyticsUrl, usePoolFlashes, usePoolMarket } from '@/lib/analytics/queries.ts'
import { TIMEFRAMES, type Timeframe } from '@/lib/analytics/types.ts'
import { feeTierWords, poolLabel, useNetworkVenues, venueLabel } from '@/lib/pools/venues.ts'
import { emptyText } from '@/lib/empty-state.ts'
import { useDeploymentProblem, useProtocol } from '@/lib/protocol.ts'
import { CandleChart } from './components/candle-chart.tsx'
import { LastTrades } from './components/last-trades.tsx'
import { FlashActivity } from './components/flash-activity.tsx'
import { YourFees } from './components/your-fees.tsx'
import { chartPairs, pairKey } from './chart-pairs.ts'
import '@/components/analytics/analytics.css'
import './chart.css'
import { useChainNow } from '@/lib/locks/locks.ts'

export { TIMEFRAMES }

/**
 * Candlesticks and volume of one pool. The pool (?pool=<id> or ?pool=<a>-<b>), the timeframe
 * (?tf=) and the direction (?invert=1) live in the URL, so other pages link straight to a chart. The
 * picker chooses a pair, then one of its pools (a fee tier, the stable pool, another venue's).
 */
export function ChartPage() {
  const { network, deployment } = useProtocol()
  const problem = useDeploymentProblem()
  const url = useAnalyticsUrl()
  // where Grove is not deployed, a service that runs still charts Tinyman's pools (it follows them too)
  const { tinyman, tinymanLabel } = useNetworkVenues()
  const served = deployment !== null || (tinyman !== null && url !== null)
  const [params, setParams] = useSearchParams()
  const [query, setQuery] = useState('')
  const searchId = useId()
  const selectId = useId()
  const poolSelectId = useId()
  const tf: Timeframe = (TIMEFRAMES as readonly string[]).includes(params.get('tf') ?? '') ? (params.get('tf') as Timeframe) : '1h'
  // the time axis runs to the chain's now, moving a bucket at a time (not every second)
  const chainNow = useChainNow().now
  const axisEnd = chainNow === null ? 0 : Math.floor(Number(chainNow) / TIMEFRAME_SECONDS[tf]) * TIMEFRAME_SECONDS[tf]
  const inverted = params.get('invert') === '1'
  const pools = useAnalyticsPools(served ? url : null)
  const list = [...(pools.data ?? [])].sort((x, y) => (y.tvlUsd ?? -1) - (x.tvlUsd ?? -1))
  // no pool in the URL: the deepest one
  const pool = findPool(list, params.get('pool')) ?? (params.get('pool') ? undefined : list[0])
  const market = usePoolMarket(served ? url : null, pool?.id ?? null, tf)
  const live = market.pool.data ?? pool
  // flash loans and swaps are Grove's pools' (Tinyman's are not followed as flashes)
  const flashes = usePoolFlashes(served ? url : null, pool?.venue === 'grove' ? pool.id : null)
  const update = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params)
    for (const [k, v] of Object.entries(next)) if (v === null) p.delete(k); else p.set(k, v)
    setParams(p, { replace: true })
  }
  const pairs = chartPairs(list, query, pool)
  const pair = pool ? pairs.find((p) => p.key === pairKey(pool)) : undefined
  const unavailable = served && (url === null || pools.isError)
  // unserved, there is no deployment: its pools are unknown while the node cannot be reached
  const unserved = emptyText({ what: 'pools', networkName: network.name, deployed: false, problem }, '')
  const [base, quote] = live ? (inverted ? [live.assetB, live.assetA] : [live.assetA, live.assetB]) : []

  return (
    <Page title="Chart" intro="Price candles and volume for a pool, from Grove’s analytics service." wide>
      {served ? null : <NotDeployed networkName={network.name} needs="Charting a pool" analytics />}
      {unavailable ? <AnalyticsNotice url={url} networkName={network.name} error={pools.error} /> : null}
      <div className="toolbar chart-toolbar">
        <div className="field chart-toolbar__search">
          <label htmlFor={searchId}>Search pairs</label>
          <input id={searchId} type="search" placeholder="Symbol, name or asset id" value={query} onChange={(e) => setQuery(e.target.value)} disabled={!list.length} />
        </div>
        <div className="field chart-toolbar__pair">
          <label htmlFor={selectId}>Pair</label>
          <select id={selectId} value={pair?.key ?? ''} onChange={(e) => update({ pool: String(pairs.find((p) => p.key === e.target.value)?.pools[0]?.id ?? '') })} disabled={!list.length}>
            {pair ? null : <option value="">{!served ? unserved : pools.isPending && url ? 'Loading pools…' : params.get('pool') ? 'Choose a pair' : 'No pools'}</option>}
            {pairs.map((p) => (
              <option key={p.key} value={p.key}>
                {pairName(p.pools[0]!)}
                {p.pools.length > 1 ? ` · ${p.pools.length} pools` : ''}
              </option>
            ))}
          </select>
          {query && pairs.length <= (pool ? 1 : 0) ? <p className="hint">No other pair matches “{query}”.</p> : null}
        </div>
        <div className="field chart-toolbar__pool">
          <label htmlFor={poolSelectId}>Pool</label>
          <select id={poolSelectId} value={pool ? String(pool.id) : ''} onChange={(e) => update({ pool: e.target.value })} disabled={!pair}>
            {pair ? null : <option value="">Choose a pair first</option>}
            {(pair?.pools ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {poolLabel(p, tinymanLabel)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" aria-pressed={inverted} onClick={() => update({ invert: inverted ? null : '1' })} disabled={!live}>
          {live ? `Price in ${symbolOf(inverted ? live.assetB : live.assetA)} ⇄` : 'Invert price'}
        </button>
        <div role="group" aria-label="Timeframe" className="segmented">
          {TIMEFRAMES.map((t) => (
            <button key={t} type="button" aria-pressed={t === tf} className={t === tf ? 'active' : ''} onClick={() => update({ tf: t })}>
              {t}
            </button>
          ))}
        </div>
      </div>
      {params.get('pool') && pools.isSuccess && !pool ? (
        <p className="notice notice--warning" role="status">
          No pool “{params.get('pool')}” on {network.name}. Choose one above.
        </p>
      ) : null}

      {live && base && quote ? (
        <>
          <h2 className="chart-pair" data-testid="chart-pair">
            {symbolOf(base)}/{symbolOf(quote)}{' '}
            <span className="hint">
              on <span data-testid="chart-venue" data-venue={live.venue} data-kind={live.kind}>{venueLabel(live.kind === 'stable' ? 'stable' : live.venue, tinymanLabel)}</span> · {feeTierWords(live.feeBps)} fee · pool {live.id}
            </span>
          </h2>
          <dl className="stat-grid stat-grid--compact" aria-label="Pool figures">
            <div className="card stat">
              <dt>Price</dt>
              <dd data-testid="pool-price">
                {formatPrice(shownPrice(live.price, inverted))} {symbolOf(quote)}
              </dd>
            </div>
            <div className="card stat">
              <dt>24h change</dt>
              <dd className={`tone-${trend(shownChange(live.change24h, inverted))}`}>{formatPercent(shownChange(live.change24h, inverted), true)}</dd>
            </div>
            <div className="card stat">
              <dt>Volume (24h)</dt>
              <dd>{formatUsd(live.volume24hUsd)}</dd>
            </div>
            <div className="card stat">
              <dt>TVL</dt>
              <dd>{formatUsd(live.tvlUsd)}</dd>
            </div>
            <div className="card stat">
              <dt>Fee APR</dt>
              <dd>{formatPercent(live.feeApr)}</dd>
            </div>
            <YourFees url={url} poolId={live.id} />
          </dl>
          <div className="card chart-card">
            {market.candles.isError ? (
              <AnalyticsNotice url={url} networkName={network.name} error={market.candles.error} />
            ) : market.candles.data && market.candles.data.candles.length === 0 ? (
              <p className="empty">No trades in this pool yet, so no candles.</p>
            ) : (
              <CandleChart
                candles={chartCandles(market.candles.data?.candles ?? [], { a: live.assetA.decimals, b: live.assetB.decimals }, inverted)}
                viewKey={`${live.id}-${tf}-${inverted}-${market.candles.data ? 'data' : 'none'}`}
                unit={`${symbolOf(quote)} per ${symbolOf(base)}`}
                volumeUnit={symbolOf(quote)}
                bucketSeconds={TIMEFRAME_SECONDS[tf]}
                now={axisEnd}
              />
            )}
          </div>
          <Panel title="Last trades">
            <LastTrades pool={live} swaps={market.swaps.data} inverted={inverted} explorer={network.explorer} loading={market.swaps.isPending} failed={market.swaps.isError} />
          </Panel>
          {live.venue === 'grove' ? (
            <Panel title="Flash loans and swaps">
              <FlashActivity pool={live} flashes={flashes.data} explorer={network.explorer} loading={flashes.isPending} failed={flashes.isError} />
            </Panel>
          ) : null}
        </>
      ) : (
        <div className="chart-area card" role="img" aria-label={`Empty ${tf} chart`}>
          <p className="empty">
            {!served ? (problem === 'not-deployed' ? 'No pool, no candles: no analytics service follows this network’s pools.' : unserved) : unavailable ? 'No candles without the analytics service.' : pools.isPending ? 'Loading pools…' : 'Choose a pool to see its candles.'}
          </p>
        </div>
      )}
    </Page>
  )
}
