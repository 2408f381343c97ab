import type { Token } from '@/lib/tokens/tokens.ts'
import { TokenLogo } from '@/components/dex/token-logo.tsx'
import { formatAmount, formatAlgo } from '@grove/sdk/amount'
import type { Position } from '../derive-liquidity.ts'
import { formatShare } from '../pool-facts.ts'

const amount = (value: bigint, token: Token) => `${formatAmount(value, token.decimals, { thousands: true, maxDecimals: 6 })} ${token.symbol}`

/** The user's pool shares: share %, what they would withdraw now, and their value in ALGO. */
export function PositionsTable(props: { positions: Position[]; onRemove(position: Position): void }) {
  return (
    <div className="table-wrap" role="region" aria-label="Your positions, scrollable" tabIndex={0}>
      <table className="table positions">
        <thead>
          <tr>
            <th scope="col">Pool</th>
            <th scope="col">Share of pool</th>
            <th scope="col">Pooled tokens</th>
            <th scope="col">Value</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.positions.map((p) => {
            const name = `${p.tokenA.symbol}/${p.tokenB.symbol}`
            return (
              <tr key={String(p.pool.lpAsset)} data-pool={name}>
                <th scope="row">
                  <span className="pair-logos">
                    <TokenLogo token={p.tokenA} size={20} />
                    <TokenLogo token={p.tokenB} size={20} />
                  </span>{' '}
                  {name}
                  <div className="hint">{formatAmount(p.lp, 6, { thousands: true })} LP</div>
                </th>
                <td data-label="Share">{formatShare(p.sharePercent)}</td>
                <td data-label="Pooled">
                  {amount(p.amountA, p.tokenA)}
                  <br />
                  {amount(p.amountB, p.tokenB)}
                </td>
                <td data-label="Value">{p.valueAlgo === null ? '—' : formatAlgo(p.valueAlgo)}</td>
                <td>
                  <button type="button" className="button" onClick={() => props.onRemove(p)} aria-label={`Remove liquidity from ${name}`}>
                    Remove
                  </button>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
