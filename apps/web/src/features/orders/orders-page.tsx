// /dex/orders: the connected account's limit and recurring orders with their fill progress, the
// proceeds to collect, collect and cancel (each through the one transaction runner, toasted once
// confirmed), and the history of its ended orders with their fills from the analytics service.
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ConnectPrompt } from '@/components/ui/connect-prompt.tsx'
import { NotDeployed } from '@/components/ui/not-deployed.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { Page, Panel } from '@/components/ui/page.tsx'
import { Table } from '@/components/ui/table.tsx'
import { formatAmount } from '@grove/sdk/amount'
import { useAnalyticsUrl, endedOrdersQuery, orderHistoryQuery } from '@/lib/analytics/queries.ts'
import { useMarket } from '@/lib/pools/market.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { ORDERS_KEY, orderProgress, ownerOrdersQuery, type Order } from '@/lib/orders/orders.ts'
import type { Token } from '@/lib/tokens/tokens.ts'
import { prepareContractAction, readableTxError } from '@/lib/tx/sdk.ts'
import { useTransaction } from '@/lib/tx/use-transaction.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'

const STATE_WORDS = { open: 'Open', waiting: 'Next fill soon', expired: 'Expired', filled: 'Filled: collect' } as const

/** The account's orders, to watch, collect and cancel. */
export function OrdersPage() {
  const { network, deployment, algod } = useProtocol()
  const address = useWalletSession().activeAddress
  const orders = useQuery(ownerOrdersQuery(algod, deployment, address ?? ''))
  const ids = [...new Set((orders.data ?? []).flatMap((o) => [Number(o.assetIn), Number(o.assetOut)]))]
  const market = useMarket(algod, deployment, address, ids)
  const analyticsUrl = useAnalyticsUrl()
  const history = useQuery({ ...endedOrdersQuery(analyticsUrl ?? '', address ?? ''), enabled: analyticsUrl !== null && address !== null })
  const units = (id: bigint | number, v: bigint | string) => {
    const t = market.tokens.get(Number(id))
    return `${formatAmount(BigInt(v), t?.decimals ?? 0, { thousands: true })} ${t?.symbol ?? `#${id}`}`
  }
  const now = Math.floor(Date.now() / 1000)
  return (
    <Page title="Orders" intro="Your limit and recurring orders. Anyone may fill them for the spread; what they pay collects in the order until you collect it. Cancel at any time to get back what is unfilled.">
      {deployment ? null : <NotDeployed networkName={network.name} needs="Orders" />}
      <ConnectPrompt reason="Connect a wallet to see your orders." />
      {orders.isError ? (
        <Notice tone="error" title="Orders unavailable">
          Your orders could not be read from {network.name}’s node. Check your connection, or the node in Settings.
        </Notice>
      ) : null}
      {address && deployment ? (
        <Panel title="Open orders">
          <Table
            label="Open orders"
            className="table--stack"
            testId="open-orders"
            busy={orders.isLoading}
            empty={orders.isLoading ? 'Reading your orders…' : (orders.data ?? []).length === 0 ? 'No open orders. Place one from the Limit or Recurring tab of Swap.' : undefined}
            columns={[{ label: 'Order' }, { label: 'Price' }, { label: 'Filled' }, { label: 'To collect' }, { label: 'Status' }, { label: 'Actions', hideLabel: true }]}
          >
            {(orders.data ?? []).map((o) => (
              <OrderRow key={String(o.id)} order={o} tokens={market.tokens} units={units} now={now} analyticsUrl={analyticsUrl} />
            ))}
          </Table>
        </Panel>
      ) : null}
      {address && deployment && analyticsUrl ? (
        <Panel title="Ended orders">
          <Table
            label="Ended orders"
            className="table--stack"
            busy={history.isLoading}
            empty={history.isError ? 'The history is unavailable: the analytics service did not answer.' : (history.data ?? []).length === 0 ? 'No ended orders yet.' : undefined}
            columns={[{ label: 'Order' }, { label: 'Sold' }, { label: 'Received' }, { label: 'Fills' }, { label: 'Ended' }]}
          >
            {(history.data ?? []).map((o) => (
              <tr key={o.id}>
                <td>{`${o.kind === 'limit' ? 'Limit' : 'Recurring'} ${o.assetIn.unitName ?? `#${o.assetIn.id}`} → ${o.assetOut.unitName ?? `#${o.assetOut.id}`}`}</td>
                <td>{units(o.assetIn.id, o.filled)}</td>
                <td>{units(o.assetOut.id, o.received)}</td>
                <td>{o.fills}</td>
                <td>{o.status === 'cancelled' ? `Cancelled (${units(o.assetIn.id, o.refunded)} back)` : 'Filled'}</td>
              </tr>
            ))}
          </Table>
        </Panel>
      ) : null}
    </Page>
  )
}

function OrderRow(props: { order: Order; tokens: ReadonlyMap<number, Token>; units: (id: bigint | number, v: bigint) => string; now: number; analyticsUrl: string | null }) {
  const { order: o, units } = props
  const tx = useTransaction()
  const [showFills, setShowFills] = useState(false)
  const fills = useQuery({ ...orderHistoryQuery(props.analyticsUrl ?? '', Number(o.id)), enabled: showFills && props.analyticsUrl !== null })
  const { progress, state } = orderProgress(o, props.now)
  const symbol = (id: bigint) => props.tokens.get(Number(id))?.symbol ?? `#${id}`
  const recurring = o.interval > 0n
  const name = `${recurring ? 'Recurring' : 'Limit'} ${symbol(o.assetIn)} → ${symbol(o.assetOut)}`
  const run = (kind: 'cancel' | 'collect') =>
    tx.run({
      pending: kind === 'cancel' ? `Cancelling your ${name} order…` : `Collecting from your ${name} order…`,
      done: kind === 'cancel' ? `Order cancelled: ${units(o.assetIn, o.remaining)} and the deposit are back.` : `Collected ${units(o.assetOut, o.proceeds)}.`,
      send: async (sdk, ctx) => (await prepareContractAction(sdk, ctx, 'Orders', { kind, order: o })).send(),
      explain: (sdk, error) => readableTxError(sdk, error, 'Orders'),
      invalidates: [ORDERS_KEY],
    })
  return (
    <>
      <tr data-testid={`order-${o.id}`}>
        <td>
          {name}
          <br />
          <small>{recurring ? `${units(o.assetIn, o.amountIn)} every ${Number(o.interval) / 60} min, ${o.toleranceBps / 100n}.${String(o.toleranceBps % 100n).padStart(2, '0')}% tolerance` : o.expiry === 0n ? 'No expiry' : `Expires ${new Date(Number(o.expiry) * 1000).toLocaleString()}`}</small>
        </td>
        <td>{recurring ? (o.minOut > 0n ? `at least ${units(o.assetOut, o.minOut)} per fill, TWAP-bounded` : 'TWAP-bounded') : `${units(o.assetOut, o.minOut)} for ${units(o.assetIn, o.amountIn)}`}</td>
        <td>
          <progress max={1} value={progress} aria-label={`${Math.round(progress * 100)}% filled`} /> {Math.round(progress * 100)}% ({units(o.assetIn, o.filled)})
        </td>
        <td>{units(o.assetOut, o.proceeds)}</td>
        <td>{STATE_WORDS[state]}</td>
        <td>
          <button type="button" className="button" disabled={tx.busy || o.proceeds === 0n} onClick={() => void run('collect')}>
            Collect
          </button>{' '}
          <button type="button" className="button" disabled={tx.busy} onClick={() => void run('cancel')}>
            Cancel
          </button>{' '}
          {props.analyticsUrl ? (
            <button type="button" className="button" aria-expanded={showFills} onClick={() => setShowFills((v) => !v)}>
              Fills
            </button>
          ) : null}
        </td>
      </tr>
      {showFills ? (
        <tr>
          <td colSpan={6}>
            {fills.isLoading
              ? 'Reading the fills…'
              : fills.isError
                ? 'The fills are unavailable: the analytics service did not answer.'
                : (fills.data?.events ?? []).filter((e) => e.kind === 'fill').length === 0
                  ? 'No fills yet.'
                  : (fills.data?.events ?? [])
                      .filter((e) => e.kind === 'fill')
                      .map((e) => (
                        <div key={`${e.round}-${e.txnId}`}>
                          {new Date(e.time * 1000).toLocaleString()}: {units(o.assetIn, BigInt(e.amount ?? '0'))} for {units(o.assetOut, BigInt(e.paid ?? '0'))}
                        </div>
                      ))}
          </td>
        </tr>
      ) : null}
    </>
  )
}
