import { Table } from '@/components/ui/table.tsx'
import { useState } from 'react'
import { Link } from 'react-router'
import { AnalyticsNotice } from '@/components/analytics/analytics-notice.tsx'
import { HistoryChart } from '@/components/analytics/history-chart.tsx'
import { SortHeader, SortSelect } from '@/components/analytics/sort-header.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { formatPercent, formatPrice, formatUsd, nextSort, pairName, sortRows, symbolOf, trend, type Sort } from '@/lib/analytics/derive.ts'
import { useAnalyticsPools, useAnalyticsStats, useAnalyticsTokens, useAnalyticsUrl } from '@/lib/analytics/queries.ts'
import type { ApiPool, ApiToken } from '@/lib/analytics/types.ts'
import { feeTierWords, useNetworkVenues, venueLabel } from '@/lib/pools/venues.ts'
import { emptyText } from '@/lib/empty-state.ts'
import { useDeploymentProblem, useProtocol } from '@/lib/protocol.ts'
import '@/components/analytics/analytics.css'

type PoolKey = 'pair' | 'tvl' | 'volume' | 'fees' | 'apr' | 'change'
type TokenKey = 'token' | 'price' | 'change' | 'volume' | 'tvl'
const POOL_COLUMNS = [['pair', 'Pool'], ['tvl', 'TVL'], ['volume', 'Volume 24h'], ['fees', 'Fees 24h'], ['apr', 'Fee APR'], ['change', 'Price 24h']] as const
const TOKEN_COLUMNS = [['token', 'Token'], ['price', 'Price'], ['change', '24h change'], ['volume', 'Volume 24h'], ['tvl', 'TVL']] as const

const poolValue = (p: ApiPool, key: PoolKey) =>
  ({ pair: pairName(p), tvl: p.tvlUsd, volume: p.volume24hUsd, fees: p.fees24hUsd, apr: p.feeApr, change: p.change24h })[key]
const tokenValue = (t: ApiToken, key: TokenKey) => ({ token: symbolOf(t), price: t.priceUsd, change: t.change24h, volume: t.volume24hUsd, tvl: t.tvlUsd })[key]

/** Protocol analytics: TVL, volume and fees, their daily history, top pools and tokens. */
export function AnalyticsPage() {
  const { network, deployment } = useProtocol()
  const problem = useDeploymentProblem()
  const url = useAnalyticsUrl()
  // where Grove is not deployed, a service that runs still follows Tinyman's pools
  const { tinyman, tinymanLabel } = useNetworkVenues()
  const served = deployment !== null || (tinyman !== null && url !== null)
  const source = served ? url : null
  const stats = useAnalyticsStats(source)
  const pools = useAnalyticsPools(source)
  const tokens = useAnalyticsTokens(source)
  const [poolSort, setPoolSort] = useState<Sort<PoolKey>>({ key: 'tvl', descending: true })
  const [tokenSort, setTokenSort] = useState<Sort<TokenKey>>({ key: 'volume', descending: true })
  const error = stats.error ?? pools.error ?? tokens.error
  const unavailable = served && (url === null || error !== null)
  // a node that cannot be reached leaves the figures unknown, not absent
  const waiting = !served ? (problem === 'unreachable' ? 'Unknown' : problem === 'not-deployed' ? 'Not deployed' : '…') : unavailable ? 'Unavailable' : '…'
  const s = stats.data
  const metrics = [
    ['Total value locked', s?.tvlUsd, formatUsd, 'tvl'],
    ['Volume (24h)', s?.volume24hUsd, formatUsd, 'volume-24h'],
    ['Volume (7d)', s?.volume7dUsd, formatUsd, 'volume-7d'],
    ['Fees (24h)', s?.fees24hUsd, formatUsd, 'fees-24h'],
    ['Fees (7d)', s?.fees7dUsd, formatUsd, 'fees-7d'],
    ['Trades (24h)', s?.trades24h, (n: number) => n.toLocaleString('en-US'), 'trades-24h'],
  ] as const
  const empty = (what: string) =>
    !served ? emptyText({ what, networkName: network.name, deployed: false, problem }, '') : unavailable ? 'Unavailable without the analytics service.' : 'Loading…'

  return (
    <Page title="Analytics" intro="How Grove is used: liquidity, volume and fees across every pool." wide>
      {served ? null : <NotDeployed networkName={network.name} needs="Analytics" analytics />}
      {unavailable ? <AnalyticsNotice url={url} networkName={network.name} error={error} /> : null}
      <dl className="stat-grid stat-grid--compact" aria-label="Protocol figures">
        {metrics.map(([label, value, format, id]) => (
          <div key={id} className="card stat">
            <dt>{label}</dt>
            {/* data-value: the exact figure behind the rounded text */}
            <dd data-testid={`stat-${id}`} data-value={value} className={value === undefined ? 'stat__empty' : undefined}>
              {value === undefined ? waiting : format(value)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="hint">
        In US dollars. TVL is every pool’s two reserves valued at the token prices below, which come from the pools themselves: each token through
        the fewest pools to the network’s stable coin (gUSD on LocalNet). A pool with only one priced side counts that side twice. Fees are the
        pools’ trading fees.
      </p>

      <div className="grid grid--2">
        <Panel title="TVL history">
          {s ? <HistoryChart title="Total value locked per day" kind="area" points={s.history.map((d) => ({ day: d.day, value: d.tvlUsd }))} /> : <p className="empty">{empty('history')}</p>}
        </Panel>
        <Panel title="Volume history">
          {s ? <HistoryChart title="Volume per day" kind="bars" points={s.history.map((d) => ({ day: d.day, value: d.volumeUsd }))} /> : <p className="empty">{empty('history')}</p>}
        </Panel>
      </div>

      <Panel title="Top pools" actions={<SortSelect label="Sort pools by" columns={POOL_COLUMNS} sort={poolSort} onSort={setPoolSort} />}>
        <Table label="Top pools" className="table--stack" columns={[{ label: 'Pool', head: <SortHeader column="pair" label="Pool" sort={poolSort} onSort={(k) => setPoolSort(nextSort(poolSort, k, ['pair']))} /> }, { label: 'Venue' }, { label: 'TVL', head: <SortHeader column="tvl" label="TVL" sort={poolSort} onSort={(k) => setPoolSort(nextSort(poolSort, k))} /> }, { label: 'Volume 24h', head: <SortHeader column="volume" label="Volume 24h" sort={poolSort} onSort={(k) => setPoolSort(nextSort(poolSort, k))} /> }, { label: 'Fees 24h', head: <SortHeader column="fees" label="Fees 24h" sort={poolSort} onSort={(k) => setPoolSort(nextSort(poolSort, k))} /> }, { label: 'Fee APR', head: <SortHeader column="apr" label="Fee APR" sort={poolSort} onSort={(k) => setPoolSort(nextSort(poolSort, k))} /> }, { label: 'Price 24h', head: <SortHeader column="change" label="Price 24h" sort={poolSort} onSort={(k) => setPoolSort(nextSort(poolSort, k))} /> }]}>
          {pools.data?.length ? (
            sortRows(pools.data, poolSort, poolValue, pairName).map((p) => (
              <tr key={p.id} data-testid="pool-row" data-pool-id={p.id}>
                <th scope="row" data-label="Pool">
                  <Link to={`/dex/chart?pool=${p.id}`}>{pairName(p)}</Link> <span className="hint">{feeTierWords(p.feeBps)}</span>
                </th>
                <td data-label="Venue" data-testid="pool-venue" data-venue={p.venue}>
                  {venueLabel(p.venue, tinymanLabel)}
                </td>
                <td data-label="TVL">{formatUsd(p.tvlUsd)}</td>
                <td data-label="Volume 24h">{formatUsd(p.volume24hUsd)}</td>
                <td data-label="Fees 24h">{formatUsd(p.fees24hUsd)}</td>
                <td data-label="Fee APR">{formatPercent(p.feeApr)}</td>
                <td data-label="Price 24h" className={`tone-${trend(p.change24h)}`}>
                  {formatPercent(p.change24h, true)}
                </td>
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={7} className="empty">
                {pools.data ? 'No pools yet.' : empty('pools')}
              </td>
            </tr>
          )}
        </Table>
      </Panel>

      <Panel title="Top tokens" actions={<SortSelect label="Sort tokens by" columns={TOKEN_COLUMNS} sort={tokenSort} onSort={setTokenSort} />}>
        <Table label="Top tokens" className="table--stack" columns={[{ label: 'Token', head: <SortHeader column="token" label="Token" sort={tokenSort} onSort={(k) => setTokenSort(nextSort(tokenSort, k, ['token']))} /> }, { label: 'Price (USD)', head: <SortHeader column="price" label="Price (USD)" sort={tokenSort} onSort={(k) => setTokenSort(nextSort(tokenSort, k))} /> }, { label: '24h change', head: <SortHeader column="change" label="24h change" sort={tokenSort} onSort={(k) => setTokenSort(nextSort(tokenSort, k))} /> }, { label: 'Volume 24h', head: <SortHeader column="volume" label="Volume 24h" sort={tokenSort} onSort={(k) => setTokenSort(nextSort(tokenSort, k))} /> }, { label: 'TVL', head: <SortHeader column="tvl" label="TVL" sort={tokenSort} onSort={(k) => setTokenSort(nextSort(tokenSort, k))} /> }]}>
          {tokens.data?.length ? (
            sortRows(tokens.data, tokenSort, tokenValue, symbolOf).map((t) => (
              <tr key={t.id} data-testid="token-row" data-asset-id={t.id}>
                <th scope="row" data-label="Token">
                  {t.id === 0 ? symbolOf(t) : <Link to={`/projects/${t.id}`}>{symbolOf(t)}</Link>} <span className="hint">{t.name}</span>
                </th>
                <td data-label="Price (USD)" data-testid="token-price" data-value={t.priceUsd ?? undefined}>
                  {t.priceUsd === null ? '—' : `$${formatPrice(t.priceUsd)}`}
                </td>
                <td data-label="24h change" className={`tone-${trend(t.change24h)}`}>
                  {formatPercent(t.change24h, true)}
                </td>
                <td data-label="Volume 24h">{formatUsd(t.volume24hUsd)}</td>
                <td data-label="TVL">{formatUsd(t.tvlUsd)}</td>
              </tr>
            ))
          ) : (
            <tr>
              <td colSpan={5} className="empty">
                {tokens.data ? 'No tokens traded yet.' : empty('tokens')}
              </td>
            </tr>
          )}
        </Table>
      </Panel>
    </Page>
  )
}
