import { NetworkFeeRow } from '@/components/dex/review-dialog.tsx'
import { feeTierWords } from '@/lib/pools/venues.ts'
import type { Token } from '@/lib/tokens/tokens.ts'
import type { SwapRoute } from '../route-view.ts'
import { formatAmount } from '@grove/sdk/amount'
import type { ImpactLevel } from '../derive-swap.ts'

/** Props of {@link TradeDetails}. */
export interface TradeDetailsProps {
  route: SwapRoute
  tokens: ReadonlyMap<number, Token>
  tokenIn: Token
  tokenOut: Token
  limit: bigint
  /** Null while the group is being built. */
  networkFee: bigint | null
  impact: ImpactLevel
  slippagePercent: number
  /** The fee is worked out from the route, not yet from the built group (the review shows the exact one). */
  feeEstimated?: boolean
}

/** Formats basis points as a percentage ("1.23%", "<0.01%"). */
export function formatBps(bps: number): string {
  if (bps > 0 && bps < 1) return '<0.01%'
  return `${(bps / 100).toFixed(2)}%`
}

/** A share of the order in basis points as a percentage ("62%", "33.5%"). */
export const formatShare = (bps: number) => `${Number((bps / 100).toFixed(1))}%`

/**
 * What the route gains over the best venue alone, worded by the side the user fixed: more received
 * (exact in) or less paid (exact out), never a signed figure that reads as a loss. None for a trade
 * the price impact refuses: a gain over a venue the order would drain is no reason to trade.
 */
export function routeGainText(route: SwapRoute, tokenIn: Token, tokenOut: Token, impact: ImpactLevel): string | null {
  if (!route.gain || route.gain.amount <= 0n || impact === 'blocked') return null
  const exactIn = route.exactOut === undefined
  const token = exactIn ? tokenOut : tokenIn
  const amount = `${formatAmount(route.gain.amount, token.decimals, { maxDecimals: 6, thousands: true })} ${token.symbol} (${formatBps(route.gain.bps)})`
  return exactIn ? `You receive ${amount} more than on ${route.gain.versus} alone` : `You pay ${amount} less than on ${route.gain.versus} alone`
}

/** Price, the route's paths (hops, venues, shares) and gain over one venue, price impact, limit, LP fee and network fee of a quoted trade. */
export function TradeDetails(props: TradeDetailsProps) {
  const { route, tokenIn, tokenOut, tokens } = props
  const symbol = (id: bigint) => tokens.get(Number(id))?.symbol ?? `#${id}`
  const decimals = (id: bigint) => tokens.get(Number(id))?.decimals ?? 0
  const exactIn = route.exactOut === undefined
  const gain = routeGainText(route, tokenIn, tokenOut, props.impact)
  return (
    <dl className="details trade-details">
      <div>
        <dt>Rate</dt>
        <dd>
          1 {tokenIn.symbol} ≈ {rate(route.amountIn, tokenIn.decimals, route.amountOut, tokenOut.decimals)} {tokenOut.symbol}
        </dd>
      </div>
      <div className="trade-details__route">
        <dt>Route</dt>
        <dd>{route.paths.length === 1 ? 'One path' : `Split over ${route.paths.length} paths`}</dd>
        <ol className="route" aria-label="Route">
          {route.paths.map((path, i) => (
            <li key={i} data-testid="route-path">
              <strong>{formatShare(path.shareBps)}</strong>{' '}
              {path.hops.map((hop, j) => (
                <span key={j} data-testid="route-hop">
                  {j > 0 ? ', then ' : ''}
                  {symbol(hop.assetIn)} → {symbol(hop.assetOut)} on <span className="route__venue">{hop.venue}</span>{' '}
                  <span className="route__tier" data-testid="route-tier">
                    ({feeTierWords(hop.feeBps)} tier)
                  </span>
                </span>
              ))}
            </li>
          ))}
        </ol>
      </div>
      {gain ? (
        <div>
          <dt>Route gain</dt>
          <dd className="tone-ok" data-testid="route-gain">
            {gain}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>Price impact</dt>
        <dd className={`tone-${props.impact}`} data-testid="price-impact">
          {formatBps(route.priceImpactBps)}
        </dd>
      </div>
      <div>
        <dt>{exactIn ? 'Minimum received' : 'Maximum sold'}</dt>
        <dd data-testid="trade-limit">
          {formatAmount(props.limit, (exactIn ? tokenOut : tokenIn).decimals, { thousands: true })} {exactIn ? tokenOut.symbol : tokenIn.symbol}
        </dd>
      </div>
      <div>
        <dt>LP fee</dt>
        <dd>
          {[...lpFees(route)].map(([asset, fee]) => `${formatAmount(fee, decimals(asset), { maxDecimals: 6, thousands: true })} ${symbol(asset)}`).join(' + ')}
        </dd>
      </div>
      <NetworkFeeRow fee={props.networkFee} estimated={props.feeEstimated} />
      <div>
        <dt>Slippage tolerance</dt>
        <dd>{props.slippagePercent}%</dd>
      </div>
    </dl>
  )
}

// the LP fees of every hop, summed per asset paid in
function lpFees(route: SwapRoute): Map<bigint, bigint> {
  const fees = new Map<bigint, bigint>()
  for (const hop of route.hops) fees.set(hop.assetIn, (fees.get(hop.assetIn) ?? 0n) + hop.fee)
  return fees
}

// A display rate from base units; bigint math to 6 significant decimals, floats only for the final text.
function rate(amountIn: bigint, decimalsIn: number, amountOut: bigint, decimalsOut: number): string {
  if (amountIn === 0n) return '0'
  const scaled = (amountOut * 10n ** BigInt(decimalsIn + 8)) / (amountIn * 10n ** BigInt(decimalsOut))
  const value = Number(scaled) / 1e8
  return value >= 1 ? value.toLocaleString('en-US', { maximumFractionDigits: 6 }) : value.toPrecision(6).replace(/0+$/, '')
}
