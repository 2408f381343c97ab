// A lock row's words, pure for tests.
import type { ApiLock } from '@/lib/locks/lock-api.ts'

/** A lock's kind in words: time lock or vesting, and whether it is a liquidity lock (whose fees go to a named collector). */
export function lockRowKind(l: Pick<ApiLock, 'cliff' | 'end' | 'liquidity' | 'collector'>): string {
  const shape = l.cliff === l.end ? 'Time lock' : 'Vesting'
  if (!l.liquidity) return shape
  return `Liquidity, ${shape.toLowerCase()}${l.collector ? ', fees to a collector' : ''}`
}
