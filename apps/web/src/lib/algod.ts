// Where algod is: the base URL of a config and the key prefix of every read from it. The reads
// themselves live with their domain (lib/account, lib/tokens, lib/pools), over plain fetch.
import { queryOptions } from '@tanstack/react-query'
import type { AlgodConfig } from './networks.ts'

/** Base URL of an algod config, with its port when one is set. */
export function algodBaseUrl(algod: AlgodConfig): string {
  const server = algod.server.replace(/\/+$/, '')
  return algod.port ? `${server}:${algod.port}` : server
}

/** Key prefix of every algod read, so one invalidation after a confirmed transaction reaches them all. */
export const algodKey = (algod: AlgodConfig) => ['algod', algodBaseUrl(algod)] as const

/** The one query asking algod whether it answers (GET /health): pages tell an unreachable node from a network without Grove. */
export function algodHealthQuery(algod: AlgodConfig) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'health'],
    queryFn: async () => {
      const res = await fetch(`${algodBaseUrl(algod)}/health`, { headers: algod.token ? { 'X-Algo-API-Token': algod.token } : {}, signal: AbortSignal.timeout(8_000) })
      if (!res.ok) throw new Error(`algod answered ${res.status}`)
      return true
    },
    staleTime: 30_000,
    retry: 1,
    // mounts do not ask again while it is down (pages would flicker); it is asked every 15 s until it answers
    retryOnMount: false,
    refetchInterval: (query) => (query.state.status === 'error' ? 15_000 : false),
  })
}
