import { data } from 'react-router'
import { describe, expect, it } from 'vitest'
import { errorInfo } from './error-info.ts'

// react-router hands errorElement an ErrorResponse for a thrown `data(...)`; build one the same way.
function routeError(status: number, statusText: string, body = ''): unknown {
  const thrown = data(body, { status, statusText })
  return Object.assign(Object.create(null), { status, statusText, data: thrown.data, internal: false })
}

describe('errorInfo', () => {
  it('shows "Page Not Found" with the path for a 404', () => {
    expect(errorInfo(routeError(404, 'Not Found'), '/that/path')).toEqual({
      status: 404,
      title: 'Page Not Found',
      description: 'There is no page at /that/path.',
    })
  })

  it('shows "Internal Server Error" for any other status, with its code and message', () => {
    const info = errorInfo(routeError(503, 'Service Unavailable', 'analytics is down'), '/dex/analytics')
    expect(info).toEqual({ status: 503, title: 'Internal Server Error', description: 'analytics is down' })
  })

  it('defaults a thrown render error to status 500 with its message', () => {
    const info = errorInfo(new TypeError('x is undefined'), '/stake')
    expect(info.status).toBe(500)
    expect(info.title).toBe('Internal Server Error')
    expect(info.description).toBe('x is undefined')
  })

  it('gives an unknown thrown value a readable description', () => {
    const info = errorInfo({ weird: true }, '/')
    expect(info.status).toBe(500)
    expect(info.description).toMatch(/Something went wrong/)
  })
})
