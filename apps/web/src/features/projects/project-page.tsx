import { useQueries, useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { IssuerWarning } from '@/components/dex/issuer-warning.tsx'
import { UnlockChart } from '@/components/locks/unlock-chart.tsx'
import { lockHandle } from '@/lib/locks/handle.ts'
import { AssetPrograms } from '@/components/staking/asset-programs.tsx'
import { ErrorPage } from '@/components/ui/error-page.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { Table, type Column } from '@/components/ui/table.tsx'
import { formatAmount } from '@grove/sdk/amount'
import { formatPriceValue } from '@/lib/pools/figures.ts'
import { useNetworkVenues, venueLabel } from '@/lib/pools/venues.ts'
import { shortenAddress } from '@/lib/format.ts'
import { chainClockQuery, chainNow, formatPercent, formatTime, projectQuery, unlockSchedule } from '@/lib/locks/locks.ts'
import { emptyText, type EmptyRead } from '@/lib/empty-state.ts'
import { useDeploymentProblem, useProtocol } from '@/lib/protocol.ts'
import { useErrorTitle } from '@/lib/document-title.ts'
import { AssetMissingError } from '@/lib/tokens/asset.ts'
import { ALGO, toToken, tokenQuery, verifiedTokensQuery, type Token } from '@/lib/tokens/tokens.ts'
import { sdkQuery } from '@/lib/tx/sdk.ts'
import { liquidityText } from './derive-projects.ts'
import { useTokenFacts } from './hooks/use-token-facts.ts'
import '@/components/locks/unlock-chart.css'
import './projects.css'

/** A token's page: its parameters and issuer's powers from algod, its project if registered, its pools, locks and how much of its supply is locked. */
export function ProjectPage() {
  // The route's validity check guarantees a positive integer here.
  const assetId = Number(useParams().assetId!)
  const { network, algod, deployment } = useProtocol()
  const facts = useTokenFacts(assetId)
  const project = useQuery({ ...projectQuery(algod, deployment, assetId), enabled: !!deployment })
  const verified = useQuery({ ...verifiedTokensQuery(algod, deployment?.registryAppId ?? 0), enabled: !!deployment })
  const asset = facts.asset.data
  const token = asset ? toToken(asset) : null
  const name = project.data?.name || asset?.name || `Asset ${assetId}`
  const read = useRead()
  if (facts.asset.error instanceof AssetMissingError) return <AssetMissing assetId={assetId} networkName={network.name} />
  return (
    <Page title={name} intro={project.data ? `Project for ${token?.symbol ?? 'asset'} #${assetId} on ${network.name}.` : `Asset #${assetId} on ${network.name}: what the chain knows of it${project.data === null ? ' (no project is registered)' : ''}.`} wide>
      {deployment ? null : <NotDeployed networkName={network.name} needs="A project page" />}
      {token && verified.data ? <IssuerWarning tokens={[token]} verified={verified.data} /> : null}
      <div className="grid grid--2">
        <Panel title="Token">
          {facts.asset.isPending ? <p>Reading asset {assetId} from algod…</p> : null}
          {facts.asset.isError ? (
            <Notice tone="error" title="Token details unavailable">
              {facts.asset.error.message}
            </Notice>
          ) : null}
          {asset ? (
            <dl className="details">
              <div>
                <dt>Name</dt>
                <dd>{asset.name ?? 'None'}</dd>
              </div>
              <div>
                <dt>Unit</dt>
                <dd>{asset.unitName ?? 'None'}</dd>
              </div>
              <div>
                <dt>Total supply</dt>
                <dd>{formatAmount(asset.total, asset.decimals, { thousands: true })}</dd>
              </div>
              <div>
                <dt>Decimals</dt>
                <dd>{asset.decimals}</dd>
              </div>
              <Address label="Creator" value={asset.creator} />
              <Address label="Manager" value={asset.manager} />
              <Address label="Clawback" value={asset.clawback} />
              <Address label="Freeze" value={asset.freeze} />
              {network.explorer ? (
                <div>
                  <dt>Explorer</dt>
                  <dd>
                    <a href={network.explorer.asset(asset.id)} target="_blank" rel="noreferrer">
                      View on Lora
                    </a>
                  </dd>
                </div>
              ) : null}
            </dl>
          ) : null}
        </Panel>
        <Panel title="Project">
          {project.data ? null : (
            <p className="empty">
              {emptyText(
                { ...read, what: 'projects', failed: project.isError, pending: project.isPending },
                'No project is registered for this token. Its creator or manager can register one from the dashboard.',
              )}
            </p>
          )}
          {project.data ? (
            <dl className="details" data-testid="project-details">
              <div>
                <dt>Name</dt>
                <dd>{project.data.name}</dd>
              </div>
              <div>
                <dt>Link</dt>
                <dd>{/^https?:\/\//.test(project.data.url) ? <a href={project.data.url} target="_blank" rel="noreferrer noopener">{project.data.url}</a> : project.data.url || 'None'}</dd>
              </div>
              <Address label="Owner" value={project.data.owner} />
              <div>
                <dt>Verified by Grove</dt>
                <dd>{project.data.verified ? 'Yes' : 'No'}</dd>
              </div>
            </dl>
          ) : null}
        </Panel>
      </div>
      <SupplyLocked facts={facts} token={token} />
      <Pools facts={facts} token={token} />
      <AssetPrograms assetId={assetId} />
      <Locks facts={facts} token={token} />
    </Page>
  )
}

type Facts = ReturnType<typeof useTokenFacts>

/** The page's side of a panel's read: the network, whether Grove is there, and why not. */
function useRead(): Omit<EmptyRead, 'what'> {
  const { network, deployment } = useProtocol()
  return { networkName: network.name, deployed: deployment !== null, problem: useDeploymentProblem() }
}

/** What a Locks panel says without a Locks app: nothing is known without a deployment to read it from. */
const noLocksApp = (read: Omit<EmptyRead, 'what'>) => emptyText({ ...read, what: 'locks' }, `No Locks app on ${read.networkName}.`)

function Address(props: { label: string; value: string | undefined }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd>{props.value ? <code className="address">{props.value}</code> : 'None'}</dd>
    </div>
  )
}

function SupplyLocked(props: { facts: Facts; token: Token | null }) {
  const { facts, token } = props
  const { deployment } = useProtocol()
  const read = useRead()
  const asset = facts.asset.data
  if (!deployment?.lockAppId)
    return (
      <Panel title="Supply locked">
        <p className="empty">{noLocksApp(read)}</p>
      </Panel>
    )
  return (
    <Panel title="Supply locked">
      <p className="locked-summary" data-testid="project-supply-locked">
        {facts.percent === undefined ? '…' : formatPercent(facts.percent)}
      </p>
      {asset && token && facts.locked !== null && facts.creatorHolding !== null ? (
        <p className="hint">
          {formatAmount(facts.locked, asset.decimals, { thousands: true })} {token.symbol} not yet unlocked (still vesting, or before a time lock’s end; vested tokens waiting to be withdrawn are not counted), over {formatAmount(asset.total - facts.creatorHolding, asset.decimals, { thousands: true })} {token.symbol}{' '}
          outside the creator’s account (total supply {formatAmount(asset.total, asset.decimals, { thousands: true })} minus the creator’s {formatAmount(facts.creatorHolding, asset.decimals, { thousands: true })}).
        </p>
      ) : null}
    </Panel>
  )
}

function Pools(props: { facts: Facts; token: Token | null }) {
  const { algod } = useProtocol()
  const read = useRead()
  const pools = props.facts.market?.pools ?? []
  const { tinyman, tinymanLabel } = useNetworkVenues()
  const others = useQueries({ queries: [...new Set(pools.flatMap((p) => [Number(p.a), Number(p.b)]))].filter((id) => id !== 0).map((id) => tokenQuery(algod, id)) })
  const tokens = new Map<number, Token>([[0, ALGO]])
  for (const o of others) if (o.data) tokens.set(o.data.id, o.data)
  const t = (id: bigint) => tokens.get(Number(id)) ?? { symbol: `#${id}`, decimals: 0 }
  const market = props.facts.market
  return (
    <Panel title="Pools">
      {market && props.token ? (
        <p>
          Price:{' '}
          <strong data-testid="project-price" data-usd={props.facts.price?.usd ?? ''} data-algo={props.facts.price?.algo ?? ''}>
            {props.facts.price && (props.facts.price.usd !== null || props.facts.price.algo !== null) ? `${formatPriceValue(props.facts.price)} per ${props.token.symbol}` : 'no pool prices it'}
          </strong>{' '}
          · Liquidity:{' '}
          <strong data-testid="project-liquidity" data-usd={market.liquidity.usd ?? ''} data-algo={market.liquidity.algo ?? ''} data-pools={market.pools.length}>
            {liquidityText(market)}
          </strong>{' '}
          in {market.pools.length === 1 ? 'one pool' : `${market.pools.length} pools`}
          {props.facts.tinymanRead || tinyman === null ? null : <span className="hint"> (Grove’s alone: Tinyman’s pools need the analytics service)</span>}
        </p>
      ) : null}
      {pools.length === 0 ? (
        <p className="empty">
          {/* the token's pools are known once both the pools and the token are read */}
          {emptyText(
            { ...read, what: 'pools', failed: props.facts.pools.isError || props.facts.asset.isError, pending: props.facts.market === null || props.facts.asset.isPending },
            'No pool holds this token.',
          )}
        </p>
      ) : (
        <Table label="Pools of this token" columns={[{ label: 'Pair' }, { label: 'Venue' }, { label: 'Reserves' }]}>
          {pools.map((p) => (
            <tr key={`${p.venue}-${p.lpAsset}`} data-testid="project-pool" data-venue={p.venue} data-pool-id={String(p.lpAsset)}>
              <th scope="row">
                {t(p.a).symbol}/{t(p.b).symbol}
              </th>
              <td data-testid="pool-venue">{venueLabel(p.venue, tinymanLabel)}</td>
              <td>
                {formatAmount(p.reserveA, t(p.a).decimals, { thousands: true, maxDecimals: 4 })} {t(p.a).symbol} · {formatAmount(p.reserveB, t(p.b).decimals, { thousands: true, maxDecimals: 4 })} {t(p.b).symbol}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </Panel>
  )
}

const LOCK_COLUMNS: Column[] = [{ label: 'Lock' }, { label: 'Kind' }, { label: 'Still held' }, { label: 'Cliff' }, { label: 'End' }, { label: 'Owner' }]

function Locks(props: { facts: Facts; token: Token | null }) {
  const { algod, deployment } = useProtocol()
  const read = useRead()
  const dex = useQuery(sdkQuery())
  const clock = useQuery(chainClockQuery(algod))
  const locks = props.facts.locks
  const token = props.token
  if (!deployment?.lockAppId)
    return (
      <Panel title="Locks">
        <p className="empty">{noLocksApp(read)}</p>
      </Panel>
    )
  const now = clock.data ? chainNow(clock.data, Date.now()) : null
  const amount = (v: bigint) => (token ? `${formatAmount(v, token.decimals, { thousands: true })} ${token.symbol}` : String(v))
  return (
    <Panel title="Locks">
      {locks.isPending ? <p>Reading locks…</p> : null}
      {locks.isError ? <Notice tone="error" title="Locks could not be read">{locks.error.message}</Notice> : null}
      {locks.data && locks.data.length === 0 ? <p className="empty">No locks of this token.</p> : null}
      {locks.data && locks.data.length > 0 && token ? (
        <>
          {dex.data && now !== null ? (
            <>
              <h3>When supply unlocks</h3>
              <UnlockChart points={unlockSchedule(locks.data, now, dex.data.vestedAt)} decimals={token.decimals} symbol={token.symbol} label={`${token.symbol} still locked over time`} />
            </>
          ) : null}
          <p className="hint">
            <Link to={`/lock?project=${props.token?.id ?? ''}`}>Every lock of this project</Link>, its pools’ liquidity locks included, with the share of each pool locked and the fees claimed.
          </p>
          <Table label="Locks of this token" testId="project-locks" columns={LOCK_COLUMNS}>
            {locks.data.map((l) => (
              <tr key={String(l.id)} data-testid={`project-lock-${l.id}`}>
                <th scope="row" title={`Lock ${l.id}`}>
                  #{lockHandle(l.id)}
                </th>
                <td>{l.liquidity ? 'Liquidity' : l.cliff === l.end ? 'Time lock' : 'Vesting'}</td>
                <td>{amount(l.amount - l.withdrawn)}</td>
                <td>{l.cliff === l.end ? '—' : formatTime(l.cliff)}</td>
                <td>{formatTime(l.end)}</td>
                <td>
                  <code title={l.owner}>{shortenAddress(l.owner)}</code>
                </td>
              </tr>
            ))}
          </Table>
        </>
      ) : null}
    </Panel>
  )
}

/** An asset id the network does not know: the 404 page, saying which network was asked. */
function AssetMissing(props: { assetId: number; networkName: string }) {
  useErrorTitle('Page Not Found')
  return (
    <ErrorPage
      info={{
        status: 404,
        title: 'Page Not Found',
        description: `There is no asset ${props.assetId} on ${props.networkName}; check the id, or the network you are on.`,
      }}
    />
  )
}
