// Public surface of the toast system.
export { ToastProvider } from './toast-provider.tsx'
export { useToast } from './use-toast.ts'
export { readableError } from './readable-error.ts'
export type { ToastApi } from './toast-context.ts'
export type { Confirmation, Toast, ToastKind } from './toast-state.ts'
