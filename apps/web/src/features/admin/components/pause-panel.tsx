// The pause flags: which entries into positions and trading are stopped for everyone.
import { useState } from 'react'
import { Panel } from '@/components/ui/page.tsx'
import { PAUSE_FLAGS } from '@/lib/registry/registry.ts'
import { pauseReview } from '../admin-actions.ts'
import type { AdminPanelProps } from './panel-props.ts'

/** The pause flags, each with what it stops and what stays open, and a form to set them. */
export function PausePanel(props: AdminPanelProps & { paused: number }) {
  const [draft, setDraft] = useState<number | null>(null)
  const next = draft ?? props.paused
  return (
    <Panel title="Pause flags">
      <p className="hint">A pause stops entry into positions and trading for everyone. It never stops anyone leaving: removing liquidity always works.</p>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          props.onReview(pauseReview(props.paused, next))
          setDraft(null)
        }}
      >
        <ul className="pause-flags">
          {PAUSE_FLAGS.map((f) => (
            <li key={f.id} className={(props.paused & f.bit) !== 0 ? 'pause-flag pause-flag--on' : 'pause-flag'}>
              <label>
                <input type="checkbox" disabled={props.disabled} checked={(next & f.bit) !== 0} onChange={(e) => setDraft(e.target.checked ? next | f.bit : next & ~f.bit)} />
                <strong>Pause {f.name.toLowerCase()}</strong> {(props.paused & f.bit) !== 0 ? <span className="badge badge--warning">paused now</span> : null}
              </label>
              <p>
                <span className="hint">Stops:</span> {f.stops}
              </p>
              <p>
                <span className="hint">Stays open:</span> {f.open}
              </p>
            </li>
          ))}
        </ul>
        <button type="submit" className="button button--primary" disabled={props.disabled || next === props.paused}>
          Review pause flags
        </button>
      </form>
    </Panel>
  )
}
