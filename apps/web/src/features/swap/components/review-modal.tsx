import { useState } from 'react'
import { Modal } from '@/components/ui/modal.tsx'
import { Notice } from '@/components/ui/notice.tsx'
import type { Token } from '@/lib/dex/tokens.ts'
import type { Route } from '@/lib/dex/sdk.ts'
import { formatAmount } from '@/lib/format.ts'
import type { ImpactLevel } from '../derive-swap.ts'
import { formatBps, TradeDetails } from './trade-details.tsx'

/** The word a user types to accept a price impact of 10% or more. */
export const CONFIRM_WORD = 'confirm'

/** Props of {@link ReviewModal}. */
export interface ReviewModalProps {
  route: Route
  tokens: ReadonlyMap<number, Token>
  tokenIn: Token
  tokenOut: Token
  limit: bigint
  networkFee: bigint
  impact: ImpactLevel
  slippagePercent: number
  /** The group is being built (and its fee measured). */
  preparing: boolean
  /** Why the group could not be built, in words. */
  prepareError: string | null
  /** The wallet is being asked to sign, or the group is being confirmed. */
  busy: boolean
  onConfirm(): void
  onClose(): void
}

/** Shows the trade once more, asks for "confirm" at 10%+ impact, then hands it to the wallet. */
export function ReviewModal(props: ReviewModalProps) {
  const [typed, setTyped] = useState('')
  const needsWord = props.impact === 'confirm'
  const accepted = !needsWord || typed.trim().toLowerCase() === CONFIRM_WORD
  const { route, tokenIn, tokenOut } = props
  const exactIn = route.exactOut === undefined
  return (
    <Modal title="Review swap" onClose={props.onClose}>
      <div className="review-amounts">
        <p>
          <span className="hint">You pay{!exactIn ? ' (at most)' : ''}</span>
          <strong data-testid="review-pay">
            {formatAmount(!exactIn ? props.limit : route.amountIn, tokenIn.decimals, { group: true })} {tokenIn.symbol}
          </strong>
        </p>
        <p>
          <span className="hint">You receive{exactIn ? ' (estimated)' : ''}</span>
          <strong data-testid="review-receive">
            {formatAmount(route.exactOut ?? route.amountOut, tokenOut.decimals, { group: true })} {tokenOut.symbol}
          </strong>
        </p>
      </div>
      <TradeDetails {...props} />
      <p className="hint">
        {exactIn
          ? `If the price moves against you by more than ${props.slippagePercent}% before the swap confirms, it fails and you keep your ${tokenIn.symbol}.`
          : `You send at most the amount above; what the pool does not need comes back in the same transaction.`}
      </p>
      {needsWord ? (
        <Notice tone="error" title={`Price impact ${formatBps(route.priceImpactBps)}`}>
          <label>
            This trade moves the price a lot. Type “{CONFIRM_WORD}” to swap anyway.
            <input aria-label={`Type ${CONFIRM_WORD} to accept the price impact`} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
          </label>
        </Notice>
      ) : null}
      {props.prepareError ? (
        <p className="field__error" role="alert">
          {props.prepareError}
        </p>
      ) : null}
      <button type="button" className="button button--primary button--block" disabled={!accepted || props.busy || props.preparing || props.prepareError !== null} onClick={props.onConfirm}>
        {props.busy ? 'Confirm in your wallet…' : props.preparing ? 'Preparing the transaction…' : 'Confirm swap'}
      </button>
    </Modal>
  )
}
