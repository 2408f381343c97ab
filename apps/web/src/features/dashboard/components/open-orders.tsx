// The dashboard's line on orders: how many of the account's orders are still open and what they hold
// (what is left to sell and the proceeds to collect), valued at the market, with the way to /dex/orders.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Panel } from '@/components/ui/page.tsx'
import { figuresOf, formatUsd, stableToken } from '@/lib/pools/figures.ts'
import { useMarket } from '@/lib/pools/market.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { openOrdersSummary, ownerOrdersQuery } from '@/lib/orders/orders.ts'

/** "N open orders worth $X" for `address`, nothing where Grove is not deployed. */
export function OpenOrders(props: { address: string }) {
  const { network, algod, deployment } = useProtocol()
  const orders = useQuery(ownerOrdersQuery(algod, deployment, props.address))
  const ids = [...new Set((orders.data ?? []).flatMap((o) => [Number(o.assetIn), Number(o.assetOut)]))]
  const market = useMarket(algod, deployment, props.address, ids)
  if (!deployment) return null
  const figures = market.pools ? figuresOf(market.pools, market.tokens, stableToken(market.tokens, network.id, deployment)) : null
  const summary = orders.data && figures ? openOrdersSummary(orders.data, (asset, units) => figures.value(asset, units).usd) : null
  return (
    <Panel title="Orders" actions={<Link to="/dex/orders">Your orders</Link>}>
      <p data-testid="open-orders-summary">
        {orders.isError
          ? 'Your orders could not be read.'
          : !summary
            ? 'Reading your orders…'
            : summary.open === 0 && orders.data!.length === 0
              ? 'No orders. Place a limit or recurring order from the Swap page.'
              : `${summary.open} open order${summary.open === 1 ? '' : 's'}${summary.valueUsd === null ? '' : `, holding ${formatUsd(summary.valueUsd)} to sell or collect`}`}
      </p>
    </Panel>
  )
}
