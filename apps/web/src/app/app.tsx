import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router'
import { startUpdateChecker } from '@/lib/app-updates.ts'
import { AppProviders } from './providers.tsx'
import { createAppRouter } from './router.tsx'

type NavigatorWithConnection = Navigator & { connection?: { effectiveType?: string } }

/** The whole application: providers, router and the background check for a newer build. */
export function App() {
  const [router] = useState(createAppRouter)
  useEffect(
    () =>
      startUpdateChecker({
        currentBuildId: __GROVE_BUILD_ID__,
        connection: (navigator as NavigatorWithConnection).connection,
        onUpdateAvailable: () => console.info('A new version of Grove is available; it loads on the next navigation.'),
      }),
    [],
  )
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
