import { Table, type Column } from '@/components/ui/table.tsx'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { TokenLogo } from '@/components/dex/token-logo.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { useToast } from '@/lib/toast/use-toast.ts'
import { formatDateTime, shortenAddress } from '@/lib/format.ts'
import { indexerProblem } from '@/lib/indexer/client.ts'
import { amountText, historyRows, type HistoryRow } from '@/lib/indexer/history.ts'
import { accountHistoryQuery } from '@/lib/indexer/queries.ts'
import { algodBaseUrl } from '@/lib/algod.ts'
import type { AlgodConfig, Explorer } from '@/lib/networks.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { effectiveIndexer, useSettings } from '@/lib/settings.ts'
import { ALGO, tokenQuery } from '@/lib/tokens/tokens.ts'

const COLUMNS: Column[] = [{ label: 'Type' }, { label: 'Amount' }, { label: 'With' }, { label: 'Round' }, { label: 'Transaction' }]
const short = (id: string) => `${id.slice(0, 6)}…${id.slice(-4)}`

/**
 * An account's transactions read from the indexer, newest first: what happened, the amount and its
 * token, the other party, the round and time, and the id to copy (or open in the explorer on the
 * public networks). "Load more" reads the next page; an unreachable indexer says so in words.
 */
export function TransactionHistory(props: { address: string }) {
  const settings = useSettings()
  const { network, algod } = useProtocol()
  const indexer = effectiveIndexer(settings)
  const history = useInfiniteQuery(accountHistoryQuery(indexer, props.address))
  const rows = history.data ? historyRows(history.data.pages, props.address) : []

  if (history.isError && rows.length === 0) {
    const problem = indexerProblem(history.error)
    return (
      <Notice
        tone="warning"
        title={problem.kind === 'unreachable' ? 'Transaction history is unavailable' : 'The indexer refused to list this account’s transactions'}
        action={
          <button type="button" className="button" onClick={() => void history.refetch()}>
            Try again
          </button>
        }
      >
        {problem.kind === 'unreachable'
          ? `The indexer at ${algodBaseUrl(indexer)} does not answer. Balances and trading work without it; check the indexer endpoint in Settings.`
          : problem.message}
      </Notice>
    )
  }

  return (
    <div className="stack" data-testid="transaction-history">
      <Table label="Transaction history" caption={`Transactions of ${props.address}, newest first`} className="table--stack" columns={COLUMNS}>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={COLUMNS.length} className="empty">
              {history.isPending ? 'Loading transactions…' : 'No transactions yet.'}
            </td>
          </tr>
        ) : (
          rows.map((row) => <HistoryLine key={row.id} row={row} algod={algod} explorer={network.explorer} />)
        )}
      </Table>
      {history.isError ? (
        <p className="field__error" role="alert">
          Could not load more: {indexerProblem(history.error).kind === 'unreachable' ? 'the indexer does not answer.' : (history.error as Error).message}
        </p>
      ) : null}
      {history.hasNextPage ? (
        <div className="button-row">
          <button type="button" className="button" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage} aria-busy={history.isFetchingNextPage}>
            {history.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
    </div>
  )
}

function HistoryLine(props: { row: HistoryRow; algod: AlgodConfig; explorer?: Explorer }) {
  const { row, explorer } = props
  const toast = useToast()
  const copy = () =>
    void navigator.clipboard?.writeText(row.id).then(
      () => toast.info('Transaction id copied'),
      () => toast.info('Copying is not allowed here; select the id instead'),
    )
  return (
    <tr data-testid="history-row" data-kind={row.kind}>
      <th scope="row" data-label="Type">
        {row.label}
        {row.inner > 0 ? <span className="hint"> (+{row.inner} inner)</span> : null}
      </th>
      <td data-label="Amount">{row.amount ? <Amount amount={row.amount} algod={props.algod} /> : '—'}</td>
      <td data-label="With">
        <Counterparty row={row} explorer={explorer} />
      </td>
      <td data-label="Round">
        {row.round ?? 'pending'}
        {row.time ? (
          <>
            {' · '}
            <time dateTime={new Date(row.time * 1000).toISOString()}>{formatDateTime(row.time)}</time>
          </>
        ) : null}
      </td>
      <td data-label="Transaction" className="txid">
        {explorer ? (
          <a href={explorer.tx(row.id)} target="_blank" rel="noreferrer" title={row.id}>
            <code>{short(row.id)}</code>
          </a>
        ) : (
          <code title={row.id}>{short(row.id)}</code>
        )}{' '}
        <button type="button" className="button button--small" onClick={copy} aria-label={`Copy transaction id ${row.id}`}>
          Copy
        </button>
      </td>
    </tr>
  )
}

function Amount(props: { amount: NonNullable<HistoryRow['amount']>; algod: AlgodConfig }) {
  const { assetId, direction } = props.amount
  const token = useQuery({ ...tokenQuery(props.algod, assetId), enabled: assetId !== 0 })
  const shown = assetId === 0 ? ALGO : token.data
  return (
    <span className={`history-amount${direction === 'in' ? ' tone-up' : direction === 'out' ? ' tone-down' : ''}`} data-amount={props.amount.value.toString()} data-asset={assetId}>
      <TokenLogo token={shown ?? { id: assetId, symbol: `#${assetId}` }} size={18} />{' '}
      {amountText(props.amount, shown)}
    </span>
  )
}

function Counterparty(props: { row: HistoryRow; explorer?: Explorer }) {
  const c = props.row.counterparty
  if (!c) return <>—</>
  if (c.kind === 'app') return <>App {c.id}</>
  if (c.kind === 'asset') {
    return props.explorer ? (
      <a href={props.explorer.asset(c.id)} target="_blank" rel="noreferrer">
        Asset {c.id}
      </a>
    ) : (
      <>Asset {c.id}</>
    )
  }
  return props.explorer ? (
    <a href={props.explorer.account(c.address)} target="_blank" rel="noreferrer" title={c.address}>
      <code>{shortenAddress(c.address)}</code>
    </a>
  ) : (
    <code title={c.address}>{shortenAddress(c.address)}</code>
  )
}
