import { Link } from 'react-router'
import { AnalyticsNotice } from '@/components/analytics/analytics-notice.tsx'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Panel } from '@/components/ui/page.tsx'
import { featuredFarms, formatPercent, formatUsd, pairName, programName } from '@/lib/analytics/derive.ts'
import { useActiveFarms, useAnalyticsPools, useAnalyticsStats, useAnalyticsUrl } from '@/lib/analytics/queries.ts'
import { feeTierWords, useNetworkVenues, venueLabel } from '@/lib/pools/venues.ts'
import { emptyText } from '@/lib/empty-state.ts'
import { useDeploymentProblem, useProtocol } from '@/lib/protocol.ts'
import '@/components/analytics/analytics.css'

const FEATURES = [
  { title: 'Swap', to: '/dex/swap', text: 'Trade any two tokens on a constant-product AMM, with routes of up to four pools in one transaction.' },
  { title: 'Provide liquidity', to: '/shares', text: 'Deposit a pair of tokens into a pool and earn a share of its 0.3% trading fee.' },
  { title: 'Farms', to: '/staking/farms', text: 'Stake your pool shares (LP tokens) to earn extra rewards from farm creators.' },
  { title: 'Staking pools', to: '/staking/pools', text: 'Stake a single token and earn rewards, with an optional minimum lock.' },
  { title: 'Stake GROVE', to: '/stake', text: 'Stake GROVE for sGROVE, which grows as protocol fees are bought back into the vault.' },
  { title: 'Projects and locks', to: '/projects', text: 'See a token project’s pools, farms and locked supply before you trade it.' },
]

/** The landing page: what Grove does, protocol stats, top pools, featured farms, a call to connect. */
export function LandingPage() {
  const { network, deployment } = useProtocol()
  // without a deployment, the panels say why: the node cannot be reached, or Grove is not there
  const read = { networkName: network.name, deployed: deployment !== null, problem: useDeploymentProblem() }
  const url = useAnalyticsUrl()
  const source = deployment ? url : null
  const stats = useAnalyticsStats(source)
  const pools = useAnalyticsPools(source)
  const programs = useActiveFarms(source)
  const { tinymanLabel } = useNetworkVenues()
  const unavailable = deployment !== null && (url === null || stats.isError || pools.isError)
  const loading = <p className="empty">Loading…</p>
  const top = [...(pools.data ?? [])].sort((x, y) => (y.tvlUsd ?? -1) - (x.tvlUsd ?? -1)).slice(0, 5)
  const farms = featuredFarms(programs.data ?? [])
  return (
    <section className="page page--wide landing" aria-labelledby="page-title">
      <header className="hero">
        <h1 id="page-title">Swap, earn and stake on Algorand</h1>
        <p className="hero__lead">
          Grove is a decentralised exchange with farms, staking pools, token locks and project pages. Every action is a
          transaction you sign in your own wallet.
        </p>
        <div className="button-row">
          <Link className="button button--primary" to="/dex/swap">
            Start swapping
          </Link>
          <Link className="button" to="/docs">
            Read the docs
          </Link>
        </div>
      </header>

      <ConnectPrompt reason="Connect Pera, Defly, Kibisis or Lute to see your balances and sign transactions." />
      {unavailable ? <AnalyticsNotice url={url} networkName={network.name} error={stats.error ?? pools.error} /> : null}

      <div className="grid grid--2">
        <Panel title="Protocol stats" actions={stats.data ? <Link to="/dex/analytics">All analytics</Link> : undefined}>
          {!deployment ? (
            <NotDeployed networkName={network.name} needs="This panel" />
          ) : stats.data ? (
            <dl className="stat-grid stat-grid--compact" aria-label="Protocol stats">
              <div className="stat">
                <dt>Total value locked</dt>
                <dd data-testid="landing-tvl">{formatUsd(stats.data.tvlUsd)}</dd>
              </div>
              <div className="stat">
                <dt>Volume (24h)</dt>
                <dd>{formatUsd(stats.data.volume24hUsd)}</dd>
              </div>
              <div className="stat">
                <dt>Fees (24h)</dt>
                <dd>{formatUsd(stats.data.fees24hUsd)}</dd>
              </div>
              <div className="stat">
                <dt>Pools</dt>
                <dd>{stats.data.pools}</dd>
              </div>
            </dl>
          ) : unavailable ? (
            <p className="empty">Protocol figures need the analytics service.</p>
          ) : (
            loading
          )}
        </Panel>
        <Panel title="Top pools">
          {!deployment ? (
            <p className="empty">{emptyText({ ...read, what: 'pools' }, 'No pools yet.')}</p>
          ) : pools.data ? (
            top.length ? (
              <ol className="rank-list" aria-label="Top pools by TVL">
                {top.map((p) => (
                  <li key={p.id} data-testid="top-pool" data-pool-id={p.id} data-venue={p.venue}>
                    {/* the venue and fee tier in the link's name too: one pair on two venues, or in two tiers, is two pools */}
                    <span>
                      <Link to={`/dex/chart?pool=${p.id}`} aria-label={`${pairName(p)} ${feeTierWords(p.feeBps)} on ${venueLabel(p.venue, tinymanLabel)}`}>
                        {pairName(p)}
                      </Link>{' '}
                      <span data-testid="pool-venue">{venueLabel(p.venue, tinymanLabel)}</span> <span data-testid="pool-tier">{p.feeBps / 100}%</span>
                    </span>
                    <span>
                      {formatUsd(p.tvlUsd)} TVL · {formatPercent(p.feeApr)} fee APR
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="empty">No pools yet.</p>
            )
          ) : unavailable ? (
            <p className="empty">Pool figures need the analytics service.</p>
          ) : (
            loading
          )}
        </Panel>
      </div>
      <Panel title="Featured farms" actions={<Link to="/staking/farms">All farms</Link>}>
        {!deployment ? (
          <p className="empty">{emptyText({ ...read, what: 'farms' }, 'No active farms right now.')}</p>
        ) : farms.length ? (
          <ol className="rank-list" aria-label="Featured farms, by TVL" data-testid="featured-farms">
            {farms.map((f) => (
              <li key={f.id} data-testid={`featured-farm-${f.id}`} data-apr={f.apr ?? ''} data-tvl-usd={f.tvlUsd ?? ''}>
                <Link to="/staking/farms">{programName(f, pools.data ?? [])}</Link>
                <span>
                  <span data-testid="featured-farm-tvl">{formatUsd(f.tvlUsd)}</span> TVL · <span data-testid="featured-farm-apr">{formatPercent(f.apr)}</span> APR
                </span>
              </li>
            ))}
          </ol>
        ) : programs.isPending && !unavailable ? (
          loading
        ) : (
          <p className="empty">
            {programs.data === null || unavailable
              ? 'No farms are featured here yet: the analytics service does not list farms. The farms page reads them from the chain.'
              : programs.isError
                ? 'Farms could not be read from the analytics service. The farms page reads them from the chain.'
                : 'No active farms right now.'}
          </p>
        )}
      </Panel>

      <ul className="feature-grid" aria-label="What you can do">
        {FEATURES.map((f) => (
          <li key={f.to} className="card">
            <h2>
              <Link to={f.to}>{f.title}</Link>
            </h2>
            <p>{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
