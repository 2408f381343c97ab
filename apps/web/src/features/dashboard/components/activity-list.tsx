// The active account's activity from the analytics service: one row per action (a routed or split
// swap is one row, its hops on demand), newest first, "load more" by cursor, each with its transaction
// id to copy (and to open on a public network's explorer). Amounts in the tokens' units: a token the
// portfolio does not know (a closed lock's, a Tinyman pool's) is described here.
import { useQueries } from '@tanstack/react-query'
import { formatAmount } from '@grove/sdk/amount'
import { AnalyticsNotice } from '@/components/analytics/analytics-notice.tsx'
import { ChainTime, TxId } from '@/components/ui/chain-cells.tsx'
import { Table } from '@/components/ui/table.tsx'
import { useAccountActivity, useAnalyticsUrl } from '@/lib/analytics/queries.ts'
import type { ApiActivity } from '@/lib/analytics/types.ts'
import { useNetworkVenues, venueLabel } from '@/lib/pools/venues.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { tokenSymbol } from '@/lib/tokens/lp-names.ts'
import { tokenQuery, type Token } from '@/lib/tokens/tokens.ts'
import { actionWords, activityActions, programTitle } from '../activity.ts'
import { lockHandle } from '@/lib/locks/handle.ts'
import { usePortfolio } from './portfolio-view.tsx'
import '../dashboard.css'

/** The list, or why it cannot be shown. */
export function ActivityList(props: { address: string }) {
  const { network, deployment, algod } = useProtocol()
  const url = useAnalyticsUrl()
  const v = usePortfolio(props.address)
  const q = useAccountActivity(url, props.address)
  const { tinymanLabel } = useNetworkVenues()
  const items = q.data?.pages.flatMap((p) => p.activity) ?? []
  // the tokens the portfolio does not describe: a lock's that left the account, a Tinyman pool's
  const unknown = [...new Set(items.flatMap(assetsOf))].filter((id) => id !== 0 && !v.tokens.has(id)).sort((x, y) => x - y)
  const described = useQueries({ queries: unknown.map((id) => tokenQuery(algod, id)) })
  if (url === null || (q.error && !q.data)) return <AnalyticsNotice url={url} networkName={network.name} error={q.error} />
  const tokens = new Map<number, Token>(v.tokens)
  for (const d of described) if (d.data) tokens.set(d.data.id, d.data)
  // LP tokens by their pair (a Tinyman pool's too, by the assets its rows name), programs by their
  // tokens: as the liquidity and farms pages name them
  const lpPools = [...v.pools, ...items.flatMap((i) => (i.poolId !== null && i.assetA !== null && i.assetB !== null ? [{ lpAsset: BigInt(i.poolId), a: BigInt(i.assetA), b: BigInt(i.assetB) }] : []))]
  const symbol = (asset: bigint) => tokenSymbol(asset, tokens, lpPools)
  const fmt = (amount: bigint, asset: number) => {
    const decimals = tokens.get(asset)?.decimals ?? (lpPools.some((p) => p.lpAsset === BigInt(asset)) ? 6 : 0)
    return `${formatAmount(amount, decimals, { thousands: true })} ${symbol(BigInt(asset))}`
  }
  const programName = (id: bigint) => {
    const program = v.programs.find((p) => p.id === id)
    return program ? programTitle(program, symbol) : undefined
  }
  const locks = (v.portfolio?.lines ?? []).flatMap((l) => (l.lock ? [{ id: l.lock.id, asset: l.lock.asset }] : []))
  const ctx = { pools: v.pools, programs: v.programs, locks, groveAssetId: deployment?.groveAssetId, sGroveAssetId: deployment?.sGroveAssetId, venueLabel: (venue: 'grove' | 'tinyman') => venueLabel(venue, tinymanLabel) }
  const actions = activityActions(items)
  return (
    <>
      <Table label="Activity" className="table--stack activity" busy={q.isFetching} columns={[{ label: 'Time' }, { label: 'Action' }, { label: 'Amounts' }, { label: 'Transaction' }]}>
        {actions.length === 0 ? (
          <tr>
            <td colSpan={4} className="empty">
              {q.isPending ? 'Loading activity…' : 'No swaps, liquidity, staking, locks, vault or order actions by this account yet.'}
            </td>
          </tr>
        ) : (
          actions.map((action) => {
            const { main } = action
            const words = actionWords(action, fmt, ctx, programName)
            return (
              <tr
                key={`${action.key}-${main.round}`}
                data-testid="activity-item"
                data-kind={main.kind}
                data-contract={main.contract}
                data-txid={main.txnId}
                data-legs={action.legs.length}
                {...(main.lockId !== null ? { 'data-lock-id': String(main.lockId) } : {})}
              >
                <td data-label="Time">
                  <ChainTime time={main.time} round={main.round} />
                </td>
                <th scope="row" data-label="Action" title={main.lockId !== null && lockHandle(main.lockId) !== String(main.lockId) ? `Lock ${main.lockId}` : undefined}>
                  {words.title}
                </th>
                <td data-label="Amounts">
                  {words.detail}
                  {words.legs.length ? (
                    <details className="activity__legs" data-testid="activity-legs">
                      <summary>{words.legs.length} legs</summary>
                      <ol>
                        {words.legs.map((leg, i) => (
                          <li key={i} data-testid="activity-leg">
                            {leg.title}
                            {leg.detail ? `: ${leg.detail}` : ''}
                          </li>
                        ))}
                      </ol>
                    </details>
                  ) : null}
                </td>
                <td data-label="Transaction">
                  <span className="activity__meta">
                    <TxId txnId={main.txnId} explorer={network.explorer} />
                  </span>
                </td>
              </tr>
            )
          })
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

/** The assets a row's amounts are in, as far as the row names them. */
const assetsOf = (item: ApiActivity): number[] => [item.assetIn, item.assetOut, item.assetA, item.assetB, item.asset, item.poolId].filter((id): id is number => id !== null)
