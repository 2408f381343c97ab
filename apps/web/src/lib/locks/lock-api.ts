// The analytics service's locks (GET /api/locks): every lock of a token or of a project's token and its
// pools, what is locked, the unlock schedule's line, a liquidity lock's share of its pool and the fees
// claimed while locked, and the locks a transfer awaits an account for. Every page is read.
import { queryOptions } from '@tanstack/react-query'
import { createHttpClient } from '@/lib/http.ts'

/** A lock as the service serves it (amounts are base units as decimal strings). */
export interface ApiLock {
  id: number
  owner: string
  pendingOwner: string | null
  asset: { id: number; unitName: string | null; name: string | null; decimals: number }
  amount: string
  withdrawn: string
  remaining: string
  start: number
  cliff: number
  end: number
  liquidity: boolean
  anchor: number
  base: string
  schedule: { time: number; vested: string }[]
  pool: { a: number; b: number } | null
  /** Parts per million of the pool's LP supply the lock still holds (liquidity locks). */
  poolShareMillionths: number | null
  collector: string | null
  feesClaimed: string
}

/** Which locks to list: a token's, a project's (its token and its pools' LP tokens), or those awaiting an account. */
export type LockFilter = { asset: number } | { project: number } | { pendingOwner: string }

const PAGE = 200

/** Every lock the filter matches, by id (every page). */
export async function fetchLocks(baseUrl: string, filter: LockFilter, fetch?: typeof globalThis.fetch): Promise<ApiLock[]> {
  const http = createHttpClient({ baseUrl, fetch })
  const all: ApiLock[] = []
  let cursor: string | undefined
  do {
    const page = await http.get<{ locks: ApiLock[]; nextCursor: string | null }>('/api/locks', { query: { ...filter, limit: PAGE, cursor } })
    all.push(...page.locks)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return all
}

/** The one query of a filter's locks at the service `baseUrl`. */
export function apiLocksQuery(baseUrl: string, filter: LockFilter | null) {
  return queryOptions({
    queryKey: ['analytics', baseUrl, 'locks', filter],
    queryFn: () => fetchLocks(baseUrl, filter!),
    enabled: filter !== null && baseUrl !== '',
    staleTime: 10_000,
    retry: 1,
  })
}

/** A lock's terms as the vesting functions take them. */
export const termsOf = (l: ApiLock) => ({ amount: BigInt(l.amount), cliff: BigInt(l.cliff), end: BigInt(l.end), anchor: BigInt(l.anchor), base: BigInt(l.base) })

/** A share of a pool in words: parts per million as a percentage, "42.35%"; "<0.01%" below it. */
export function shareText(millionths: number | null): string {
  if (millionths === null) return '—'
  if (millionths > 0 && millionths < 100) return '<0.01%'
  return `${(millionths / 10_000).toFixed(2)}%`
}

/** What the browser's query string asks for: ?asset=N or ?project=N (digits only), else nothing. */
export function filterFromSearch(search: URLSearchParams): LockFilter | null {
  for (const key of ['asset', 'project'] as const) {
    const v = search.get(key)
    if (v !== null && /^\d{1,15}$/.test(v)) return key === 'asset' ? { asset: Number(v) } : { project: Number(v) }
  }
  return null
}
