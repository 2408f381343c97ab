// The indexer v2 REST API over lib/http.ts: the two reads Grove makes, an account's transactions
// (newest first, paged by next-token) and an asset's config transactions (ARC-69 metadata).
// Reads retry on 408/409/425/429/5xx and on no answer, as every read of an HTTP API does. Bodies are
// parsed exactly: a uint64 beyond 2^53 - 1 (an 18-decimal token's amount or total) arrives as a bigint.
import { parseExactJson, type Uint64 } from '../exact-json.ts'
import { HttpError, NetworkError, TimeoutError, createHttpClient, type HttpClient, type HttpClientOptions } from '../http.ts'
import type { IndexerConfig } from '../networks.ts'
import { algodBaseUrl } from '../algod.ts'

/**
 * A transaction as the indexer returns it, with the fields Grove reads. Amounts, fees and totals are
 * {@link Uint64}: a bigint when JavaScript cannot hold them as a number, so every reader widens them.
 * Ids and rounds stay numbers: they count up from one and never come near 2^53.
 */
export interface IndexerTransaction {
  id: string
  'tx-type': 'pay' | 'axfer' | 'acfg' | 'afrz' | 'appl' | 'keyreg' | 'stpf' | 'hb'
  sender: string
  fee: Uint64
  'confirmed-round'?: number
  'round-time'?: number
  /** Base64 of the note's bytes. */
  note?: string
  group?: string
  'payment-transaction'?: { receiver: string; amount: Uint64; 'close-remainder-to'?: string; 'close-amount'?: Uint64 }
  'asset-transfer-transaction'?: { receiver: string; amount: Uint64; 'asset-id': number; sender?: string; 'close-to'?: string; 'close-amount'?: Uint64 }
  'asset-config-transaction'?: { 'asset-id'?: number; params?: { 'unit-name'?: string; name?: string; total?: Uint64; decimals?: number } }
  'asset-freeze-transaction'?: { address: string; 'asset-id': number; 'new-freeze-status': boolean }
  'application-transaction'?: { 'application-id': number; 'on-completion'?: string }
  'created-asset-index'?: number
  'created-application-index'?: number
  'inner-txns'?: IndexerTransaction[]
}

/** One page of transactions and the token of the next one (absent on the last). */
export interface TransactionPage {
  transactions: IndexerTransaction[]
  nextToken?: string
  currentRound: number
}

/** The indexer's routes Grove reads, as functions. */
export interface IndexerApi {
  /** One page of `address`'s transactions, newest first. */
  accountTransactions(address: string, options?: { next?: string; limit?: number; signal?: AbortSignal }): Promise<TransactionPage>
  /** Every config transaction of an asset, oldest first (the indexer's order without an address). */
  assetConfigTransactions(assetId: number, options?: { signal?: AbortSignal }): Promise<IndexerTransaction[]>
}

/** Transactions per history page. */
export const HISTORY_PAGE = 20
/** Most config transactions read for one asset (ARC-69 reads the latest; real assets have few). */
const MAX_CONFIG_PAGES = 5

type Page = { transactions?: IndexerTransaction[]; 'next-token'?: string; 'current-round': number }

/** An HTTP client bound to the indexer at `config`, sending its token and parsing bodies exactly. */
export function indexerHttp(config: IndexerConfig, options: Omit<HttpClientOptions, 'baseUrl'> = {}): HttpClient {
  return createHttpClient({
    ...options,
    baseUrl: algodBaseUrl(config),
    parseJson: parseExactJson,
    headers: { ...options.headers, ...(config.token ? { 'X-Indexer-API-Token': config.token } : {}) },
  })
}

/** A client of the indexer at `config`. */
export function indexerApi(config: IndexerConfig, options: Omit<HttpClientOptions, 'baseUrl'> = {}): IndexerApi {
  const http = indexerHttp(config, options)
  return {
    async accountTransactions(address, { next, limit = HISTORY_PAGE, signal } = {}) {
      const page = await http.get<Page>(`/v2/accounts/${encodeURIComponent(address)}/transactions`, { query: { limit, next }, signal })
      return { transactions: page.transactions ?? [], currentRound: page['current-round'], ...(page['next-token'] ? { nextToken: page['next-token'] } : {}) }
    },
    async assetConfigTransactions(assetId, { signal } = {}) {
      const all: IndexerTransaction[] = []
      let next: string | undefined
      for (let i = 0; i < MAX_CONFIG_PAGES; i++) {
        const page = await http.get<Page>(`/v2/assets/${assetId}/transactions`, { query: { 'tx-type': 'acfg', next }, signal })
        all.push(...(page.transactions ?? []))
        next = page['next-token']
        // The indexer hands a next-token even with the last page; an empty page ends the walk.
        if (!next || (page.transactions ?? []).length === 0) break
      }
      return all
    },
  }
}

/** Why an indexer read failed, as a component words it. */
export type IndexerProblem = { kind: 'unreachable' } | { kind: 'failed'; message: string }

/** Classifies an indexer read's error once: no indexer to talk to (or one not serving), or a refusal worth showing. */
export function indexerProblem(error: unknown): IndexerProblem {
  if (error instanceof NetworkError || error instanceof TimeoutError) return { kind: 'unreachable' }
  if (error instanceof HttpError && error.status >= 500) return { kind: 'unreachable' }
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) }
}
