import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { Notice } from '@/components/ui/notice.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { assetQuery } from '@/lib/tokens/asset.ts'
import { formatAmount } from '@grove/sdk/amount'
import { useProtocol } from '@/lib/protocol.ts'

/** A project's page: token facts read from algod, then its pools, farms and locks from Grove. */
export function ProjectPage() {
  // The route's validity check guarantees a positive integer here.
  const assetId = useParams().assetId!
  const { network, algod, deployment } = useProtocol()
  const asset = useQuery(assetQuery(algod, assetId))
  const name = asset.data?.name ?? `Asset ${assetId}`
  return (
    <Page title={name} intro={`Token project for asset ${assetId} on ${network.name}.`} wide>
      {deployment ? null : <NotDeployed networkName={network.name} />}
      <Panel title="Token">
        {asset.isPending ? <p>Reading asset {assetId} from algod…</p> : null}
        {asset.isError ? (
          <Notice tone="error" title="Token details unavailable">
            {asset.error.message}
          </Notice>
        ) : null}
        {asset.data ? (
          <dl className="details">
            <div>
              <dt>Unit</dt>
              <dd>{asset.data.unitName ?? 'None'}</dd>
            </div>
            <div>
              <dt>Total supply</dt>
              <dd>{formatAmount(asset.data.total, asset.data.decimals, { thousands: true })}</dd>
            </div>
            <div>
              <dt>Decimals</dt>
              <dd>{asset.data.decimals}</dd>
            </div>
            <div>
              <dt>Creator</dt>
              <dd>
                <code className="address">{asset.data.creator}</code>
              </dd>
            </div>
            {network.explorer ? (
              <div>
                <dt>Explorer</dt>
                <dd>
                  <a href={network.explorer.asset(asset.data.id)} target="_blank" rel="noreferrer">
                    View on Lora
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </Panel>
      <div className="grid grid--2">
        <Panel title="Pools">
          <p className="empty">{deployment ? 'No pools list this token yet.' : `No pools on ${network.name}.`}</p>
        </Panel>
        <Panel title="Farms">
          <p className="empty">{deployment ? 'No farms for this token yet.' : `No farms on ${network.name}.`}</p>
        </Panel>
        <Panel title="Locks">
          <p className="empty">{deployment ? 'No locks of this token yet.' : `No locks on ${network.name}.`}</p>
        </Panel>
        <Panel title="Supply locked">
          <p className="empty">{deployment ? 'Computed from this token’s locks.' : 'Not deployed'}</p>
        </Panel>
      </div>
    </Page>
  )
}
