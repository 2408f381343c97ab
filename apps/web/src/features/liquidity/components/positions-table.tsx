import type { Token } from '@/lib/tokens/tokens.ts'
import { TokenLogo } from '@/components/dex/token-logo.tsx'
import { Table, type Column } from '@/components/ui/table.tsx'
import { formatAmount, formatAlgo } from '@grove/sdk/amount'
import type { Position } from '../derive-liquidity.ts'
import { formatShare } from '../pool-facts.ts'

const amount = (value: bigint, token: Token) => `${formatAmount(value, token.decimals, { thousands: true, maxDecimals: 6 })} ${token.symbol}`

/** The positions table's columns (the empty table before any position has the same). */
export const POSITION_COLUMNS: Column[] = [{ label: 'Pool' }, { label: 'Share of pool' }, { label: 'Pooled tokens' }, { label: 'Value' }, { label: 'Actions', hideLabel: true }]

/** The user's pool shares: share %, what they would withdraw now, and their value in ALGO. */
export function PositionsTable(props: { positions: Position[]; onRemove(position: Position): void }) {
  return (
    <Table label="Your positions" className="positions" columns={POSITION_COLUMNS}>
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
    </Table>
  )
}
