import { useSearchParams } from 'react-router'
import { TransactionHistory } from '@/components/history/transaction-history.tsx'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { useProtocol } from '@/lib/protocol.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'
import { AccountsTable } from './components/accounts-table.tsx'
import { ActivityList } from './components/activity-list.tsx'
import { Overview } from './components/portfolio-view.tsx'
import { PositionReturns } from './components/position-returns.tsx'
import { OpenOrders } from './components/open-orders.tsx'
import { LockTab } from './lock-tab.tsx'
import { ProjectsTab } from './projects-tab.tsx'
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
  const notDeployed = (needs: string) => (deployment ? null : <NotDeployed networkName={network.name} needs={needs} />)
  switch (props.tab) {
    case 'overview':
      return (
        <>
          <ConnectPrompt reason="Connect a wallet to see your portfolio." />
          {notDeployed('Your portfolio of Grove positions')}
          {session.activeAddress ? <Overview address={session.activeAddress} /> : null}
          {session.activeAddress && deployment ? <PositionReturns address={session.activeAddress} /> : null}
          {session.activeAddress && deployment ? <OpenOrders address={session.activeAddress} /> : null}
        </>
      )
    case 'accounts':
      return (
        <>
          <ConnectPrompt reason="Connect a wallet to list its accounts." />
          {session.accounts.length > 0 ? <AccountsTable /> : null}
          {session.activeAddress ? (
            <>
              <Panel title="Activity of the active account">
                <ActivityList address={session.activeAddress} />
              </Panel>
              {/* every transaction of the account, Grove's or not, from the network's indexer */}
              <Panel title="Transaction history">
                <TransactionHistory address={session.activeAddress} />
              </Panel>
            </>
          ) : null}
        </>
      )
    case 'lock':
      return (
        <>
          {notDeployed('Locking tokens')}
          <LockTab />
        </>
      )
    case 'projects':
      return (
        <>
          {notDeployed('Your projects tab')}
          <ProjectsTab />
        </>
      )
  }
}
