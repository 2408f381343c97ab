// The protocol's admin action log from the analytics service (GET /api/admin/log), page by page.
import { infiniteQueryOptions } from '@tanstack/react-query'
import { createHttpClient, type HttpClient } from '@/lib/http.ts'
import type { AdminLogEntry } from '../admin-log.ts'

const clients = new Map<string, HttpClient>()
const http = (url: string) => {
  let c = clients.get(url)
  if (!c) clients.set(url, (c = createHttpClient({ baseUrl: url })))
  return c
}

/** The one query for the log, newest first, 20 entries a page. */
export function adminLogQuery(url: string) {
  return infiniteQueryOptions({
    queryKey: ['analytics', url, 'admin-log'],
    queryFn: ({ pageParam }) => http(url).get<{ actions: AdminLogEntry[]; nextCursor: string | null }>('/api/admin/log', { query: { limit: 20, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
    refetchInterval: 10_000,
  })
}
