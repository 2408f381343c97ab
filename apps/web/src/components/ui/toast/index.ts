// Public surface of the toast system.
export { ToastProvider } from './toast-provider.tsx'
export { useToast } from '@/lib/toast/use-toast.ts'
export { readableError } from '@/lib/toast/readable-error.ts'
export type { ToastApi } from '@/lib/toast/toast-context.ts'
export type { Confirmation, Toast, ToastKind } from '@/lib/toast/toast-state.ts'
