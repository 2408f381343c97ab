// Where protocol fees go.
import { useState } from 'react'
import { Panel } from '@/components/ui/page.tsx'
import { checkAddress } from '@/lib/address.ts'
import { treasuryReview } from '../admin-actions.ts'
import type { AdminPanelProps } from './panel-props.ts'

/** The treasury address, and a form to change it. */
export function TreasuryPanel(props: AdminPanelProps & { treasury: string }) {
  const [next, setNext] = useState('')
  const checked = checkAddress(next)
  const valid = checked.ok
  return (
    <Panel title="Treasury">
      <p>Protocol fees collected from pools go to:</p>
      <p>
        <code className="address" data-testid="treasury">
          {props.treasury}
        </code>
      </p>
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (valid) props.onReview(treasuryReview(props.treasury, next.trim()))
        }}
      >
        <label className="field">
          <span>New treasury address</span>
          <input className="input" value={next} disabled={props.disabled} onChange={(e) => setNext(e.target.value)} spellCheck={false} autoComplete="off" />
        </label>
        {next.trim() !== '' && !checked.ok ? (
          <p className="field__error" role="alert">
            {checked.error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={props.disabled || !valid || next.trim() === props.treasury}>
          Review treasury
        </button>
      </form>
    </Panel>
  )
}
