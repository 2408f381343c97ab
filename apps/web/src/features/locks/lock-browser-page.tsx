import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Notice } from '@/components/ui/notice.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { Table, type Column } from '@/components/ui/table.tsx'
import { UnlockChart } from '@/components/locks/unlock-chart.tsx'
import { formatAmount } from '@grove/sdk/amount'
import { useAnalyticsUrl } from '@/lib/analytics/queries.ts'
import { shortenAddress } from '@/lib/format.ts'
import { lockHandle } from '@/lib/locks/handle.ts'
import { apiLocksQuery, filterFromSearch, shareText, termsOf, type ApiLock, type LockFilter } from '@/lib/locks/lock-api.ts'
import { formatTime, unlockSchedule, useChainNow } from '@/lib/locks/locks.ts'
import { sdkQuery } from '@/lib/tx/sdk.ts'
import { lockRowKind } from './lock-rows.ts'
import '@/components/locks/unlock-chart.css'

const COLUMNS: Column[] = [{ label: 'Lock' }, { label: 'Kind' }, { label: 'Locked now' }, { label: 'Unlocks' }, { label: 'Share of pool' }, { label: 'Fees claimed' }, { label: 'Owner' }]

/** The public lock browser: every lock of a token, or of a project (its token and its Grove pools' LP tokens), with its unlock schedule. */
export function LockBrowserPage() {
  const [search, setSearch] = useSearchParams()
  const filter = filterFromSearch(search)
  const url = useAnalyticsUrl()
  const locks = useQuery(apiLocksQuery(url ?? '', filter))
  return (
    <Page title="Locks" intro="Every lock of a token, or of a project’s token and its pools’ LP tokens: what is locked, when it unlocks, and for liquidity locks the share of the pool locked and the fees claimed while locked.">
      <LockSearch filter={filter} onSearch={(f) => setSearch(new URLSearchParams(Object.entries(f).map(([k, v]) => [k, String(v)])))} />
      {url === null ? <Notice title="No analytics service on this network">The lock browser reads the analytics service, and none runs here.</Notice> : null}
      {filter === null ? <p className="empty">Enter a token’s asset id to see its locks.</p> : null}
      {locks.isError ? (
        <Notice tone="error" title="The locks could not be read">
          {locks.error.message}
        </Notice>
      ) : null}
      {filter && locks.isPending && url !== null ? <p>Reading locks…</p> : null}
      {filter && locks.data ? <LockList locks={locks.data} filter={filter} /> : null}
    </Page>
  )
}

function LockSearch(props: { filter: LockFilter | null; onSearch(filter: LockFilter): void }) {
  const id = useId()
  const [by, setBy] = useState<'asset' | 'project'>(props.filter && 'project' in props.filter ? 'project' : 'asset')
  const [text, setText] = useState(props.filter && 'asset' in props.filter ? String(props.filter.asset) : props.filter && 'project' in props.filter ? String(props.filter.project) : '')
  const valid = /^\d{1,15}$/.test(text.trim())
  return (
    <form
      className="lock-form"
      role="search"
      onSubmit={(e) => {
        e.preventDefault()
        if (valid) props.onSearch(by === 'asset' ? { asset: Number(text.trim()) } : { project: Number(text.trim()) })
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-by`}>Show the locks of</label>
        <select id={`${id}-by`} value={by} onChange={(e) => setBy(e.target.value as 'asset' | 'project')}>
          <option value="asset">a token</option>
          <option value="project">a project (its token and its pools’ LP tokens)</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-id`}>Asset id</label>
        <input id={`${id}-id`} inputMode="numeric" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      {text.trim() && !valid ? <p className="field__error">An asset id is a whole number.</p> : null}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={!valid}>
          Show locks
        </button>
      </div>
    </form>
  )
}

function LockList(props: { locks: ApiLock[]; filter: LockFilter }) {
  const dex = useQuery(sdkQuery())
  const { now } = useChainNow()
  const subject = 'asset' in props.filter ? `token ${props.filter.asset}` : 'project' in props.filter ? `project ${props.filter.project}` : 'this account'
  if (props.locks.length === 0) return <p className="empty">No open locks of {subject}.</p>
  // one chart per locked token: amounts of different tokens do not add up
  const byAsset = new Map<number, ApiLock[]>()
  for (const l of props.locks) byAsset.set(l.asset.id, [...(byAsset.get(l.asset.id) ?? []), l])
  const symbol = (l: ApiLock) => l.asset.unitName ?? `#${l.asset.id}`
  const amount = (v: string | bigint, l: ApiLock) => `${formatAmount(BigInt(v), l.asset.decimals, { thousands: true })} ${symbol(l)}`
  return (
    <>
      {[...byAsset.values()].map((group) => {
        const first = group[0]!
        return (
          <Panel key={first.asset.id} title={`${symbol(first)} (asset ${first.asset.id})`}>
            {dex.data && now !== null ? (
              <UnlockChart points={unlockSchedule(group.map(termsOf), now, dex.data.vestedAt)} decimals={first.asset.decimals} symbol={symbol(first)} label={`${symbol(first)} still locked over time`} />
            ) : null}
            <Table label={`Locks of ${symbol(first)}`} testId={`lock-browser-${first.asset.id}`} columns={COLUMNS}>
              {group.map((l) => (
                <tr key={l.id} data-testid={`browser-lock-${l.id}`}>
                  <th scope="row" title={`Lock ${l.id}`}>
                    #{lockHandle(l.id)}
                  </th>
                  <td>{lockRowKind(l)}</td>
                  <td>{amount(l.remaining, l)}</td>
                  <td>{l.cliff === l.end ? formatTime(BigInt(l.end)) : `${formatTime(BigInt(l.cliff))} → ${formatTime(BigInt(l.end))}`}</td>
                  <td data-testid="pool-share">{l.liquidity ? shareText(l.poolShareMillionths) : '—'}</td>
                  <td data-testid="fees-claimed">{l.liquidity ? amount(l.feesClaimed, l) : '—'}</td>
                  <td>
                    <code title={l.owner}>{shortenAddress(l.owner)}</code>
                  </td>
                </tr>
              ))}
            </Table>
            {first.pool ? (
              <p className="hint">
                LP tokens of the pool of assets {first.pool.a} and {first.pool.b}: <Link to={`/lock?project=${first.pool.a === 0 ? first.pool.b : first.pool.a}`}>the project’s locks</Link>.
              </p>
            ) : null}
          </Panel>
        )
      })}
    </>
  )
}
