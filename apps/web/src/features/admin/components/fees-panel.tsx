// The fee of new pools and the protocol’s share of every fee.
import { useState } from 'react'
import { Panel } from '@/components/ui/page.tsx'
import { bpsWords, feesReview, protocolShareWords } from '../admin-actions.ts'
import { wholeNumber, type AdminPanelProps } from './panel-props.ts'

/** The fee of new pools and the protocol share, and a form to change them. */
export function FeesPanel(props: AdminPanelProps & { current: { defaultFeeBps: number; protocolFeeDivisor: number } }) {
  const [fee, setFee] = useState('')
  const [divisor, setDivisor] = useState('')
  const f = fee === '' ? props.current.defaultFeeBps : wholeNumber(fee)
  const d = divisor === '' ? props.current.protocolFeeDivisor : wholeNumber(divisor)
  // what is not a whole number goes to the rule as NaN, so the SDK words it too
  const error = props.check({ kind: 'setFees', defaultFeeBps: f ?? Number.NaN, protocolFeeDivisor: d ?? Number.NaN })
  return (
    <Panel title="Default fee and protocol share">
      <dl className="admin-facts">
        <div>
          <dt>Fee of new pools</dt>
          <dd data-testid="default-fee">{bpsWords(props.current.defaultFeeBps)}</dd>
        </div>
        <div>
          <dt>Protocol share</dt>
          <dd data-testid="protocol-share">{protocolShareWords(props.current.protocolFeeDivisor)}</dd>
        </div>
      </dl>
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (error || f === null || d === null) return
          props.onReview(feesReview(props.current, f, d))
        }}
      >
        <label className="field">
          <span>New default fee (bps)</span>
          <input className="input" inputMode="numeric" placeholder={String(props.current.defaultFeeBps)} value={fee} disabled={props.disabled} onChange={(e) => setFee(e.target.value)} />
        </label>
        <label className="field">
          <span>Protocol divisor (share = 1/divisor)</span>
          <input className="input" inputMode="numeric" placeholder={String(props.current.protocolFeeDivisor)} value={divisor} disabled={props.disabled} onChange={(e) => setDivisor(e.target.value)} />
        </label>
        {error && (fee !== '' || divisor !== '') ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="hint">Existing pools keep their fee until you set it below; a pool’s fee change also applies the current protocol share.</p>
        <button type="submit" className="button button--primary" disabled={props.disabled || error !== null || (f === props.current.defaultFeeBps && d === props.current.protocolFeeDivisor)}>
          Review fees
        </button>
      </form>
    </Panel>
  )
}
