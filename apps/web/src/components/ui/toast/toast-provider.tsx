// Renders the toast stack and provides the actions. Each toast is a live region
// (status, or alert when something failed) so screen readers announce changes;
// Escape on a focused toast or its close button dismisses it.
import { useEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { readableError } from '@/lib/toast/readable-error.ts'
import { ToastContext, type ToastApi } from '@/lib/toast/toast-context.ts'
import { AUTO_DISMISS_MS, toastReducer, type Toast, type ToastToken } from '@/lib/toast/toast-state.ts'
import { TokenLogo } from '@/components/dex/token-logo.tsx'
import './toast.css'

/** Provides useToast() to its children and renders the toasts above the page. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastReducer, [])
  const nextId = useRef(0)
  const region = useRef<HTMLElement>(null)

  // An open dialog moves down by the toasts' height (toast.css), so no toast ever covers its buttons.
  useEffect(() => {
    const el = region.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    const observer = new ResizeObserver(() => root.style.setProperty('--toast-stack-height', `${Math.ceil(el.getBoundingClientRect().height)}px`))
    observer.observe(el)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--toast-stack-height')
    }
  }, [])

  const api = useMemo<ToastApi>(() => {
    const add = (kind: 'pending' | 'info', message: string, tokens?: ToastToken[]) => {
      const id = `toast-${++nextId.current}`
      dispatch({ type: 'add', toast: { id, kind, message, ...(tokens?.length ? { tokens } : {}) } })
      return id
    }
    return {
      pending: (message, tokens) => add('pending', message, tokens),
      info: (message) => add('info', message),
      confirmed: (id, confirmation) => dispatch({ type: 'confirm', id, confirmation }),
      failed: (id, reason) => dispatch({ type: 'fail', id, reason: typeof reason === 'string' ? reason : readableError(reason) }),
      dismiss: (id) => dispatch({ type: 'dismiss', id }),
    }
  }, [])

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toast-region" aria-label="Notifications" ref={region}>
        <ol className="toast-list">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={() => api.dismiss(toast.id)} />
          ))}
        </ol>
      </section>
    </ToastContext.Provider>
  )
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const delay = AUTO_DISMISS_MS[toast.kind]
  const dismissRef = useRef(onDismiss)
  useEffect(() => {
    dismissRef.current = onDismiss
  })
  useEffect(() => {
    if (delay === undefined) return
    const timer = setTimeout(() => dismissRef.current(), delay)
    return () => clearTimeout(timer)
  }, [delay, toast.kind])

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onDismiss()
    }
  }

  const failed = toast.kind === 'failed'
  return (
    <li
      className={`toast toast-${toast.kind}`}
      role={failed ? 'alert' : 'status'}
      aria-live={failed ? 'assertive' : 'polite'}
      aria-atomic="true"
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      {toast.kind === 'pending' && <span className="toast-spinner" aria-hidden="true" />}
      <div className="toast-body">
        <p className="toast-title">{TITLES[toast.kind]}</p>
        <p className="toast-message">
          {toast.tokens ? (
            <span className="toast-logos">
              {toast.tokens.map((t) => (
                <TokenLogo key={t.id} token={t} size={18} />
              ))}
            </span>
          ) : null}
          {toast.message}
        </p>
        {toast.confirmation && <ConfirmationLine confirmation={toast.confirmation} />}
        {toast.reason && <p className="toast-reason">{toast.reason}</p>}
      </div>
      <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={onDismiss}>
        ×
      </button>
    </li>
  )
}

const TITLES: Record<Toast['kind'], string> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Transaction confirmed',
  failed: 'Transaction failed',
  info: 'Notice',
}

function ConfirmationLine({ confirmation }: { confirmation: NonNullable<Toast['confirmation']> }) {
  const [copied, setCopied] = useState(false)
  return (
    <>
      <p className="toast-detail">
        Confirmed in round {confirmation.round.toString()}
        {confirmation.explorerUrl ? (
          <>
            {' · '}
            <a href={confirmation.explorerUrl} target="_blank" rel="noopener noreferrer">
              {confirmation.explorerName ? `View on ${confirmation.explorerName}` : 'View transaction'}
            </a>
          </>
        ) : null}
      </p>
      {/* The full id, so it can be checked or pasted anywhere; the copy button saves selecting 52 characters. */}
      <p className="toast-detail toast-txid">
        <code title={confirmation.txId} data-testid="toast-txid">
          {confirmation.txId}
        </code>
        <button
          type="button"
          className="toast-copy"
          onClick={() => {
            void navigator.clipboard?.writeText(confirmation.txId).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }}
        >
          {copied ? 'Copied' : 'Copy ID'}
        </button>
      </p>
    </>
  )
}
