// The TanStack queries of indexer reads. Keys start with ['indexer', url], so a network or
// endpoint switch never shows another indexer's answers.
import { infiniteQueryOptions } from '@tanstack/react-query'
import { algodBaseUrl } from '../algod.ts'
import type { IndexerConfig } from '../networks.ts'
import { HISTORY_PAGE, indexerApi, type IndexerApi, type TransactionPage } from './client.ts'

const apis = new Map<string, IndexerApi>()
/** The one client per indexer endpoint. */
export function indexerFor(config: IndexerConfig): IndexerApi {
  const key = `${algodBaseUrl(config)}\n${config.token}`
  let api = apis.get(key)
  if (!api) apis.set(key, (api = indexerApi(config)))
  return api
}

/** Key prefix of every indexer read from `config`. */
export const indexerKey = (config: IndexerConfig) => ['indexer', algodBaseUrl(config)] as const

/** An account's transactions, newest first, one page per "Load more". */
export function accountHistoryQuery(config: IndexerConfig, address: string) {
  return infiniteQueryOptions({
    queryKey: [...indexerKey(config), 'account-transactions', address],
    queryFn: ({ pageParam, signal }): Promise<TransactionPage> => indexerFor(config).accountTransactions(address, { next: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    // The indexer hands a token with every page, the last included: a page short of the limit ends the list.
    getNextPageParam: (last) => (last.nextToken && last.transactions.length >= HISTORY_PAGE ? last.nextToken : undefined),
    // A failed read already retried inside the HTTP client.
    retry: false,
  })
}
