// One queryOptions factory per analytics read, and the hooks pages use. Keys start with
// ['analytics', url], so a network switch never shows another network's figures.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { effectiveAnalytics, useSettings } from '../settings.ts'
import { analyticsApi, type AnalyticsApi } from './client.ts'
import type { ProgramFilter, Timeframe } from './types.ts'

/** How often the chart page looks for new blocks' trades (the service is ≤ 1 block behind algod). */
export const LIVE_MS = 4_000
/** How often overview figures refresh. */
export const OVERVIEW_MS = 20_000

const apis = new Map<string, AnalyticsApi>()
/** The one client per service origin. */
export function apiFor(url: string): AnalyticsApi {
  let api = apis.get(url)
  if (!api) apis.set(url, (api = analyticsApi(url)))
  return api
}

const key = (url: string) => ['analytics', url] as const
// A read that failed already retried inside the HTTP client; TanStack need not try again.
const base = { retry: false, refetchOnWindowFocus: true } as const

export const poolsQuery = (url: string) =>
  queryOptions({ ...base, queryKey: [...key(url), 'pools'], queryFn: () => apiFor(url).pools(), refetchInterval: OVERVIEW_MS })

export const poolQuery = (url: string, id: number) =>
  queryOptions({ ...base, queryKey: [...key(url), 'pool', id], queryFn: () => apiFor(url).pool(id), refetchInterval: LIVE_MS })

export const candlesQuery = (url: string, id: number, tf: Timeframe) =>
  queryOptions({ ...base, queryKey: [...key(url), 'candles', id, tf], queryFn: () => apiFor(url).candles(id, tf, { limit: 500 }), refetchInterval: LIVE_MS })

export const swapsQuery = (url: string, id: number) =>
  queryOptions({ ...base, queryKey: [...key(url), 'swaps', id], queryFn: () => apiFor(url).swaps(id, 12), refetchInterval: LIVE_MS })

export const flashesQuery = (url: string, id: number) =>
  queryOptions({ ...base, queryKey: [...key(url), 'flashes', id], queryFn: () => apiFor(url).flashes(id, 12), refetchInterval: LIVE_MS })

export const tokensQuery = (url: string) =>
  queryOptions({ ...base, queryKey: [...key(url), 'tokens'], queryFn: () => apiFor(url).tokens(), refetchInterval: OVERVIEW_MS })

export const statsQuery = (url: string, days = 30) =>
  queryOptions({ ...base, queryKey: [...key(url), 'stats', days], queryFn: () => apiFor(url).stats(days), refetchInterval: OVERVIEW_MS })

export const programsQuery = (url: string, filter: ProgramFilter = {}) =>
  queryOptions({ ...base, queryKey: [...key(url), 'programs', filter], queryFn: () => apiFor(url).programs(filter), refetchInterval: OVERVIEW_MS })

/** The farms running now, the landing's featured list is picked from. */
export const activeFarmsQuery = (url: string) => programsQuery(url, { kind: 'farm', status: 'active' })

export const vaultQuery = (url: string) =>
  queryOptions({ ...base, queryKey: [...key(url), 'vault'], queryFn: () => apiFor(url).vault(), refetchInterval: OVERVIEW_MS })

/** An account's positions, open and closed, with their fees, IL and P&L. */
export const accountPositionsQuery = (url: string, owner: string) =>
  queryOptions({ ...base, queryKey: [...key(url), 'positions', owner], queryFn: () => apiFor(url).positions(owner), refetchInterval: 15_000 })

/** An owner's orders that ended (filled out or cancelled), newest first: the orders page's history. */
export const endedOrdersQuery = (url: string, owner: string) =>
  queryOptions({ ...base, queryKey: [...key(url), 'orders', owner, 'ended'], queryFn: async () => (await apiFor(url).orders({ owner, status: 'ended', limit: 50 })).orders, refetchInterval: 15_000 })

/** One order's history of fills, collections and close. */
export const orderHistoryQuery = (url: string, id: number) =>
  queryOptions({ ...base, queryKey: [...key(url), 'order', id], queryFn: () => apiFor(url).order(id), refetchInterval: 15_000 })

/** A liquidity position at each day's end, to draw. */
export const positionHistoryQuery = (url: string, id: string) =>
  queryOptions({ ...base, queryKey: [...key(url), 'position-history', id], queryFn: () => apiFor(url).positionHistory(id), refetchInterval: 60_000 })

/** Actions per page of an account's activity. */
export const ACTIVITY_PAGE = 20
/** Entries per page of the admin log. */
export const ADMIN_LOG_PAGE = 20

/** An account's activity, page after page ("load more"), newest first. */
export const activityQuery = (url: string, address: string) =>
  infiniteQueryOptions({
    ...base,
    queryKey: [...key(url), 'activity', address],
    queryFn: ({ pageParam }) => apiFor(url).activity(address, { limit: ACTIVITY_PAGE, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: 15_000,
  })

/** The protocol's admin actions, page after page, newest first. */
export const adminLogQuery = (url: string) =>
  infiniteQueryOptions({
    ...base,
    queryKey: [...key(url), 'admin-log'],
    queryFn: ({ pageParam }) => apiFor(url).adminLog({ limit: ADMIN_LOG_PAGE, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: 10_000,
  })

/** The active network's analytics origin (the user's from Settings, else the build's), or null where no service runs. */
export function useAnalyticsUrl(): string | null {
  return effectiveAnalytics(useSettings())
}

// Disabled stand-in for a query when no service runs on the network.
const none = (url: string | null) => url ?? ''

/** Every pool with its market figures. */
export const useAnalyticsPools = (url: string | null) => useQuery({ ...poolsQuery(none(url)), enabled: url !== null })
/** Protocol totals and daily history. */
export const useAnalyticsStats = (url: string | null) => useQuery({ ...statsQuery(none(url)), enabled: url !== null })
/** Every pooled token with prices. */
export const useAnalyticsTokens = (url: string | null) => useQuery({ ...tokensQuery(none(url)), enabled: url !== null })
/** Farms and staking pools (null data: the service has no such route). */
export const useAnalyticsPrograms = (url: string | null) => useQuery({ ...programsQuery(none(url)), enabled: url !== null })
/** The active farms (null data: the service has no /api/programs). */
export const useActiveFarms = (url: string | null) => useQuery({ ...activeFarmsQuery(none(url)), enabled: url !== null })
/** The vault's rate and APRs (null data: the service has no such route). */
export const useAnalyticsVault = (url: string | null) => useQuery({ ...vaultQuery(none(url)), enabled: url !== null })
/** An account's activity, "load more" by cursor. */
export const useAccountActivity = (url: string | null, address: string) => useInfiniteQuery({ ...activityQuery(none(url), address), enabled: url !== null })
/** An account's positions (none read without an address). */
export const useAccountPositions = (url: string | null, owner: string | null) => useQuery({ ...accountPositionsQuery(none(url), owner ?? ''), enabled: url !== null && owner !== null })
/** A liquidity position's daily history. */
export const usePositionHistory = (url: string | null, id: string) => useQuery({ ...positionHistoryQuery(none(url), id), enabled: url !== null })
/** The admin action log, "load more" by cursor. */
export const useAdminLog = (url: string | null) => useInfiniteQuery({ ...adminLogQuery(none(url)), enabled: url !== null })
/** One pool, its candles and last trades, polled for new blocks; `id` null reads nothing. */
export function usePoolMarket(url: string | null, id: number | null, tf: Timeframe) {
  const enabled = url !== null && id !== null
  return {
    pool: useQuery({ ...poolQuery(none(url), id ?? 0), enabled }),
    candles: useQuery({ ...candlesQuery(none(url), id ?? 0, tf), enabled, placeholderData: (previous) => (previous?.poolId === id ? previous : undefined) }),
    swaps: useQuery({ ...swapsQuery(none(url), id ?? 0), enabled }),
  }
}

/** A Grove pool's flash loans and swaps, polled like its trades; `id` null (or a pool of another venue) reads nothing. */
export const usePoolFlashes = (url: string | null, id: number | null) => useQuery({ ...flashesQuery(none(url), id ?? 0), enabled: url !== null && id !== null })
