// What a table row of on-chain events shows, shared by the trades, activity and admin-log tables:
// when it happened (block time, optionally its round) and its transaction id, shortened, to copy
// and, on a network with an explorer, to open there.
import { useToast } from '@/lib/toast/use-toast.ts'
import { formatDateTime } from '@/lib/format.ts'
import type { Explorer } from '@/lib/networks.ts'

/** "ABCDEF…WXYZ": enough of an id or address to tell it apart. */
export const shortId = (id: string) => `${id.slice(0, 6)}…${id.slice(-4)}`

/** A block time (seconds) as a `<time>` in the app's one date format, with its round under it when given. */
export function ChainTime(props: { time: number; round?: number }) {
  return (
    <>
      <time dateTime={new Date(props.time * 1000).toISOString()}>{formatDateTime(props.time)}</time>
      {props.round !== undefined ? (
        <>
          <br />
          <span className="hint">round {props.round}</span>
        </>
      ) : null}
    </>
  )
}

/** A link to the transaction on the explorer; nothing where the network has none (localnet). */
export function ExplorerLink(props: { txnId: string; explorer?: Explorer }) {
  return props.explorer ? (
    <a href={props.explorer.tx(props.txnId)} target="_blank" rel="noreferrer">
      Explorer
    </a>
  ) : null
}

/**
 * A transaction id: shortened (the whole id in its title), a button copying it, and the explorer:
 * the id itself as the link (`link="id"`, for narrow tables) or an "Explorer" link after the button.
 */
export function TxId(props: { txnId: string; explorer?: Explorer; link?: 'id' | 'word' }) {
  const toast = useToast()
  const { txnId, explorer } = props
  const linkId = props.link === 'id' && explorer !== undefined
  const copy = () =>
    void navigator.clipboard?.writeText(txnId).then(
      () => toast.info('Transaction id copied'),
      () => toast.info('Copying is not allowed here; select the id instead'),
    )
  return (
    <>
      {linkId ? (
        <a href={explorer.tx(txnId)} target="_blank" rel="noreferrer" title={txnId}>
          <code>{shortId(txnId)}</code>
        </a>
      ) : (
        <code title={txnId}>{shortId(txnId)}</code>
      )}{' '}
      <button type="button" className="button button--ghost button--small" onClick={copy} aria-label={`Copy transaction id ${txnId}`}>
        Copy
      </button>
      {props.link !== 'id' && explorer ? (
        <>
          {' '}
          <ExplorerLink txnId={txnId} explorer={explorer} />
        </>
      ) : null}
    </>
  )
}
