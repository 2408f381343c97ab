// The context the provider fills and useToast reads.
import { createContext } from 'react'
import type { Confirmation, ToastToken } from './toast-state.ts'

/** Actions for transaction and info toasts. */
export interface ToastApi {
  /** Shows a spinner toast for a transaction in flight; returns its id. */
  pending(message: string, tokens?: ToastToken[]): string
  /** Turns a pending toast into a confirmation with round and explorer link. */
  confirmed(id: string, confirmation: Confirmation): void
  /** Turns a pending toast into a failure; non-string reasons go through readableError. */
  failed(id: string, reason: unknown): void
  /** Shows a short message that closes itself; returns its id. */
  info(message: string): string
  dismiss(id: string): void
}

/** Null outside a ToastProvider. */
export const ToastContext = createContext<ToastApi | null>(null)
