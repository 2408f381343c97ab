import { useId, useState } from 'react'
import { Link } from 'react-router'
import { TokenLogo } from '@/components/dex/token-logo.tsx'
import { Table } from '@/components/ui/table.tsx'
import { formatAmount } from '@grove/sdk/amount'
import { formatValue } from '@/lib/pools/figures.ts'
import { formatPercent, formatUsd } from '@/lib/analytics/derive.ts'
import { displayPrice } from '@grove/sdk/figures'
import type { NetworkId } from '@/lib/networks.ts'
import { tinymanPoolPage } from '@/lib/pools/venue-sites.ts'
import { feeTierWords } from '@/lib/pools/venues.ts'
import { formatShare } from '../pool-facts.ts'
import { POOL_KIND_LABEL, shareOfPool, visiblePools, type PoolRow, type PoolSort, type PoolSortKey } from '../pool-list.ts'

/** Props of {@link PoolList}. */
export interface PoolListProps {
  rows: PoolRow[]
  /** What the list says without a pool: the page knows whether the pools are read, unknown or none. */
  empty: string
  /** The network the pools are on: a Tinyman pool links to its page on Tinyman's site where one exists. */
  network: NetworkId
  onAdd(row: PoolRow): void
  onRemove(row: PoolRow): void
}

const reserve = (value: bigint, t: { decimals: number; symbol: string }) => `${formatAmount(value, t.decimals, { thousands: true })} ${t.symbol}`

/** Every pool, searchable and sortable, the user's positions on top; each row opens add, remove or its chart. */
export function PoolList(props: PoolListProps) {
  const [query, setQuery] = useState('')
  const [sort, setSort] = useState<PoolSort>({ key: 'tvl', descending: true })
  const searchId = useId()
  const rows = visiblePools(props.rows, query, sort)
  // the analytics columns show only when the service answered for these pools
  const analytics = props.rows.some((r) => r.market)

  const header = (key: PoolSortKey, label: string) => {
    const active = sort.key === key
    return (
      <th scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className="sort-button" onClick={() => setSort({ key, descending: active ? !sort.descending : key !== 'pair' })}>
          {label}
          <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
        </button>
      </th>
    )
  }

  return (
    <div className="pool-list">
      <div className="field pool-list__search">
        <label htmlFor={searchId}>Search pools</label>
        <input id={searchId} type="search" placeholder="Token name, symbol or asset id" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      <Table
        label="All pools"
        className={analytics ? 'pools-table pools-table--dense' : 'pools-table'}
        columns={[
          { label: 'Pool', head: header('pair', 'Pool') },
          { label: 'Venue' },
          { label: 'Reserves' },
          { label: 'Price' },
          { label: 'TVL', head: header('tvl', 'TVL') },
          ...(analytics
            ? [
                {
                  label: 'Volume 24h, Fee APR',
                  head: (
                    <th scope="col">
                      Volume 24h
                      <br />
                      Fee APR
                    </th>
                  ),
                },
              ]
            : []),
          { label: 'Your share', head: header('share', 'Your share') },
          { label: 'Actions', hideLabel: true },
        ]}
        empty={rows.length === 0 ? (props.rows.length > 0 ? `No pool matches “${query}”.` : props.empty) : undefined}
      >
        {rows.map((row) => {
          const { pool, tokenA: a, tokenB: b } = row
          const mine = row.userLp > 0n
          return (
            <tr key={String(pool.lpAsset)} data-pool-row={row.name} data-lp={String(pool.lpAsset)} data-venue={row.venue} data-kind={row.kind}>
              <th scope="row" data-label="Pool">
                <span className="pair-logos">
                  <TokenLogo token={a} size={22} />
                  <TokenLogo token={b} size={22} />
                </span>
                {row.name}
                {mine ? <span className="badge">Your position</span> : null}
                {row.kind === 'stable' ? (
                  <div className="hint" data-testid="pool-kind">
                    <span className="badge">{POOL_KIND_LABEL.stable}</span> {feeTierWords(pool.feeBps)} fee
                  </div>
                ) : (
                  <div className="hint">
                    {feeTierWords(pool.feeBps)} fee tier · <Link to={row.venue === 'grove' && pool.feeBps === 30n ? `/dex/chart?pool=${pool.a}-${pool.b}` : `/dex/chart?pool=${pool.lpAsset}`}>Chart</Link>
                  </div>
                )}
              </th>
              <td data-label="Venue" data-testid="pool-venue">
                {row.venueLabel}
              </td>
              <td data-label="Reserves" data-testid="pool-reserves" data-reserve-a={String(pool.reserveA)} data-reserve-b={String(pool.reserveB)}>
                {reserve(pool.reserveA, a)}
                <br />
                {reserve(pool.reserveB, b)}
              </td>
              <td data-label="Price">
                {pool.reserveA === 0n || row.kind === 'stable' ? '—' : `1 ${a.symbol} = ${displayPrice(pool.reserveB, b.decimals, pool.reserveA, a.decimals)} ${b.symbol}`}
              </td>
              <td data-label="TVL" data-testid="pool-tvl" data-usd={row.tvl.usd ?? ''} data-algo={row.tvl.algo ?? ''}>
                {formatValue(row.tvl)}
              </td>
              {analytics ? (
                <td data-label="Volume 24h · fee APR" data-testid="pool-market">
                  {row.market ? formatUsd(row.market.volume24hUsd) : '—'}
                  <br />
                  {row.market ? `${formatPercent(row.market.feeApr)} APR` : null}
                </td>
              ) : null}
              <td data-label="Your share">{mine && pool.lpIssued > 0n ? formatShare(shareOfPool(row)) : '—'}</td>
              <td className="pools-table__actions">
                {row.venue !== 'grove' ? (
                  <TinymanLink row={row} network={props.network} />
                ) : (
                  <button type="button" className="button" onClick={() => props.onAdd(row)} aria-label={`Add to the ${row.name}${row.kind === 'stable' ? ' stable' : ''} pool`}>
                    Add
                  </button>
                )}
                {mine && row.venue === 'grove' ? (
                  <button type="button" className="button" onClick={() => props.onRemove(row)} aria-label={`Remove from the ${row.name}${row.kind === 'stable' ? ' stable' : ''} pool`}>
                    Remove
                  </button>
                ) : null}
              </td>
            </tr>
          )
        })}
      </Table>
      <p className="hint">Grove’s reserves, prices and TVL are read from algod, Tinyman’s from the analytics service; TVL values both sides in USD and ALGO along each token’s route of pools, as the analytics page does. {analytics ? '24h volume (USD) and fee APR come from Grove’s analytics service.' : '24h volume and fee APR appear when the analytics service runs.'}</p>
    </div>
  )
}

/** A Tinyman pool's action: its page on Tinyman's site (a new tab) where the network has one, else a note. */
function TinymanLink(props: { row: PoolRow; network: NetworkId }) {
  const { row } = props
  const page = tinymanPoolPage(props.network, row.pool.a, row.pool.b)
  if (!page) {
    return (
      <span className="hint" data-testid="pool-elsewhere" title={`A ${row.venueLabel} pool: add and remove its liquidity on Tinyman`}>
        On Tinyman
      </span>
    )
  }
  return (
    <a className="button" data-testid="pool-elsewhere" href={page} target="_blank" rel="noopener noreferrer" aria-label={`Open the ${row.name} pool on Tinyman (new tab)`}>
      On Tinyman ↗
    </a>
  )
}
