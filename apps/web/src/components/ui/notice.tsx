import type { ReactNode } from 'react'

/** An inline message block; `tone` sets its colour and its ARIA role. */
export function Notice(props: { tone?: 'info' | 'warning' | 'error'; title: string; children?: ReactNode; action?: ReactNode }) {
  const tone = props.tone ?? 'info'
  return (
    <div className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <p className="notice__title">{props.title}</p>
      {props.children ? <div className="notice__body">{props.children}</div> : null}
      {props.action ? <div className="notice__action">{props.action}</div> : null}
    </div>
  )
}
