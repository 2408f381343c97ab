// Turns whatever a route threw into what the error page shows. 404 is "Page Not Found"
// naming the path; anything else is "Internal Server Error", and an unknown error is a 500.
import { isRouteErrorResponse } from 'react-router'
import type { ErrorInfo } from '@/components/ui/error-page.tsx'

/** The error page content for an error thrown while showing `path`. */
export function errorInfo(error: unknown, path: string): ErrorInfo {
  let status = 500
  let description = ''
  if (isRouteErrorResponse(error)) {
    status = error.status
    description = typeof error.data === 'string' ? error.data : ''
  } else if (error instanceof Error) {
    description = error.message
  } else if (typeof error === 'string') {
    description = error
  }
  if (status === 404) {
    return { status, title: 'Page Not Found', description: `There is no page at ${path}.` }
  }
  return {
    status,
    title: 'Internal Server Error',
    description: description || 'Something went wrong while showing this page. Try again, or go back to the start.',
  }
}
