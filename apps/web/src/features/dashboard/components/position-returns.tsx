// The dashboard's liquidity positions with their real return beside their value: fees earned,
// impermanent loss, P&L against holding and in USD, and fee APR (the analytics service's figures,
// from the chain's events), a chart per position on demand, closed positions after the open ones,
// and the account's actions as a CSV for tax tools.
import { Fragment, useState } from 'react'
import { AnalyticsNotice } from '@/components/analytics/analytics-notice.tsx'
import { Panel } from '@/components/ui/page.tsx'
import { Table } from '@/components/ui/table.tsx'
import { apiFor, useAccountPositions, useAnalyticsUrl } from '@/lib/analytics/queries.ts'
import { formatPercent, formatUsd } from '@/lib/analytics/derive.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { feesText, inBText, returnRows, signedUsd } from '@/lib/analytics/positions.ts'
import { PositionChart } from './position-chart.tsx'
import '../position-returns.css'

/** The returns panel of `address`. */
export function PositionReturns(props: { address: string }) {
  const { network } = useProtocol()
  const url = useAnalyticsUrl()
  const q = useAccountPositions(url, props.address)
  const [charted, setCharted] = useState<string | null>(null)
  const exportLink =
    url === null ? null : (
      <a className="button" href={apiFor(url).exportCsvUrl(props.address)} download data-testid="export-csv">
        Export CSV
      </a>
    )
  if (url === null || (q.error && !q.data)) return <Panel title="Your positions’ returns"><AnalyticsNotice url={url} networkName={network.name} error={q.error} /></Panel>
  const rows = returnRows(q.data ?? [])
  return (
    <Panel title="Your positions’ returns" actions={exportLink}>
      <Table label="Your positions’ returns" className="table--stack position-returns" busy={q.isFetching} columns={[{ label: 'Position' }, { label: 'Value' }, { label: 'Fees earned' }, { label: 'Impermanent loss' }, { label: 'P&L vs holding' }, { label: 'P&L (USD)' }, { label: 'Fee APR' }, { label: 'Chart', hideLabel: true }]}>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={8} className="empty">
              {q.isPending ? 'Reading your positions…' : 'No liquidity positions yet: add liquidity to a pool to earn its fees.'}
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <Fragment key={r.id}>
              <tr data-testid="position-return" data-position={r.id} data-pool={r.poolId} data-status={r.open ? 'open' : 'closed'}>
                <th scope="row" data-label="Position">
                  {r.pair}
                  <span className="muted"> · {r.where}</span>
                </th>
                <td data-label="Value">
                  {formatUsd(r.lp.value.usd)}
                  <span className="muted"> {inBText(r.lp, r.lp.value.inB)}</span>
                </td>
                <td data-label="Fees earned" data-testid="position-fees" data-fees-a={r.lp.fees.a} data-fees-b={r.lp.fees.b} data-fees-inb={r.lp.fees.inB}>
                  {formatUsd(r.lp.fees.usd)}
                  <span className="muted"> {feesText(r.lp)}</span>
                </td>
                <td data-label="Impermanent loss" data-testid="position-il" data-inb={r.lp.impermanentLoss.inB}>
                  {signedUsd(r.lp.impermanentLoss.usd)}
                </td>
                <td data-label="P&L vs holding" data-testid="position-pnl-hold" data-inb={r.lp.pnlVsHold.inB}>
                  {signedUsd(r.lp.pnlVsHold.usd)}
                </td>
                <td data-label="P&L (USD)">{signedUsd(r.lp.pnlUsd)}</td>
                <td data-label="Fee APR">{formatPercent(r.lp.feeApr)}</td>
                <td>
                  <button type="button" className="button button--small" aria-expanded={charted === r.id} onClick={() => setCharted(charted === r.id ? null : r.id)}>
                    {charted === r.id ? 'Hide chart' : 'Chart'}
                  </button>
                </td>
              </tr>
              {charted === r.id ? (
                <tr className="position-returns__chart">
                  <td colSpan={8}>
                    <PositionChart url={url} id={r.id} unitB={r.lp.pool.assetB.unitName ?? `#${r.lp.pool.assetB.id}`} decimalsB={r.lp.pool.assetB.decimals} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))
        )}
      </Table>
    </Panel>
  )
}
