// The one HTTP client: lib/analytics reads the analytics service with it, lib/indexer the indexer,
// and lib/algod.ts algod (its JSON reads, and algosdk's transport through `exchange`). Reads retry on statuses that
// mean "try again later"; writes never retry, since a POST that timed out may still have
// happened on the server. Failures are typed errors, so callers branch on data, not text.

/** Statuses after which a read is retried. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504])
/** Default time one attempt may take. */
export const DEFAULT_TIMEOUT_MS = 10_000
/** Default tries of a read, counting the first. */
export const DEFAULT_MAX_TRIES = 3
/** Default first backoff; each retry doubles it and adds up to as much again in jitter. */
export const DEFAULT_BACKOFF_MS = 300
/** Longest wait a server's Retry-After may impose. */
export const MAX_RETRY_AFTER_MS = 10_000

/** The server answered with a non-2xx status; `message` is the server's `{message}` when it sent one. */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
    readonly url?: string,
  ) {
    super(message)
  }
}

/** An attempt took longer than the client's timeout. */
export class TimeoutError extends Error {
  override name = 'TimeoutError'
  constructor(
    readonly timeoutMs: number,
    readonly url?: string,
  ) {
    super(`The server did not answer within ${Math.round(timeoutMs / 1000)} s`)
  }
}

/** The request never got an answer (offline, DNS, refused connection, CORS). */
export class NetworkError extends Error {
  override name = 'NetworkError'
  constructor(
    message: string,
    readonly url?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/** A 2xx answer whose JSON body could not be parsed. */
export class ParseError extends Error {
  override name = 'ParseError'
  constructor(
    readonly status: number,
    readonly url?: string,
    options?: { cause?: unknown },
  ) {
    super('The server sent a response that is not valid JSON', options)
  }
}

/** Options for {@link createHttpClient}. */
export interface HttpClientOptions {
  /** Absolute ("http://127.0.0.1:8980/api") or same-origin ("/api") prefix of every path. */
  baseUrl: string
  timeoutMs?: number
  /** Tries of a GET, counting the first; writes always get one. */
  maxTries?: number
  backoffMs?: number
  headers?: Record<string, string>
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  /** Jitter source in [0, 1). */
  random?: () => number
  /** Parser of JSON bodies (success and error alike); JSON.parse unless the API needs exact big integers. */
  parseJson?: (text: string) => unknown
}

/** Per-request options. */
export interface RequestOptions {
  headers?: Record<string, string>
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | bigint | boolean | undefined>
  /** Cancels the request (and any pending retry); the abort reason is rethrown as is. */
  signal?: AbortSignal
}

/** A client bound to one API. */
export interface HttpClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  delete<T>(path: string, options?: RequestOptions): Promise<T>
  /** Sends bytes and reads bytes, no JSON either way (algosdk's msgpack and JSON alike); failures are the same typed errors. */
  exchange(method: HttpMethod, path: string, body?: Uint8Array, options?: RequestOptions): Promise<RawResponse>
}

/** A 2xx answer as bytes, for {@link HttpClient.exchange}. */
export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: Uint8Array
}

/** An HTTP method the client sends. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type Method = HttpMethod

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Creates a client for one API base URL. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const {
    baseUrl,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    maxTries = DEFAULT_MAX_TRIES,
    backoffMs = DEFAULT_BACKOFF_MS,
    sleep = defaultSleep,
    random = Math.random,
    parseJson = JSON.parse,
  } = options
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))

  async function attempt(method: Method, url: string, body: unknown, request: RequestOptions, raw = false): Promise<unknown> {
    // a raw exchange's caller says what it accepts (algosdk asks for msgpack or JSON per call)
    const headers: Record<string, string> = { ...(raw ? {} : { Accept: 'application/json' }), ...options.headers, ...request.headers }
    const encoded = encodeBody(body, headers)
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const onCallerAbort = () => controller.abort()
    request.signal?.addEventListener('abort', onCallerAbort, { once: true })
    try {
      let response: Response
      try {
        response = await doFetch(url, { method, headers, body: encoded, signal: controller.signal })
      } catch (error) {
        throw fetchFailure(error, url, request.signal, timedOut, timeoutMs)
      }
      if (raw && response.ok) {
        try {
          const bytes = new Uint8Array(await response.arrayBuffer())
          const headers: Record<string, string> = {}
          response.headers.forEach((value, key) => (headers[key] = value))
          return { status: response.status, headers, body: bytes } satisfies RawResponse
        } catch (error) {
          throw fetchFailure(error, url, request.signal, timedOut, timeoutMs)
        }
      }
      let text: string
      try {
        text = await response.text()
      } catch (error) {
        throw fetchFailure(error, url, request.signal, timedOut, timeoutMs)
      }
      if (!response.ok) throw toHttpError(response, text, url, parseJson)
      return parseSuccess(response, text, url, parseJson)
    } finally {
      clearTimeout(timer)
      request.signal?.removeEventListener('abort', onCallerAbort)
    }
  }

  async function send<T>(method: Method, path: string, body: unknown, request: RequestOptions = {}, raw = false): Promise<T> {
    const url = buildUrl(baseUrl, path, request.query)
    const tries = method === 'GET' ? Math.max(1, maxTries) : 1
    for (let tryNumber = 1; ; tryNumber++) {
      try {
        return (await attempt(method, url, body, request, raw)) as T
      } catch (error) {
        if (tryNumber >= tries || !isRetryable(error)) throw error
        const backoff = backoffMs * 2 ** (tryNumber - 1) + Math.floor(random() * backoffMs * 2 ** (tryNumber - 1))
        const retryAfter = error instanceof HttpError ? retryAfterMs(error) : undefined
        await sleep(Math.max(backoff, retryAfter ?? 0))
        if (request.signal?.aborted) throw request.signal.reason
      }
    }
  }

  return {
    get: (path, request) => send('GET', path, undefined, request),
    post: (path, body, request) => send('POST', path, body, request),
    put: (path, body, request) => send('PUT', path, body, request),
    patch: (path, body, request) => send('PATCH', path, body, request),
    delete: (path, request) => send('DELETE', path, undefined, request),
    exchange: (method, path, body, request) => send<RawResponse>(method, path, body, request, true),
  }
}

/** Whether a failed read may be tried again: a retryable status, or no answer at all. Timeouts are not retried: the next try would likely time out as well. */
export function isRetryable(error: unknown): boolean {
  return (error instanceof HttpError && RETRY_STATUSES.has(error.status)) || error instanceof NetworkError
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(key, String(value))
  }
  const search = params.toString()
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url
}

function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined
  if (typeof body === 'string' || body instanceof Blob || body instanceof FormData || body instanceof URLSearchParams || body instanceof ArrayBuffer || body instanceof Uint8Array) {
    return body as BodyInit
  }
  headers['Content-Type'] ??= 'application/json'
  // bigint (amounts, asset ids) has no JSON form; send it as a decimal string.
  return JSON.stringify(body, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))
}

function fetchFailure(error: unknown, url: string, callerSignal: AbortSignal | undefined, timedOut: boolean, timeoutMs: number): unknown {
  if (callerSignal?.aborted) return callerSignal.reason
  if (timedOut) return new TimeoutError(timeoutMs, url)
  const message = error instanceof Error ? error.message : String(error)
  return new NetworkError(`Could not reach the server (${message})`, url, { cause: error })
}

type JsonParser = (text: string) => unknown

function parseBody(response: Response, text: string, parseJson: JsonParser): unknown {
  const type = response.headers.get('content-type') ?? ''
  if (text === '') return undefined
  return /[/+]json\b/i.test(type) ? parseJson(text) : text
}

function parseSuccess(response: Response, text: string, url: string, parseJson: JsonParser): unknown {
  try {
    return parseBody(response, text, parseJson)
  } catch (error) {
    throw new ParseError(response.status, url, { cause: error })
  }
}

function toHttpError(response: Response, text: string, url: string, parseJson: JsonParser): HttpError {
  let body: unknown = text || undefined
  try {
    body = parseBody(response, text, parseJson)
  } catch {
    // A broken error body is still an error with a status; keep the raw text.
  }
  const serverMessage =
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : undefined
  const error = new HttpError(response.status, serverMessage || `Request failed with status ${response.status}${response.statusText ? ` (${response.statusText})` : ''}`, body, url)
  retryAfter.set(error, response.headers.get('retry-after'))
  return error
}

// Retry-After is transport detail, kept off the public error shape.
const retryAfter = new WeakMap<HttpError, string | null>()

function retryAfterMs(error: HttpError): number | undefined {
  const header = retryAfter.get(error)
  if (!header) return undefined
  const seconds = Number(header)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now()
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined
}
