// Detects a newer deploy while the app is open. Reloading at once would throw away what the
// user is typing, so a new build only asks for a full page load on the next navigation,
// when the page changes anyway.

/** Default path of the build descriptor written by vite-plugin-build-id. */
export const LATEST_BUILD_URL = '/build/latest.json'
/** Poll interval after the first check. */
export const UPDATE_INTERVAL_MS = 5 * 60 * 1000
/** Delay of the first check, so it never competes with the page's own first requests. */
export const FIRST_CHECK_DELAY_MS = 1000

/** Options for {@link startUpdateChecker}. */
export interface UpdateCheckerOptions {
  /** Id compiled into the running bundle (__GROVE_BUILD_ID__). */
  currentBuildId: string
  /** Descriptor URL; prefix it with the site's base when not served from /. */
  url?: string
  fetch?: typeof fetch
  intervalMs?: number
  firstDelayMs?: number
  /** The Network Information API's connection (navigator.connection), when the browser has one. */
  connection?: { effectiveType?: string }
  now?: () => number
  /** Called once, when a different build id is first seen. */
  onUpdateAvailable(): void
}

/** Starts polling the build descriptor; returns a function that stops it. */
export function startUpdateChecker(options: UpdateCheckerOptions): () => void {
  const {
    currentBuildId,
    url = LATEST_BUILD_URL,
    intervalMs = UPDATE_INTERVAL_MS,
    firstDelayMs = FIRST_CHECK_DELAY_MS,
    now = Date.now,
  } = options
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  let stopped = false
  let announced = false
  let interval: ReturnType<typeof setInterval> | undefined

  const check = async () => {
    try {
      // The timestamp defeats caches that ignore no-store (some CDNs, some proxies).
      const separator = url.includes('?') ? '&' : '?'
      const response = await doFetch(`${url}${separator}t=${now()}`, { cache: 'no-store' })
      if (!response.ok) return
      const body: unknown = await response.json()
      const buildId = typeof body === 'object' && body !== null ? (body as { buildId?: unknown }).buildId : undefined
      if (stopped || announced || typeof buildId !== 'string' || buildId === '' || buildId === currentBuildId) return
      announced = true
      // One newer build is enough to know; further polling would only cost requests.
      if (interval !== undefined) clearInterval(interval)
      interval = undefined
      reloadOnNextNavigation.request(`new build ${buildId}`)
      options.onUpdateAvailable()
    } catch {
      // Offline, a deploy in progress or a malformed file: try again at the next tick.
    }
  }

  // On slow-2g the first check waits for the regular interval instead of costing bandwidth at load.
  const skipFirst = options.connection?.effectiveType === 'slow-2g'
  const first = skipFirst
    ? undefined
    : setTimeout(() => {
        void check()
      }, firstDelayMs)
  interval = setInterval(() => {
    void check()
  }, intervalMs)

  return () => {
    stopped = true
    if (first !== undefined) clearTimeout(first)
    if (interval !== undefined) clearInterval(interval)
    interval = undefined
  }
}

let pendingReason: string | null = null

/** A one-shot flag asking the router to turn the next navigation into a full page load. */
export const reloadOnNextNavigation = {
  /** Asks for a full load on the next navigation; the first reason wins. */
  request(reason: string): void {
    pendingReason ??= reason
  },
  pending(): boolean {
    return pendingReason !== null
  },
  /** Returns the reason and clears the flag, or null when nothing was requested. */
  consume(): string | null {
    const reason = pendingReason
    pendingReason = null
    return reason
  },
}
