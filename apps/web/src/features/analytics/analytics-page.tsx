import { EmptyTable } from '@/components/ui/empty-table.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { useProtocol } from '@/lib/protocol.ts'

const METRICS = ['Total value locked', 'Volume (24h)', 'Volume (7d)', 'Fees (24h)']

/** Protocol analytics: TVL, volume, fees, top pools and tokens, history. */
export function AnalyticsPage() {
  const { network, deployment } = useProtocol()
  const none = deployment ? 'Waiting for the analytics service.' : 'Not deployed'
  return (
    <Page title="Analytics" intro="How Grove is used: liquidity, volume and fees across every pool." wide>
      {deployment ? null : <NotDeployed networkName={network.name} />}
      <dl className="stat-grid">
        {METRICS.map((m) => (
          <div key={m} className="card stat">
            <dt>{m}</dt>
            <dd className="stat__empty">{none}</dd>
          </div>
        ))}
      </dl>
      <div className="grid grid--2">
        <Panel title="Top pools">
          <EmptyTable columns={['Pool', 'TVL', 'Volume 24h', 'Fee']} text={deployment ? 'No data yet.' : `No pools on ${network.name}.`} />
        </Panel>
        <Panel title="Top tokens">
          <EmptyTable columns={['Token', 'Price', 'Volume 24h']} text={deployment ? 'No data yet.' : `No tokens traded on ${network.name}.`} />
        </Panel>
      </div>
      <Panel title="Protocol history">
        <p className="empty">{deployment ? 'History appears once the analytics service has followed the chain.' : 'Nothing has happened on this network yet.'}</p>
      </Panel>
    </Page>
  )
}
