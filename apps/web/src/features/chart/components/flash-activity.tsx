import { Table } from '@/components/ui/table.tsx'
import { formatAmount } from '@grove/sdk/amount'
import { ChainTime, TxId } from '@/components/ui/chain-cells.tsx'
import { formatUsd, symbolOf } from '@/lib/analytics/derive.ts'
import type { ApiFlash, ApiPool } from '@/lib/analytics/types.ts'
import type { Explorer } from '@/lib/networks.ts'

/** "5,000 ALGO + 700 gUSD": the sides of a flash that moved anything (— when none did). */
export function flashSides(pool: Pick<ApiPool, 'assetA' | 'assetB'>, a: string, b: string): string {
  const sides = [
    [BigInt(a), pool.assetA],
    [BigInt(b), pool.assetB],
  ] as const
  const moved = sides.filter(([amount]) => amount > 0n).map(([amount, asset]) => `${formatAmount(amount, asset.decimals, { thousands: true })} ${symbolOf(asset)}`)
  return moved.length === 0 ? '—' : moved.join(' + ')
}

/** The pool's flash loans and flash swaps, newest first: what left the pool, what came back, the fee the pool earned on it and the transaction. */
export function FlashActivity(props: { pool: ApiPool; flashes: ApiFlash[] | undefined; explorer?: Explorer; loading: boolean; failed?: boolean }) {
  const { pool } = props
  return (
    <Table label="Flash loans and swaps" className="table--stack trades-table" columns={[{ label: 'Time' }, { label: 'Kind' }, { label: 'Lent' }, { label: 'Paid back' }, { label: 'Fee' }, { label: 'Transaction' }]}>
      {!props.flashes || props.flashes.length === 0 ? (
        <tr>
          <td colSpan={6} className="empty">
            {props.loading ? 'Loading flash loans…' : props.failed ? 'Flash loans could not be read.' : 'No flash loans or swaps in this pool yet.'}
          </td>
        </tr>
      ) : (
        props.flashes.map((f) => (
          <tr key={f.txnId} data-testid="flash-row">
            <th scope="row" data-label="Time">
              <ChainTime time={f.time} />
            </th>
            <td data-label="Kind">{f.kind === 'loan' ? 'Flash loan' : 'Flash swap'}</td>
            <td data-label="Lent">{flashSides(pool, f.outA, f.outB)}</td>
            <td data-label="Paid back">{flashSides(pool, f.inA, f.inB)}</td>
            <td data-label="Fee">
              {flashSides(pool, f.feeA, f.feeB)}
              {f.feeUsd === null ? null : <span className="hint"> ({formatUsd(f.feeUsd)})</span>}
            </td>
            <td data-label="Transaction" className="txid">
              <TxId txnId={f.txnId} explorer={props.explorer} link="id" />
            </td>
          </tr>
        ))
      )}
    </Table>
  )
}
