import { Table } from '@/components/ui/table.tsx'
import { formatAmount } from '@grove/sdk/amount'
import { useWalletSession, walletSession } from '@/lib/wallet-session.ts'
import { usePortfolio, ValueCells } from './portfolio-view.tsx'

/** Every account of the connected wallet with its total value, and a switch to make it active. */
export function AccountsTable() {
  const session = useWalletSession()
  return (
    <Table label="Connected accounts" className="table--stack" columns={[{ label: 'Account' }, { label: 'ALGO balance' }, { label: 'Total (ALGO)' }, { label: 'Total (USD)' }, { label: 'Switch', hideLabel: true }]}>
      {session.accounts.map((a) => (
        <AccountRow key={a.address} name={a.name} address={a.address} active={a.address === session.activeAddress} />
      ))}
    </Table>
  )
}

function AccountRow(props: { name: string; address: string; active: boolean }) {
  const v = usePortfolio(props.address)
  const algo = v.portfolio?.lines.find((l) => l.key === 'wallet-0')?.algo ?? null
  return (
    <tr aria-current={props.active ? 'true' : undefined} data-testid={`account-${props.address}`}>
      <th scope="row">
        {props.name}
        {props.active ? ' (active)' : ''}
        <br />
        <code className="address">{props.address}</code>
      </th>
      <td data-label="ALGO balance">{v.error ? <span className="error-text">{v.error}</span> : algo === null ? '…' : `${formatAmount(algo, 6, { thousands: true })} ALGO`}</td>
      {v.portfolio ? <ValueCells algo={v.portfolio.totalAlgo} v={v} /> : (
        <>
          <td data-label="Total (ALGO)">…</td>
          <td data-label="Total (USD)">…</td>
        </>
      )}
      <td>
        {props.active ? (
          <span className="hint">Active</span>
        ) : (
          <button type="button" className="button button--ghost" disabled={!walletSession.get().switchAccount} onClick={() => walletSession.get().switchAccount?.(props.address)}>
            Switch to this account
          </button>
        )}
      </td>
    </tr>
  )
}
