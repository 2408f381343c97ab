// "Your fees earned" on a pool's page: what the connected account's open positions in this pool
// earned, from the analytics service (the dashboard's figures), in each asset and USD.
import { useAccountPositions } from '@/lib/analytics/queries.ts'
import { formatUsd } from '@/lib/analytics/derive.ts'
import { feesText, poolFeesEarned } from '@/lib/analytics/positions.ts'
import { useWalletSession } from '@/lib/wallet-session.ts'

/** A stat card of the fees the active account earned in pool `poolId`; nothing without an account or a position there. */
export function YourFees(props: { url: string | null; poolId: number }) {
  const address = useWalletSession().activeAddress ?? null
  const q = useAccountPositions(props.url, address)
  const earned = q.data ? poolFeesEarned(q.data, props.poolId) : null
  if (!address || !earned) return null
  return (
    <div className="card stat">
      <dt>Your fees earned</dt>
      <dd data-testid="your-fees-earned" data-fees-inb={earned.rows.reduce((s, r) => s + BigInt(r.lp.fees.inB), 0n).toString()} title={earned.rows.map((r) => feesText(r.lp)).join('; ')}>
        {formatUsd(earned.usd)}
      </dd>
    </div>
  )
}
