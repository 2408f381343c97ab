import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { EmptyTable } from '@/components/ui/empty-table.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { accountQuery } from '@/lib/account/account.ts'
import { formatAlgo } from '@/lib/format.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'
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
  const notDeployed = deployment ? null : <NotDeployed networkName={network.name} />
  switch (props.tab) {
    case 'overview':
      return (
        <>
          <ConnectPrompt reason="Connect a wallet to see your portfolio." />
          {session.activeAddress ? (
            <Panel title="Wallet">
              <BalanceLine address={session.activeAddress} />
            </Panel>
          ) : null}
          {notDeployed}
          <Panel title="Grove positions">
            <EmptyTable columns={['Position', 'Amount', 'Pending rewards']} text={deployment ? 'You have no positions yet.' : `No Grove positions on ${network.name}.`} />
          </Panel>
        </>
      )
    case 'accounts':
      return (
        <>
          <ConnectPrompt reason="Connect a wallet to list its accounts." />
          {session.accounts.length > 0 ? (
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Account</th>
                    <th scope="col">Address</th>
                    <th scope="col">ALGO balance</th>
                  </tr>
                </thead>
                <tbody>
                  {session.accounts.map((a) => (
                    <tr key={a.address} aria-current={a.address === session.activeAddress ? 'true' : undefined}>
                      <td>
                        {a.name}
                        {a.address === session.activeAddress ? ' (active)' : ''}
                      </td>
                      <td>
                        <code className="address">{a.address}</code>
                      </td>
                      <td>
                        <BalanceLine address={a.address} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      )
    case 'lock':
      return (
        <>
          {notDeployed}
          <LockTab />
        </>
      )
    case 'projects':
      return (
        <>
          {notDeployed}
          <ProjectsTab />
        </>
      )
  }
}

function BalanceLine(props: { address: string }) {
  const { algod } = useProtocol()
  const balance = useQuery(accountQuery(algod, props.address))
  if (balance.isPending) return <span>Loading…</span>
  if (balance.isError) return <span className="error-text">Balance unavailable: {balance.error.message}</span>
  return <span>{formatAlgo(balance.data.algo)}</span>
}
