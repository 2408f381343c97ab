// Turns whatever a route threw into what the error page shows. 404 is "Page Not Found"
// with the path; anything else is "Internal Server Error", and an unknown error is a 500.
import { isRouteErrorResponse } from 'react-router'
import type { ErrorInfo } from '@/components/ui/error-page.tsx'

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

/** The error page content for an error thrown while showing `path`. */
export function errorInfo(error: unknown, path: string): ErrorInfo {
  let status = 500
  let statusText = ''
  let description = ''
  if (isRouteErrorResponse(error)) {
    status = error.status
    statusText = error.statusText
    description = typeof error.data === 'string' ? error.data : ''
  } else if (error instanceof Error) {
    description = error.message
  } else if (typeof error === 'string') {
    description = error
  }
  if (status === 404) {
    return { status, title: 'Page Not Found', statusText: statusText || 'Not Found', description: `Page not found: ${path}` }
  }
  return {
    status,
    title: 'Internal Server Error',
    statusText: statusText || STATUS_TEXT[status] || 'Error',
    description: description || 'Something went wrong while showing this page. Try again, or go back to the start.',
  }
}
