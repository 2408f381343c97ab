// The admin action log panel: when, who and what changed, newest first, from the analytics service.
import { Table } from '@/components/ui/table.tsx'
import { useQueries } from '@tanstack/react-query'
import { AnalyticsNotice } from '@/components/analytics/analytics-notice.tsx'
import { ChainTime, ExplorerLink, shortId } from '@/components/ui/chain-cells.tsx'
import { Panel } from '@/components/ui/page.tsx'
import { useAdminLog, useAnalyticsUrl } from '@/lib/analytics/queries.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { tokenQuery, type Token } from '@/lib/tokens/tokens.ts'
import { changeWords } from '../admin-log.ts'

/** Every admin change the service has seen. */
export function AdminLogPanel(props: { tokens: ReadonlyMap<number, Token> }) {
  const { network, algod } = useProtocol()
  const url = useAnalyticsUrl()
  const q = useAdminLog(url)
  const entries = q.data?.pages.flatMap((p) => p.actions) ?? []
  // Tokens the log names that no pool lists (a token verified before it has a pool).
  const named = new Set(entries.flatMap((e) => [e.change.asset, e.change.a, e.change.b]).filter((v) => v !== undefined).map(Number))
  const more = useQueries({ queries: [...named].filter((id) => id > 0 && !props.tokens.has(id)).map((id) => tokenQuery(algod, id)) })
  const symbols = new Map<number, string>([...props.tokens].map(([id, t]) => [id, t.symbol]))
  for (const m of more) if (m.data) symbols.set(m.data.id, m.data.symbol)
  const asset = (id: number) => (id === 0 ? 'ALGO' : (symbols.get(id) ?? `asset #${id}`))
  return (
    <Panel title="Admin action log">
      {url === null || (q.error && !q.data) ? (
        <AnalyticsNotice url={url} networkName={network.name} error={q.error} />
      ) : (
        <>
          <Table label="Admin action log" className="table--stack admin-log" columns={[{ label: 'Time' }, { label: 'Account' }, { label: 'Change' }]}>
            {entries.length === 0 ? (
              <tr>
                <td colSpan={3} className="empty">
                  {q.isPending ? 'Loading the log…' : 'No admin action yet.'}
                </td>
              </tr>
            ) : (
              entries.map((e) => (
                <tr key={`${e.txnId}-${e.action}`} data-testid="admin-log-entry" data-action={e.action} data-txid={e.txnId}>
                  <td data-label="Time">
                    <ChainTime time={e.time} round={e.round} />
                  </td>
                  <td data-label="Account">
                    <code title={e.account}>{shortId(e.account)}</code>
                  </td>
                  <td data-label="Change">
                    {changeWords(e, asset)}
                    {network.explorer ? ' ' : null}
                    <ExplorerLink txnId={e.txnId} explorer={network.explorer} />
                  </td>
                </tr>
              ))
            )}
          </Table>
          {q.hasNextPage ? (
            <button type="button" className="button button--ghost" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
              {q.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          ) : null}
        </>
      )}
    </Panel>
  )
}
