import { useEffect } from 'react'
import { useLocation, useRouteError } from 'react-router'
import { ErrorPage } from '@/components/ui/error-page.tsx'
import { useErrorTitle } from '@/lib/document-title.ts'
import { errorInfo } from './error-info.ts'

/** Error element of every route: the error page inside the layout, or in a bare frame if the layout itself failed. */
export function RouteError(props: { standalone?: boolean }) {
  const error = useRouteError()
  const { pathname } = useLocation()
  const info = errorInfo(error, pathname)
  useErrorTitle(info.title)
  useEffect(() => {
    // Unexpected errors still belong in the console for whoever debugs them.
    if (info.status !== 404) console.error(error)
  }, [error, info.status])
  const page = <ErrorPage info={info} />
  if (!props.standalone) return page
  return (
    <main id="main" className="site-main">
      {page}
    </main>
  )
}
