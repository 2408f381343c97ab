// An account's activity from the analytics service (GET /api/accounts/:address/activity): one page
// per request, newest first, with the cursor of the next. Reads retry as every analytics read does.
import { infiniteQueryOptions } from '@tanstack/react-query'
import { createHttpClient, type HttpClient } from '@/lib/http.ts'

/** One action of the account, as the service reports it (amounts in base units, as text). */
export interface ActivityItem {
  kind: string
  contract: 'dex' | 'staking' | 'locks' | 'vault'
  round: number
  time: number
  txnId: string
  groupId: string | null
  poolId: number | null
  assetIn: number | null
  assetOut: number | null
  amountIn: string | null
  amountOut: string | null
  amountA: string | null
  amountB: string | null
  lp: string | null
  programId: number | null
  lockId: number | null
  amount: string | null
  stake: string | null
  reward1: string | null
  reward2: string | null
  shares: string | null
}

/** One page of activity. */
export interface ActivityPage {
  activity: ActivityItem[]
  nextCursor: string | null
}

/** Actions per page. */
export const ACTIVITY_PAGE = 20

const clients = new Map<string, HttpClient>()
const http = (url: string) => {
  let c = clients.get(url)
  if (!c) clients.set(url, (c = createHttpClient({ baseUrl: url })))
  return c
}

/** The one query for an account's activity, page after page ("load more"). */
export function activityQuery(url: string, address: string) {
  return infiniteQueryOptions({
    queryKey: ['analytics', url, 'activity', address],
    queryFn: ({ pageParam }) => http(url).get<ActivityPage>(`/api/accounts/${address}/activity`, { query: { limit: ACTIVITY_PAGE, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // the service retried inside the HTTP client already
    retry: false,
    refetchInterval: 15_000,
  })
}
