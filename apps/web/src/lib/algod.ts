// The one way the web reaches algod: through lib/http.ts with the node's token. Pages' JSON reads
// (accounts, assets, apps, boxes) go through `algodGet`, which keeps algosdk out of the first load;
// the SDK's reads and every transaction go through `algodClient`, an algosdk client whose transport
// is the same HTTP client, loaded on demand. No other file builds an Algodv2 or fetches from algod
// (src/lib/seams.test.ts checks).
import { queryOptions } from '@tanstack/react-query'
import type * as AlgosdkModule from 'algosdk'
import type { Algodv2, BaseHTTPClient, BaseHTTPClientResponse } from 'algosdk'
import { createHttpClient, HttpError, NetworkError, type HttpClient, type HttpClientOptions } from './http.ts'
import type { AlgodConfig } from './networks.ts'

/** Base URL of an algod config, with its port when one is set. */
export function algodBaseUrl(algod: AlgodConfig): string {
  const server = algod.server.replace(/\/+$/, '')
  return algod.port ? `${server}:${algod.port}` : server
}

/** Key prefix of every algod read, so one invalidation after a confirmed transaction reaches them all. */
export const algodKey = (algod: AlgodConfig) => ['algod', algodBaseUrl(algod)] as const

/** Options of one algod client: a fetch to use (tests), and the HTTP client's own knobs. */
export type AlgodHttpOptions = Pick<HttpClientOptions, 'fetch' | 'timeoutMs' | 'maxTries' | 'parseJson'>

/**
 * An HTTP client bound to algod, sending its token. Tried once by default: the queries above it
 * retry, and a transaction's POST must never be sent twice.
 */
export function algodHttp(algod: AlgodConfig, options: AlgodHttpOptions = {}): HttpClient {
  return createHttpClient({ maxTries: 1, ...options, baseUrl: algodBaseUrl(algod), headers: algod.token ? { 'X-Algo-API-Token': algod.token } : {} })
}

/** algod answered with an error status; the message is "algod answered <status>[: <algod's message>]". */
export class AlgodAnswerError extends Error {
  override name = 'AlgodAnswerError'
  constructor(
    readonly status: number,
    algodMessage: string | undefined,
  ) {
    super(`algod answered ${status}${algodMessage ? `: ${algodMessage}` : ''}`)
  }
}

/** Reads a JSON document from algod. Unreachable reads "Cannot reach algod at …"; an error status is an {@link AlgodAnswerError}. */
export async function algodGet<T>(algod: AlgodConfig, path: string, options: AlgodHttpOptions & { signal?: AbortSignal } = {}): Promise<T> {
  const { signal, ...http } = options
  try {
    return await algodHttp(algod, http).get<T>(path, signal ? { signal } : {})
  } catch (error) {
    if (error instanceof HttpError) throw new AlgodAnswerError(error.status, serverMessage(error))
    if (error instanceof NetworkError) throw new Error(`Cannot reach algod at ${algodBaseUrl(algod)}`, { cause: error })
    throw error
  }
}

const serverMessage = (error: HttpError): string | undefined =>
  typeof error.body === 'object' && error.body !== null && typeof (error.body as { message?: unknown }).message === 'string' ? (error.body as { message: string }).message : undefined

/** Whether algod answers `path` with a 2xx (false on an error status); rejects when algod cannot be reached. */
export async function algodAnswers(algod: AlgodConfig, path: string): Promise<boolean> {
  return algodHttp(algod)
    .get(path)
    .then(
      () => true,
      (error: unknown) => {
        if (error instanceof HttpError) return false
        throw error
      },
    )
}

// algosdk's transport. The Network request error text is algosdk's own, so the SDK's error table
// reads a failure the same as with algosdk's default transport; 60 s since a confirmation wait
// asks algod to hold the request until the next round.
function transport(algod: AlgodConfig): BaseHTTPClient {
  const http = algodHttp(algod, { timeoutMs: 60_000 })
  const call = async (method: 'GET' | 'POST' | 'DELETE', path: string, data: Uint8Array | undefined, query: Record<string, unknown> | undefined, headers: Record<string, string> | undefined): Promise<BaseHTTPClientResponse> => {
    const params: Record<string, string> = {}
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) params[key] = String(value)
    try {
      return await http.exchange(method, path, data, { query: params, headers: headers ?? {} })
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      const message = serverMessage(error)
      const text = typeof error.body === 'string' ? error.body : error.body === undefined ? '' : JSON.stringify(error.body)
      throw Object.assign(new Error(`Network request error. Received status ${error.status}${message ? `: ${message}` : ''}`), {
        response: { status: error.status, headers: {}, body: new TextEncoder().encode(text) } satisfies BaseHTTPClientResponse,
      })
    }
  }
  return {
    get: (path, query, headers) => call('GET', path, undefined, query, headers),
    post: (path, data, query, headers) => call('POST', path, data, query, headers),
    delete: (path, data, query, headers) => call('DELETE', path, data, query, headers),
  }
}

const clients = new Map<string, Algodv2>()

/** The one algosdk client of a node (one per node and token), its requests through lib/http.ts; for a caller that has algosdk loaded. */
export function algodClientOf(algosdk: typeof AlgosdkModule, algod: AlgodConfig): Algodv2 {
  const key = `${algodBaseUrl(algod)}|${algod.token}`
  let client = clients.get(key)
  if (!client) clients.set(key, (client = new algosdk.Algodv2(transport(algod), '')))
  return client
}

/** The one algosdk client of a node, algosdk loaded on demand (it stays out of the first load). */
export async function algodClient(algod: AlgodConfig): Promise<Algodv2> {
  return algodClientOf(await import('algosdk'), algod)
}

/**
 * The latest block's round and timestamp (seconds: what the next transaction's `global
 * LatestTimestamp` is at least), its header alone read: the web's one read of the chain's time.
 */
export async function latestBlock(client: Algodv2): Promise<{ round: bigint; time: bigint }> {
  const { lastRound } = await client.status().do()
  const { block } = await client.block(lastRound).headerOnly(true).do()
  return { round: BigInt(lastRound), time: BigInt(block.header.timestamp) }
}

/** The one query asking algod whether it answers (GET /health): pages tell an unreachable node from a network without Grove. */
export function algodHealthQuery(algod: AlgodConfig) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'health'],
    queryFn: async () => {
      await algodGet(algod, '/health', { timeoutMs: 8_000 })
      return true
    },
    staleTime: 30_000,
    retry: 1,
    // mounts do not ask again while it is down (pages would flicker); it is asked every 15 s until it answers
    retryOnMount: false,
    refetchInterval: (query) => (query.state.status === 'error' ? 15_000 : false),
  })
}
