// After a deploy, an open tab may ask for lazy chunks that no longer exist. A full page
// load fetches the new index and its chunks; the throttle stops a chunk that is really
// broken from reloading the page in a loop.

/** Minimum time between two reloads for the same path. */
export const CHUNK_RELOAD_THROTTLE_MS = 10_000
/** sessionStorage key of the last reload time per path. */
export const CHUNK_RELOAD_STORAGE_KEY = 'grove.chunk-reload.v1'

// Each browser and bundler words a failed dynamic import differently.
const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper
  /Loading (CSS )?chunk [\w-]+ failed/i, // webpack-style names, kept for third-party chunks
]

/** Whether an error is a failed lazy-chunk (dynamic import or its CSS) load. */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { name, message } = error as { name?: unknown; message?: unknown }
  if (name === 'ChunkLoadError') return true
  return typeof message === 'string' && CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message))
}

// Used when sessionStorage is missing or refuses writes, so the throttle still holds within this page.
const memory = new Map<string, number>()
let storageRefusedWrites = false

function defaultStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage ?? undefined
  } catch {
    return undefined
  }
}

function readTimes(storage: Storage | undefined): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? '{}')
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number'))
  } catch {
    return {}
  }
}

/** Decides whether a chunk error on `path` may reload the page, and records it if so: at most once per 10 s per path. */
export function shouldReloadForChunkError(path: string, now: number = Date.now(), storage: Storage | undefined = defaultStorage()): boolean {
  const times = readTimes(storage)
  const last = times[path] ?? (storage === undefined || storageRefusedWrites ? memory.get(path) : undefined)
  // A clock moved backwards counts as "long ago" rather than blocking reloads forever.
  if (last !== undefined && now >= last && now - last < CHUNK_RELOAD_THROTTLE_MS) return false
  memory.set(path, now)
  // Old entries are dropped so the record stays small.
  const kept = Object.fromEntries(Object.entries(times).filter(([, t]) => now - t < CHUNK_RELOAD_THROTTLE_MS && now >= t))
  kept[path] = now
  try {
    storage?.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify(kept))
  } catch {
    // Storage full or blocked: the in-memory record still throttles this page.
    storageRefusedWrites = true
  }
  return true
}
