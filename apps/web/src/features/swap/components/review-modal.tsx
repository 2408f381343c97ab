import { useEffect, useState } from 'react'
import { ReviewAmounts, ReviewDialog, type QuotedChanges, type SimulationState } from '@/components/dex/review-dialog.tsx'
import { IssuerWarning } from '@/components/dex/issuer-warning.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import { formatAmount } from '@grove/sdk/amount'
import type { BalanceChanges } from '@grove/sdk'
import type { SwapRoute } from '../route-view.ts'
import { formatBps, TradeDetails, type TradeDetailsProps } from './trade-details.tsx'

/** The word a user types to accept a price impact of 10% or more. */
export const CONFIRM_WORD = 'confirm'

/** Props of {@link ReviewModal}. */
export interface ReviewModalProps extends Omit<TradeDetailsProps, 'feeEstimated'> {
  /** The group is being built (and its fee measured). */
  preparing: boolean
  /** Why the group could not be built, in words. */
  prepareError: string | null
  /** The wallet is being asked to sign, or the group is being confirmed. */
  busy: boolean
  /** The registry's verified tokens: the others with a clawback or freeze address get a warning. */
  verified: ReadonlySet<number>
  /** The built group's simulation (the page runs it once the group is built). */
  simulation?: SimulationState
  /** The simulation gave less (or took more) than the quote: the page's pools are older than the chain; read them again. */
  onStale?(): void
  onConfirm(): void
  onClose(): void
}

/** Shows the trade once more, asks for "confirm" at 10%+ impact, then hands it to the wallet. */
export function ReviewModal(props: ReviewModalProps) {
  const [typed, setTyped] = useState('')
  const needsWord = props.impact === 'confirm'
  const { route, tokenIn, tokenOut } = props
  const exactIn = route.exactOut === undefined
  // The quote the user saw when the review opened (or last accepted). When the pools move it against
  // the user, the review says so and asks again before anything is signed (as Uniswap does); a
  // better price needs no new consent.
  const now = { route, limit: props.limit }
  const [seen, setSeen] = useState(now)
  const moved = worseFor(seen, now)
  const [before, figures] = [quoteFigures({ ...props, ...seen }), quoteFigures(props)]
  // The simulation ran this very group on the chain as it is now: when it gives less (exact in) or
  // takes more (exact out) than the quote, the pools moved since the page read them. Said at once,
  // and the page reads them again (the quote then follows); accepting takes the simulated figure.
  const simulated = simulatedFigure(props.simulation?.changes ?? null, route, tokenIn.id, tokenOut.id)
  const [acceptedSimulated, setAcceptedSimulated] = useState<bigint | null>(null)
  const simulationMoved = !moved && simulated !== null && simulated !== acceptedSimulated && (exactIn ? simulated < route.amountOut : simulated > route.amountIn)
  const { onStale } = props
  useEffect(() => {
    if (simulationMoved) onStale?.()
  }, [simulationMoved, onStale])
  const accepted = (!needsWord || typed.trim().toLowerCase() === CONFIRM_WORD) && !moved && !simulationMoved
  // every token the route touches: an intermediate pool an issuer drains or freezes fails the route too
  const routeTokens = [tokenIn, ...route.path.map((id) => props.tokens.get(Number(id))).filter((t) => t !== undefined), tokenOut]
  const min = (amount: bigint, token: typeof tokenIn) => `at least ${formatAmount(amount, token.decimals, { thousands: true })}`
  // What the quote promises the account: the pay side leaves, the receive side arrives.
  const quoted: QuotedChanges = {
    changes: exactIn
      ? [
          { asset: BigInt(tokenIn.id), amount: -route.amountIn },
          { asset: BigInt(tokenOut.id), amount: route.amountOut, note: min(props.limit, tokenOut) },
        ]
      : [
          // exact out on one hop or a route: exactly the output, at most the limit in (the rest comes back)
          { asset: BigInt(tokenIn.id), amount: -route.amountIn, note: `at most ${formatAmount(props.limit, tokenIn.decimals, { thousands: true })}` },
          { asset: BigInt(tokenOut.id), amount: route.exactOut! },
        ],
    fee: props.networkFee,
    asset: (id) => props.tokens.get(Number(id)) ?? { symbol: `#${id}`, decimals: 0 },
  }
  return (
    <ReviewDialog
      title="Review swap"
      confirmLabel="Confirm swap"
      preparing={props.preparing}
      prepareError={props.prepareError}
      busy={props.busy}
      blocked={!accepted}
      simulation={props.simulation}
      quoted={quoted}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    >
      <ReviewAmounts
        amounts={[
          {
            label: `You pay${!exactIn ? ' (at most)' : ''}`,
            value: `${formatAmount(!exactIn ? props.limit : route.amountIn, tokenIn.decimals, { thousands: true })} ${tokenIn.symbol}`,
            testId: 'review-pay',
            tokens: [tokenIn],
          },
          {
            label: `You receive${exactIn ? ' (estimated)' : ''}`,
            value: `${formatAmount(route.exactOut ?? route.amountOut, tokenOut.decimals, { thousands: true })} ${tokenOut.symbol}`,
            testId: 'review-receive',
            tokens: [tokenOut],
          },
        ]}
      />
      <TradeDetails {...props} />
      <IssuerWarning tokens={routeTokens} verified={props.verified} />
      <p className="hint">
        {exactIn
          ? `If the price moves against you by more than ${props.slippagePercent}% before the swap confirms, it fails and you keep your ${tokenIn.symbol}.`
          : `You send at most the amount above; what the ${route.hops.length === 1 ? 'pool does' : 'pools do'} not need comes back in the same transaction.`}
      </p>
      {simulationMoved ? (
        <Notice tone="warning" title="Price updated" action={<button type="button" className="button button--primary" onClick={() => setAcceptedSimulated(simulated)}>Accept the new price</button>}>
          <span data-testid="price-updated">
            {exactIn
              ? `You receive ${figures.receive} → ${show(simulated!, tokenOut)}, as simulated on the network just now.`
              : `You pay ${figures.pay} → ${show(simulated!, tokenIn)}, as simulated on the network just now.`}{' '}
            Accept the new price to confirm.
          </span>
        </Notice>
      ) : null}
      {moved ? (
        <Notice tone="warning" title="Price updated" action={<button type="button" className="button button--primary" onClick={() => setSeen(now)}>Accept the new price</button>}>
          <span data-testid="price-updated">
            {exactIn
              ? `You receive ${before.receive} → ${figures.receive} (at least ${before.limit} → ${figures.limit}).`
              : `You pay ${before.pay} → ${figures.pay} (at most ${before.limit} → ${figures.limit}).`}{' '}
            Accept the new price to confirm.
          </span>
        </Notice>
      ) : null}
      {needsWord ? (
        <Notice tone="error" title={`Price impact ${formatBps(route.priceImpactBps)}`}>
          <label>
            This trade moves the price a lot. Type “{CONFIRM_WORD}” to swap anyway.
            <input aria-label={`Type ${CONFIRM_WORD} to accept the price impact`} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
          </label>
        </Notice>
      ) : null}
    </ReviewDialog>
  )
}

/** Whether `now` gives the user less (exact in) or costs more (exact out) than the quote `seen` they accepted. */
function worseFor(seen: { route: SwapRoute; limit: bigint }, now: { route: SwapRoute; limit: bigint }): boolean {
  if (now.route.exactOut === undefined) return now.route.amountOut < seen.route.amountOut || now.limit < seen.limit
  return now.route.amountIn > seen.route.amountIn || now.limit > seen.limit
}

const show = (amount: bigint, token: { decimals: number; symbol: string }) => `${formatAmount(amount, token.decimals, { thousands: true })} ${token.symbol}`

/** What the simulation says the swap does: the amount received (exact in) or paid (exact out); null before it has run. */
export function simulatedFigure(changes: BalanceChanges | null, route: SwapRoute, tokenIn: number, tokenOut: number): bigint | null {
  if (!changes) return null
  return route.exactOut === undefined ? (changes.assets.get(BigInt(tokenOut)) ?? 0n) : -(changes.assets.get(BigInt(tokenIn)) ?? 0n)
}

/** The quote's figures as the review prints them: what leaves, what arrives and the slippage limit. */
function quoteFigures(props: Pick<ReviewModalProps, 'route' | 'limit' | 'tokenIn' | 'tokenOut'>): { pay: string; receive: string; limit: string } {
  const { route, tokenIn, tokenOut } = props
  const exactIn = route.exactOut === undefined
  return {
    pay: show(route.amountIn, tokenIn),
    receive: show(route.exactOut ?? route.amountOut, tokenOut),
    limit: show(props.limit, exactIn ? tokenOut : tokenIn),
  }
}
