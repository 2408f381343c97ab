// The active account's activity from the analytics service: newest first, "load more" by cursor,
// each with its transaction id to copy (and to open on a public network's explorer).
import { formatAmount } from '@grove/sdk/amount'
import { AnalyticsNotice } from '@/components/analytics/analytics-notice.tsx'
import { ChainTime, TxId } from '@/components/ui/chain-cells.tsx'
import { Table } from '@/components/ui/table.tsx'
import { useAccountActivity, useAnalyticsUrl } from '@/lib/analytics/queries.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { tokenSymbol } from '@/lib/tokens/lp-names.ts'
import { activityDetail, activityTitle, programTitle } from '../activity.ts'
import { usePortfolio } from './portfolio-view.tsx'
import '../dashboard.css'

/** The list, or why it cannot be shown. */
export function ActivityList(props: { address: string }) {
  const { network, deployment } = useProtocol()
  const url = useAnalyticsUrl()
  const v = usePortfolio(props.address)
  const q = useAccountActivity(url, props.address)
  if (url === null || (q.error && !q.data)) return <AnalyticsNotice url={url} networkName={network.name} error={q.error} />
  const items = q.data?.pages.flatMap((p) => p.activity) ?? []
  // LP tokens by their pair, programs by their tokens: as the liquidity and farms pages name them
  const symbol = (asset: bigint) => tokenSymbol(asset, v.tokens, v.pools)
  const fmt = (amount: bigint, asset: number) => {
    const decimals = v.tokens.get(asset)?.decimals ?? (v.pools.some((p) => p.lpAsset === BigInt(asset)) ? 6 : 0)
    return `${formatAmount(amount, decimals, { thousands: true })} ${symbol(BigInt(asset))}`
  }
  const programName = (id: bigint) => {
    const program = v.programs.find((p) => p.id === id)
    return program ? programTitle(program, symbol) : undefined
  }
  const locks = (v.portfolio?.lines ?? []).flatMap((l) => (l.lock ? [{ id: l.lock.id, asset: l.lock.asset }] : []))
  const ctx = { pools: v.pools, programs: v.programs, locks, groveAssetId: deployment?.groveAssetId, sGroveAssetId: deployment?.sGroveAssetId }
  return (
    <>
      <Table label="Activity" className="table--stack activity" busy={q.isFetching} columns={[{ label: 'Time' }, { label: 'Action' }, { label: 'Amounts' }, { label: 'Transaction' }]}>
        {items.length === 0 ? (
          <tr>
            <td colSpan={4} className="empty">
              {q.isPending ? 'Loading activity…' : 'No swaps, liquidity, staking, locks or vault actions by this account yet.'}
            </td>
          </tr>
        ) : (
          items.map((item, i) => (
            <tr key={`${item.txnId}-${item.kind}-${i}`} data-testid="activity-item" data-kind={item.kind} data-contract={item.contract} data-txid={item.txnId}>
              <td data-label="Time">
                <ChainTime time={item.time} round={item.round} />
              </td>
              <th scope="row" data-label="Action">
                {activityTitle(item, programName)}
              </th>
              <td data-label="Amounts">{activityDetail(item, fmt, ctx)}</td>
              <td data-label="Transaction">
                <span className="activity__meta">
                  <TxId txnId={item.txnId} explorer={network.explorer} />
                </span>
              </td>
            </tr>
          ))
        )}
      </Table>
      {q.error ? <p className="error-text">Loading more failed; the service may be unreachable. Try again.</p> : null}
      {q.hasNextPage ? (
        <button type="button" className="button button--ghost activity__more" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          {q.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </>
  )
}
