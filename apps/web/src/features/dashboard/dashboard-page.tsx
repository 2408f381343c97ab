import { useSearchParams } from 'react-router'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { EmptyTable } from '@/components/ui/empty-table.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { useProtocol } from '@/lib/protocol.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'
import { AccountsTable } from './components/accounts-table.tsx'
import { Overview } from './components/portfolio-view.tsx'
import { DASHBOARD_TABS, parseDashboardTab, type DashboardTab } from './dashboard-tabs.ts'

/** Your portfolio: overview, accounts, locks and projects, one tab each (?tab=). */
export function DashboardPage() {
  const [params, setParams] = useSearchParams()
  const tab = parseDashboardTab(params.get('tab'))
  return (
    <Page title="Dashboard" intro="Everything your connected wallet holds and controls in Grove." wide>
      <div role="tablist" aria-label="Dashboard" className="tabs">
        {DASHBOARD_TABS.map((t) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            className={tab === t.id ? 'tabs__tab active' : 'tabs__tab'}
            onClick={() => setParams(t.id === 'overview' ? {} : { tab: t.id })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tabpanel">
        <TabContent tab={tab} />
      </div>
    </Page>
  )
}

function TabContent(props: { tab: DashboardTab }) {
  const { network, deployment } = useProtocol()
  const session = useWalletSession()
  const notDeployed = deployment ? null : <NotDeployed networkName={network.name} />
  switch (props.tab) {
    case 'overview':
      return (
        <>
          <ConnectPrompt reason="Connect a wallet to see your portfolio." />
          {notDeployed}
          {session.activeAddress ? <Overview address={session.activeAddress} /> : null}
        </>
      )
    case 'accounts':
      return (
        <>
          <ConnectPrompt reason="Connect a wallet to list its accounts." />
          {session.accounts.length > 0 ? <AccountsTable /> : null}
        </>
      )
    case 'lock':
      return (
        <>
          <ConnectPrompt reason="Connect a wallet to see your locks." />
          {notDeployed}
          <Panel title="Your locks">
            <EmptyTable columns={['Token', 'Locked', 'Withdrawn', 'Cliff', 'Unlocks']} text={deployment ? 'You have no locks.' : `No locks on ${network.name}.`} />
          </Panel>
        </>
      )
    case 'projects':
      return (
        <>
          <ConnectPrompt reason="Connect a wallet to see the projects you registered." />
          {notDeployed}
          <Panel title="Your projects">
            <EmptyTable columns={['Project', 'Token', 'Verified']} text={deployment ? 'You have not registered a project.' : `No projects on ${network.name}.`} />
          </Panel>
        </>
      )
  }
}
