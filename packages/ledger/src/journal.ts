// The chain's own indexes (confirmed txids, leases, kept deltas, headers, online stake) change
// inside the state's journal: each write records its inverse there, so reverting a checkpoint
// undoes the indexes with the state (go's trackers commit or drop with the block).

import type { LedgerState } from './state.ts'

/** Sets `map[k]` (undefined deletes) so that a revert of the state's journal restores it. */
export function journaled<K, V>(state: LedgerState, map: Map<K, V>, k: K, v: V | undefined): void {
  const had = map.has(k)
  const old = map.get(k)
  state.journal(() => (had ? map.set(k, old as V) : map.delete(k)))
  if (v === undefined) map.delete(k)
  else map.set(k, v)
}

/** Pushes onto an index array, undone with the state's journal. */
export function journaledPush<T>(state: LedgerState, arr: T[], v: T): void {
  state.journal(() => arr.pop())
  arr.push(v)
}

/** Sets a field through `set`, undone with the state's journal. */
export function journaledField<T>(state: LedgerState, old: T, set: (v: T) => void, v: T): void {
  state.journal(() => set(old))
  set(v)
}

/** Sets `arr[i]`, undone with the state's journal. */
export function journaledSet<T>(state: LedgerState, arr: T[], i: number, v: T): void {
  const old = arr[i] as T
  state.journal(() => (arr[i] = old))
  arr[i] = v
}
