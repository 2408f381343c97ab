// The two-step admin transfer: propose, withdraw the proposal.
import { useState } from 'react'
import { Panel } from '@/components/ui/page.tsx'
import { checkAddress } from '@/lib/address.ts'
import { cancelAdminReview, proposeAdminReview } from '../admin-actions.ts'
import type { AdminPanelProps } from './panel-props.ts'

/** The two-step admin transfer: propose an account, or withdraw the proposal. */
export function TransferPanel(props: AdminPanelProps & { admin: string; pending: string | null }) {
  const [next, setNext] = useState('')
  const checked = checkAddress(next)
  const valid = checked.ok
  return (
    <Panel title="Admin transfer">
      <p>
        Two steps, so a mistyped address cannot take the role: you propose an account, and it becomes the admin only when it accepts on this page. Until then you stay the admin
        and can cancel.
      </p>
      {props.pending ? (
        <div className="admin-pending">
          <p>
            Waiting for <code className="address">{props.pending}</code> to accept.
          </p>
          <button type="button" className="button" disabled={props.disabled} onClick={() => props.onReview(cancelAdminReview(props.pending!))}>
            Cancel the transfer
          </button>
        </div>
      ) : null}
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (valid) props.onReview(proposeAdminReview(props.admin, props.pending, next.trim()))
        }}
      >
        <label className="field">
          <span>Propose a new admin (address)</span>
          <input className="input" value={next} disabled={props.disabled} onChange={(e) => setNext(e.target.value)} spellCheck={false} autoComplete="off" />
        </label>
        {next.trim() !== '' && !checked.ok ? (
          <p className="field__error" role="alert">
            {checked.error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={props.disabled || !valid || next.trim() === props.admin}>
          Review proposal
        </button>
      </form>
    </Panel>
  )
}
