import type { Token } from '@/lib/tokens/tokens.ts'
import { formatAmount } from '@grove/sdk/amount'
import { acceptAmountInput, amountSizeClass } from './amount-input.ts'
import { TokenLogo } from './token-logo.tsx'
import './dex.css'

/** Props of {@link AmountField}. */
export interface AmountFieldProps {
  id: string
  label: string
  value: string
  token: Token | null
  /** Balance of `token`; undefined when unknown or not opted in. */
  balance?: bigint
  /** The amount "Max" fills in (e.g. ALGO minus what must stay); no Max button without it. */
  max?: bigint
  /** Words shown under the field when its text is wrong (marks the input invalid). */
  error?: string | null
  /** A note under the field, e.g. "estimated". */
  note?: string
  /** What the amount is worth, e.g. "≈ $12.34", shown beside the balance; absent when unpriced. */
  worth?: string | null
  onChange(text: string): void
  onPickToken(): void
}

/** An amount input with its token button, balance and Max: one side of a swap or a deposit. */
export function AmountField(props: AmountFieldProps) {
  const { token } = props
  return (
    <div className="amount-field">
      <div className="field__row">
        <label htmlFor={props.id}>{props.label}</label>
        <span className="hint">
          {token && props.balance !== undefined ? `Balance ${formatAmount(props.balance, token.decimals, { thousands: true, maxDecimals: 6 })}` : null}
          {token && props.max !== undefined && props.max > 0n ? (
            <button type="button" className="link-button" onClick={() => props.onChange(formatAmount(props.max!, token.decimals))} aria-label={`Max ${token.symbol}: use the most you can`}>
              Max
            </button>
          ) : null}
        </span>
      </div>
      <div className={`token-input ${amountSizeClass(props.value)}`.trim()}>
        <input
          id={props.id}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error || props.note ? `${props.id}-note` : undefined}
          onChange={(e) => {
            // Letters and a second separator are refused as they are typed: the field keeps its text.
            const accepted = acceptAmountInput(e.target.value)
            if (accepted !== null) props.onChange(accepted)
          }}
        />
        {/* The name holds the visible words ("ALGO", "Select a token"), so voice control users can say what they see. */}
        <button type="button" className="button token-button" onClick={props.onPickToken} aria-label={token ? `${props.label}: ${token.symbol}, change token` : `${props.label}: select a token`}>
          {token ? <TokenLogo token={token} size={22} /> : null}
          {token ? token.symbol : 'Select a token'} <span aria-hidden="true">▾</span>
        </button>
      </div>
      {props.worth ? (
        <p className="hint amount-field__worth" data-testid={`${props.id}-worth`}>
          {props.worth}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.id}-note`} className="field__error">
          {props.error}
        </p>
      ) : props.note ? (
        <p id={`${props.id}-note`} className="hint">
          {props.note}
        </p>
      ) : null}
    </div>
  )
}
