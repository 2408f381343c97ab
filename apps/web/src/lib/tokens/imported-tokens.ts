// Tokens the user imported by asset id, per network, kept in localStorage so an import
// survives a reload. Stored data is untrusted: anything but positive integer ids is dropped.
import { useSyncExternalStore } from 'react'
import type { NetworkId } from '../networks.ts'

/** Storage key of the imported-token lists. */
export const IMPORTED_TOKENS_KEY = 'grove.imported-tokens.v1'

const EMPTY: readonly number[] = Object.freeze([])
const listeners = new Set<() => void>()
let cache: { raw: string | null; lists: Partial<Record<NetworkId, number[]>> } | undefined

function read(): Partial<Record<NetworkId, number[]>> {
  let raw: string | null = null
  try {
    raw = globalThis.localStorage?.getItem(IMPORTED_TOKENS_KEY) ?? null
  } catch {
    // Blocked storage: imports last for this visit only.
  }
  if (cache && cache.raw === raw) return cache.lists
  let lists: Partial<Record<NetworkId, number[]>> = {}
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    if (typeof parsed === 'object' && parsed !== null) {
      lists = Object.fromEntries(
        Object.entries(parsed).map(([k, v]) => [k, Array.isArray(v) ? v.filter((id) => Number.isSafeInteger(id) && id > 0) : []]),
      )
    }
  } catch {
    lists = {}
  }
  cache = { raw, lists }
  return lists
}

/** Adds `id` to the imported tokens of `network`. */
export function importToken(network: NetworkId, id: number): void {
  const lists = read()
  const list = lists[network] ?? []
  if (list.includes(id)) return
  try {
    globalThis.localStorage?.setItem(IMPORTED_TOKENS_KEY, JSON.stringify({ ...lists, [network]: [...list, id] }))
  } catch {
    // Full or blocked storage: nothing else to do.
  }
  listeners.forEach((fn) => fn())
}

/** The tokens imported on `network`; re-renders when the list changes. */
export function useImportedTokens(network: NetworkId): readonly number[] {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn)
      return () => listeners.delete(fn)
    },
    () => read()[network] ?? EMPTY,
    () => EMPTY,
  )
}
