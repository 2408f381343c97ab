import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { ToastProvider } from '@/components/ui/toast/index.ts'
import { useSettings, type Theme } from '@/lib/settings.ts'

/** The data cache shared by every page; reads retry once, the pages show errors as states. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } })
}

/** Applies the theme setting to <html data-theme>; "system" follows the OS and its changes. */
function useThemeAttribute(theme: Theme): void {
  useEffect(() => {
    const media = window.matchMedia?.('(prefers-color-scheme: dark)')
    const apply = () => {
      const resolved = theme === 'system' ? (media?.matches ? 'dark' : 'light') : theme
      document.documentElement.dataset.theme = resolved
      document.documentElement.style.colorScheme = resolved
    }
    apply()
    if (theme !== 'system' || !media) return
    media.addEventListener('change', apply)
    return () => media.removeEventListener('change', apply)
  }, [theme])
}

/** Query cache, toasts and theme around the app (the wallet lives in the header, inside the router). */
export function AppProviders(props: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => props.queryClient ?? createQueryClient())
  const settings = useSettings()
  useThemeAttribute(settings.theme)
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{props.children}</ToastProvider>
    </QueryClientProvider>
  )
}
