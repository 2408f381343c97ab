// The analytics service's REST API over lib/http.ts: reads retry on 408/409/425/429/5xx and on no
// answer, as every read of a Grove API does. One function per route, typed by its schema.
import { HttpError, NetworkError, TimeoutError, createHttpClient, type HttpClientOptions } from '../http.ts'
import type {
  ActivityRange,
  AdminLogRange,
  ApiActivityPage,
  ApiAdminLogPage,
  ApiCandles,
  ApiHealth,
  ApiPool,
  ApiPoolsPage,
  ApiProgram,
  ApiProgramsPage,
  ApiStats,
  ApiSwap,
  ApiSwapsPage,
  ApiFlash,
  ApiFlashesPage,
  ApiOrderDetail,
  ApiOrdersPage,
  ApiToken,
  ApiTokens,
  ApiPosition,
  ApiPositionHistory,
  ApiPositionsPage,
  ApiVault,
  ProgramFilter,
  Timeframe,
} from './types.ts'

/** The service's routes as functions. */
export interface AnalyticsApi {
  health(): Promise<ApiHealth>
  pools(): Promise<ApiPool[]>
  pool(id: number): Promise<ApiPool>
  candles(id: number, tf: Timeframe, range?: { from?: number; to?: number; limit?: number }): Promise<ApiCandles>
  swaps(id: number, limit?: number): Promise<ApiSwap[]>
  /** A Grove pool's flash loans and flash swaps, newest first. */
  flashes(id: number, limit?: number): Promise<ApiFlash[]>
  tokens(): Promise<ApiToken[]>
  stats(days?: number): Promise<ApiStats>
  /** Farms and staking pools (every page), by id; null when this service has no such route (older than it). */
  programs(filter?: ProgramFilter): Promise<ApiProgram[] | null>
  /** The vault's rate, totals and APRs; null when this service has no such route (older than it). */
  vault(): Promise<ApiVault | null>
  /** One page of an account's actions on every contract, newest first. */
  activity(address: string, range?: ActivityRange): Promise<ApiActivityPage>
  /** One page of the protocol's admin actions, newest first. */
  adminLog(range?: AdminLogRange): Promise<ApiAdminLogPage>
  /** Every position of `owner`, open and closed (every page), newest first. */
  positions(owner: string): Promise<ApiPosition[]>
  /** A liquidity position at each day's end. */
  positionHistory(id: string, days?: number): Promise<ApiPositionHistory>
  /** One page of orders (an owner's, a pair's, open or ended), newest first. */
  orders(query: { owner?: string; assetIn?: number; assetOut?: number; status?: 'open' | 'ended'; limit?: number; cursor?: string }): Promise<ApiOrdersPage>
  /** One order and its history (placing, fills, collections, close). */
  order(id: number): Promise<ApiOrderDetail>
  /** Where `owner`'s actions download as CSV for tax tools. */
  exportCsvUrl(owner: string, range?: { from?: number; to?: number }): string
}

/** Pools per page the service allows at most; Grove has few, so every page is read. */
const PAGE = 500

/** A client of the service at `baseUrl` (its origin, e.g. http://127.0.0.1:4010). */
export function analyticsApi(baseUrl: string, options: Omit<HttpClientOptions, 'baseUrl'> = {}): AnalyticsApi {
  const http = createHttpClient({ ...options, baseUrl })
  return {
    health: () => http.get<ApiHealth>('/api/health'),
    async pools() {
      const all: ApiPool[] = []
      let cursor: string | undefined
      do {
        const page = await http.get<ApiPoolsPage>('/api/pools', { query: { limit: PAGE, cursor } })
        all.push(...page.pools)
        cursor = page.nextCursor ?? undefined
      } while (cursor)
      return all
    },
    pool: (id) => http.get<ApiPool>(`/api/pools/${id}`),
    candles: (id, tf, range = {}) => http.get<ApiCandles>(`/api/pools/${id}/candles`, { query: { tf, ...range } }),
    swaps: async (id, limit = 20) => (await http.get<ApiSwapsPage>(`/api/pools/${id}/swaps`, { query: { limit } })).swaps,
    flashes: async (id, limit = 20) => (await http.get<ApiFlashesPage>(`/api/pools/${id}/flashes`, { query: { limit } })).flashes,
    tokens: async () => (await http.get<ApiTokens>('/api/tokens')).tokens,
    stats: (days = 30) => http.get<ApiStats>('/api/stats', { query: { days } }),
    async programs(filter = {}) {
      try {
        const all: ApiProgram[] = []
        let cursor: string | undefined
        do {
          const page = await http.get<ApiProgramsPage>('/api/programs', { query: { ...filter, limit: PAGE, cursor } })
          all.push(...page.programs)
          cursor = page.nextCursor ?? undefined
        } while (cursor)
        return all
      } catch (e) {
        if (e instanceof HttpError && e.status === 404) return null
        throw e
      }
    },
    async vault() {
      try {
        return await http.get<ApiVault>('/api/vault')
      } catch (e) {
        if (e instanceof HttpError && e.status === 404) return null
        throw e
      }
    },
    activity: (address, range = {}) => http.get<ApiActivityPage>(`/api/accounts/${encodeURIComponent(address)}/activity`, { query: { ...range } }),
    adminLog: (range = {}) => http.get<ApiAdminLogPage>('/api/admin/log', { query: { ...range } }),
    async positions(owner) {
      const all: ApiPosition[] = []
      let cursor: string | undefined
      do {
        const page = await http.get<ApiPositionsPage>('/api/positions', { query: { owner, limit: PAGE, cursor } })
        all.push(...page.positions)
        cursor = page.nextCursor ?? undefined
      } while (cursor)
      return all
    },
    orders: (query) => http.get<ApiOrdersPage>('/api/orders', { query: { ...query } }),
    order: (id) => http.get<ApiOrderDetail>(`/api/orders/${id}`),
    positionHistory: (id, days = 90) => http.get<ApiPositionHistory>(`/api/positions/${encodeURIComponent(id)}/history`, { query: { days } }),
    exportCsvUrl(owner, range = {}) {
      const query = new URLSearchParams({ owner })
      if (range.from !== undefined) query.set('from', String(range.from))
      if (range.to !== undefined) query.set('to', String(range.to))
      return `${baseUrl.replace(/\/$/, '')}/api/export.csv?${query}`
    },
  }
}

/** Why a read failed, as a page shows it: no service to talk to, or a problem worth its own words. */
export type AnalyticsProblem = { kind: 'unreachable' } | { kind: 'not-found'; message: string } | { kind: 'failed'; message: string }

/** Classifies an analytics read's error once, so every page words it alike. */
export function analyticsProblem(error: unknown): AnalyticsProblem {
  if (error instanceof NetworkError || error instanceof TimeoutError) return { kind: 'unreachable' }
  if (error instanceof HttpError && error.status === 404) return { kind: 'not-found', message: error.message }
  // 5xx after retries: the service is there but not serving, which a reader experiences the same way
  if (error instanceof HttpError && error.status >= 500) return { kind: 'unreachable' }
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) }
}
