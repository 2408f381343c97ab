import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router'
import { useToast } from '@/components/ui/toast/index.ts'
import { startUpdateChecker } from '@/lib/app-updates.ts'
import { AppProviders } from './providers.tsx'
import { createAppRouter } from './router.tsx'

type NavigatorWithConnection = Navigator & { connection?: { effectiveType?: string } }

/** Polls for a newer build; when one is live, says so (it loads on the next navigation). */
function UpdateWatcher() {
  const toast = useToast()
  useEffect(
    () =>
      startUpdateChecker({
        currentBuildId: __GROVE_BUILD_ID__,
        connection: (navigator as NavigatorWithConnection).connection,
        onUpdateAvailable: () => toast.info('A new version of Grove is available. It loads when you open another page.'),
      }),
    // The toast API is stable for the provider's lifetime; restarting the checker would re-fetch at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )
  return null
}

/** The whole application: providers, router and the background check for a newer build. */
export function App() {
  const [router] = useState(createAppRouter)
  return (
    <AppProviders>
      <UpdateWatcher />
      <RouterProvider router={router} />
    </AppProviders>
  )
}
