// Toast list as plain data and a pure reducer, so the transitions
// (pending → confirmed | failed) are testable without rendering.

/** What a toast is about. */
export type ToastKind = 'pending' | 'confirmed' | 'failed' | 'info'

/** Where a confirmed transaction landed. */
export interface Confirmation {
  round: bigint | number
  txId: string
  explorerUrl?: string
  /** The explorer's name for the link, e.g. "allo.info". */
  explorerName?: string
  /** Replaces the pending message, e.g. "Swapped 10 ALGO for 4.2 USDC". */
  message?: string
}

/** A token a toast is about, shown by its logo. */
export interface ToastToken {
  id: number
  symbol: string
}

/** One toast on screen. */
export interface Toast {
  id: string
  kind: ToastKind
  message: string
  /** Tokens the transaction moves, shown by their logos. */
  tokens?: ToastToken[]
  confirmation?: Omit<Confirmation, 'message'>
  /** Plain-words reason of a failure. */
  reason?: string
}

/** A change to the toast list. */
export type ToastAction =
  | { type: 'add'; toast: Toast }
  | { type: 'confirm'; id: string; confirmation: Confirmation }
  | { type: 'fail'; id: string; reason: string }
  | { type: 'dismiss'; id: string }

/** Most toasts shown at once; older ones give way so the stack never covers the page. */
export const MAX_TOASTS = 5

/** Applies one action; unknown ids leave the list unchanged (the toast may already be dismissed). */
export function toastReducer(toasts: readonly Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case 'add':
      return [...toasts.filter((t) => t.id !== action.toast.id), action.toast].slice(-MAX_TOASTS)
    case 'confirm': {
      const { message, ...confirmation } = action.confirmation
      return toasts.map((t) => (t.id === action.id ? { ...t, kind: 'confirmed', message: message ?? t.message, confirmation } : t))
    }
    case 'fail':
      return toasts.map((t) => (t.id === action.id ? { ...t, kind: 'failed', reason: action.reason } : t))
    case 'dismiss':
      return toasts.filter((t) => t.id !== action.id)
  }
}

/** How long a toast stays before closing itself; pending and failed stay until resolved or dismissed. */
export const AUTO_DISMISS_MS: Record<ToastKind, number | undefined> = {
  pending: undefined,
  confirmed: 10_000,
  failed: undefined,
  info: 6_000,
}
