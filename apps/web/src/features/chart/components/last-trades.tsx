import { Table } from '@/components/ui/table.tsx'
import { formatAmount } from '@grove/sdk/amount'
import { ChainTime, TxId } from '@/components/ui/chain-cells.tsx'
import { formatPrice, shownPrice, symbolOf } from '@/lib/analytics/derive.ts'
import type { ApiPool, ApiSwap } from '@/lib/analytics/types.ts'
import type { Explorer } from '@/lib/networks.ts'

/** The pool's last trades, newest first: side, amounts, price and the transaction id to copy or open. */
export function LastTrades(props: { pool: ApiPool; swaps: ApiSwap[] | undefined; inverted: boolean; explorer?: Explorer; loading: boolean; failed?: boolean }) {
  const { pool, inverted } = props
  const [base, quote] = inverted ? [pool.assetB, pool.assetA] : [pool.assetA, pool.assetB]
  const asset = (id: number) => (id === pool.assetA.id ? pool.assetA : pool.assetB)
  return (
    <Table label="Last trades" className="table--stack trades-table" columns={[{ label: 'Time' }, { label: 'Side' }, { label: 'Paid' }, { label: 'Received' }, { label: `Price (${symbolOf(quote)})`, key: 'price' }, { label: 'Transaction' }]}>
      {!props.swaps || props.swaps.length === 0 ? (
        <tr>
          <td colSpan={6} className="empty">
            {props.loading ? 'Loading trades…' : props.failed ? 'Trades could not be read.' : 'No trades in this pool yet.'}
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
                <ChainTime time={s.time} />
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
                <TxId txnId={s.txnId} explorer={props.explorer} link="id" />
              </td>
            </tr>
          )
        })
      )}
    </Table>
  )
}
