import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reloadOnNextNavigation, startUpdateChecker, type UpdateCheckerOptions } from './app-updates.ts'

const descriptor = (buildId: unknown) => new Response(JSON.stringify({ buildId, builtAt: '2026-01-01T00:00:00.000Z' }), { status: 200 })

function setup(replies: Array<Response | Error>, extra: Partial<UpdateCheckerOptions> = {}) {
  const urls: string[] = []
  const fetch = vi.fn(async (url: RequestInfo | URL) => {
    urls.push(String(url))
    const reply = replies[Math.min(urls.length, replies.length) - 1]
    if (reply instanceof Error) throw reply
    return reply.clone()
  }) as unknown as typeof globalThis.fetch
  const onUpdateAvailable = vi.fn()
  let clock = 1_700_000_000_000
  const stop = startUpdateChecker({ currentBuildId: 'build-a', fetch, onUpdateAvailable, now: () => clock++, ...extra })
  return { urls, onUpdateAvailable, stop }
}

beforeEach(() => {
  vi.useFakeTimers()
  reloadOnNextNavigation.consume()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('startUpdateChecker', () => {
  it('fetches /build/latest.json with a timestamp 1 s after start, then every 5 minutes', async () => {
    const { urls, stop } = setup([descriptor('build-a')])
    await vi.advanceTimersByTimeAsync(999)
    expect(urls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(urls).toEqual(['/build/latest.json?t=1700000000000'])
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000 - 1001)
    expect(urls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(urls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000)
    expect(urls).toHaveLength(3)
    stop()
  })

  it('skips the first check on slow-2g and waits for the regular interval', async () => {
    const { urls, stop } = setup([descriptor('build-a')], { connection: { effectiveType: 'slow-2g' } })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(urls).toEqual([])
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000 - 60_000)
    expect(urls).toHaveLength(1)
    stop()
  })

  it.each(['2g', '3g', '4g', undefined])('checks after 1 s on a %s connection', async (effectiveType) => {
    const { urls, stop } = setup([descriptor('build-a')], { connection: { effectiveType } })
    await vi.advanceTimersByTimeAsync(1000)
    expect(urls).toHaveLength(1)
    stop()
  })

  it('requests a reload on the next navigation when the build id differs, announcing it once and polling no more', async () => {
    const { urls, onUpdateAvailable, stop } = setup([descriptor('build-b')])
    await vi.advanceTimersByTimeAsync(1000)
    expect(onUpdateAvailable).toHaveBeenCalledTimes(1)
    expect(reloadOnNextNavigation.pending()).toBe(true)
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000)
    expect(onUpdateAvailable).toHaveBeenCalledTimes(1)
    expect(urls).toHaveLength(1)
    expect(reloadOnNextNavigation.consume()).toBe('new build build-b')
    stop()
  })

  it.each([
    ['the same build id', descriptor('build-a')],
    ['an empty build id', descriptor('')],
    ['a numeric build id', descriptor(42)],
    ['a 404', new Response('not found', { status: 404 })],
    ['a 500', new Response('oops', { status: 500 })],
    ['a body that is not JSON', new Response('<html>', { status: 200 })],
    ['a JSON null body', new Response('null', { status: 200 })],
    ['a failed fetch', new TypeError('Failed to fetch')],
  ])('does nothing on %s', async (_name, reply) => {
    const { onUpdateAvailable, stop } = setup([reply])
    await vi.advanceTimersByTimeAsync(1000)
    expect(onUpdateAvailable).not.toHaveBeenCalled()
    expect(reloadOnNextNavigation.pending()).toBe(false)
    stop()
  })

  it('keeps polling after a failed fetch and sees a later deploy', async () => {
    const { onUpdateAvailable, stop } = setup([new TypeError('Failed to fetch'), descriptor('build-c')])
    await vi.advanceTimersByTimeAsync(1000)
    expect(onUpdateAvailable).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000)
    expect(onUpdateAvailable).toHaveBeenCalledTimes(1)
    stop()
  })

  it('stops polling when stopped', async () => {
    const { urls, stop } = setup([descriptor('build-a')])
    stop()
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000)
    expect(urls).toEqual([])
  })

  it('appends the timestamp to a URL that already has a query', async () => {
    const { urls, stop } = setup([descriptor('build-a')], { url: '/app/build/latest.json?v=1' })
    await vi.advanceTimersByTimeAsync(1000)
    expect(urls[0]).toBe('/app/build/latest.json?v=1&t=1700000000000')
    stop()
  })
})

describe('reloadOnNextNavigation', () => {
  it('holds the first reason until consumed once', () => {
    expect(reloadOnNextNavigation.pending()).toBe(false)
    expect(reloadOnNextNavigation.consume()).toBeNull()
    reloadOnNextNavigation.request('chunk failed')
    reloadOnNextNavigation.request('new build')
    expect(reloadOnNextNavigation.pending()).toBe(true)
    expect(reloadOnNextNavigation.consume()).toBe('chunk failed')
    expect(reloadOnNextNavigation.pending()).toBe(false)
    expect(reloadOnNextNavigation.consume()).toBeNull()
  })
})
