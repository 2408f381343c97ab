import { Link } from 'react-router'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Panel } from '@/components/ui/page.tsx'
import { useProtocol } from '@/lib/protocol.ts'

const FEATURES = [
  { title: 'Swap', to: '/dex/swap', text: 'Trade any two tokens on a constant-product AMM, with routes of up to four pools in one transaction.' },
  { title: 'Provide liquidity', to: '/shares', text: 'Deposit a pair of tokens into a pool and earn a share of its 0.3% trading fee.' },
  { title: 'Farms', to: '/staking/farms', text: 'Stake your pool shares (LP tokens) to earn extra rewards from farm creators.' },
  { title: 'Staking pools', to: '/staking/pools', text: 'Stake a single token and earn rewards, with an optional minimum lock.' },
  { title: 'Stake GROVE', to: '/stake', text: 'Stake GROVE for sGROVE, which grows as protocol fees are bought back into the vault.' },
  { title: 'Projects and locks', to: '/projects', text: 'See a token project’s pools, farms and locked supply before you trade it.' },
]

// Pool, farm and volume figures are served by the analytics service, which is not part of this build.
const ANALYTICS_PENDING = 'Figures appear here once Grove’s analytics service is running for this network.'

/** The landing page: what Grove does, protocol stats, top pools, featured farms, a call to connect. */
export function LandingPage() {
  const { network, deployment } = useProtocol()
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

      <div className="grid grid--2">
        <Panel title="Protocol stats">
          {deployment ? <p className="empty">{ANALYTICS_PENDING}</p> : <NotDeployed networkName={network.name} />}
        </Panel>
        <Panel title="Top pools"><p className="empty">{deployment ? ANALYTICS_PENDING : `No pools on ${network.name}.`}</p></Panel>
      </div>
      <Panel title="Featured farms"><p className="empty">{deployment ? ANALYTICS_PENDING : `No farms on ${network.name}.`}</p></Panel>

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
