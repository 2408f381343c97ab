import { formatAmount } from '@grove/sdk/amount'
import { useToast } from '@/components/ui/toast/use-toast.ts'
import { formatPrice, shownPrice, symbolOf } from '@/lib/analytics/derive.ts'
import type { ApiPool, ApiSwap } from '@/lib/analytics/types.ts'
import type { Explorer } from '@/lib/networks.ts'

const short = (id: string) => `${id.slice(0, 6)}…${id.slice(-4)}`

/** The pool's last trades, newest first: side, amounts, price and the transaction id to copy or open. */
export function LastTrades(props: { pool: ApiPool; swaps: ApiSwap[] | undefined; inverted: boolean; explorer?: Explorer; loading: boolean }) {
  const toast = useToast()
  const { pool, inverted } = props
  const [base, quote] = inverted ? [pool.assetB, pool.assetA] : [pool.assetA, pool.assetB]
  const asset = (id: number) => (id === pool.assetA.id ? pool.assetA : pool.assetB)
  const copy = (txnId: string) =>
    void navigator.clipboard?.writeText(txnId).then(
      () => toast.info('Transaction id copied'),
      () => toast.info('Copying is not allowed here; select the id instead'),
    )
  return (
    <div className="table-wrap">
      <table className="table table--stack trades-table" aria-label="Last trades">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Side</th>
            <th scope="col">Paid</th>
            <th scope="col">Received</th>
            <th scope="col">Price ({symbolOf(quote)})</th>
            <th scope="col">Transaction</th>
          </tr>
        </thead>
        <tbody>
          {!props.swaps || props.swaps.length === 0 ? (
            <tr>
              <td colSpan={6} className="empty">
                {props.loading ? 'Loading trades…' : 'No trades in this pool yet.'}
              </td>
            </tr>
          ) : (
            props.swaps.map((s) => {
              const into = asset(s.assetIn)
              const out = asset(s.assetOut)
              const buy = s.assetOut === base.id
              return (
                <tr key={`${s.txnId}-${s.hop}`} data-testid="trade-row">
                  <th scope="row" data-label="Time">
                    <time dateTime={new Date(s.time * 1000).toISOString()}>{new Date(s.time * 1000).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'medium' })}</time>
                  </th>
                  <td data-label="Side" className={buy ? 'tone-up' : 'tone-down'}>
                    {buy ? 'Buy' : 'Sell'} {symbolOf(base)}
                  </td>
                  <td data-label="Paid">
                    {formatAmount(BigInt(s.amountIn), into.decimals, { thousands: true })} {symbolOf(into)}
                  </td>
                  <td data-label="Received">
                    {formatAmount(BigInt(s.amountOut), out.decimals, { thousands: true })} {symbolOf(out)}
                  </td>
                  <td data-label="Price">{formatPrice(shownPrice(s.price, inverted))}</td>
                  <td data-label="Transaction" className="txid">
                    {props.explorer ? (
                      <a href={props.explorer.tx(s.txnId)} target="_blank" rel="noreferrer" title={s.txnId}>
                        <code>{short(s.txnId)}</code>
                      </a>
                    ) : (
                      <code title={s.txnId}>{short(s.txnId)}</code>
                    )}{' '}
                    <button type="button" className="button button--small" onClick={() => copy(s.txnId)} aria-label={`Copy transaction id ${s.txnId}`}>
                      Copy
                    </button>
                  </td>
                </tr>
              )
            })
          )}
        </tbody>
      </table>
    </div>
  )
}
