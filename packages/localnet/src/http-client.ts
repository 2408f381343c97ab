// An algosdk HTTP client on node:http with kept-alive connections. algosdk's own client goes through
// fetch (undici and web streams), which spent more CPU per request than the node answering it: a
// fresh `npm start` makes some 2,000 requests. Requests and errors are algosdk's
// URLTokenBaseHTTPClient's: the same URL, headers, and "Network request error" with the response.
import http from 'node:http'
import type { BaseHTTPClient, BaseHTTPClientResponse } from 'algosdk'

type Query = Record<string, string | number | bigint | boolean | undefined>

export class NodeHttpClient implements BaseHTTPClient {
  private readonly base: URL
  private readonly agent = new http.Agent({ keepAlive: true })

  /** `server` with its port (http only: the localnet is on this machine), `tokenHeader` e.g. { 'X-Algo-API-Token': … }. */
  constructor(
    server: string,
    private readonly tokenHeader: Record<string, string> = {},
  ) {
    this.base = new URL(server)
    if (this.base.protocol !== 'http:') throw new Error(`NodeHttpClient speaks plain http to this machine, not ${this.base.protocol}`)
  }

  get(relativePath: string, query?: Query, requestHeaders: Record<string, string> = {}): Promise<BaseHTTPClientResponse> {
    return this.request('GET', relativePath, query, requestHeaders)
  }

  post(relativePath: string, data: Uint8Array, query?: Query, requestHeaders: Record<string, string> = {}): Promise<BaseHTTPClientResponse> {
    return this.request('POST', relativePath, query, requestHeaders, data)
  }

  delete(relativePath: string, data?: Uint8Array, query?: Query, requestHeaders: Record<string, string> = {}): Promise<BaseHTTPClientResponse> {
    return this.request('DELETE', relativePath, query, requestHeaders, data)
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agent.destroy()
  }

  private url(relativePath: string, query?: Query): URL {
    const url = new URL(this.base.pathname.replace(/\/$/, '') + relativePath, this.base)
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
    return url
  }

  private request(method: string, relativePath: string, query: Query | undefined, requestHeaders: Record<string, string>, data?: Uint8Array): Promise<BaseHTTPClientResponse> {
    const url = this.url(relativePath, query)
    const headers: Record<string, string | number> = { ...this.tokenHeader, ...requestHeaders }
    if (data !== undefined) headers['Content-Length'] = data.byteLength
    return new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('error', reject)
        res.on('end', () => {
          const response: BaseHTTPClientResponse = {
            body: new Uint8Array(Buffer.concat(chunks)),
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
          }
          if (response.status >= 200 && response.status < 300) return resolve(response)
          reject(responseError(response, res.statusMessage ?? ''))
        })
      })
      req.on('error', reject)
      req.end(data === undefined ? undefined : Buffer.from(data.buffer, data.byteOffset, data.byteLength))
    })
  }
}

/** algosdk's error for a non-2xx answer: its words (with the body's `message` when JSON) and the response. */
function responseError(response: BaseHTTPClientResponse, statusText: string): Error & { response: BaseHTTPClientResponse } {
  let message = `Network request error. Received status ${response.status} (${statusText})`
  try {
    const parsed = JSON.parse(new TextDecoder().decode(response.body)) as { message?: unknown }
    if (parsed.message) message += `: ${String(parsed.message)}`
  } catch {
    // a body that is not JSON adds nothing, as in algosdk
  }
  const error = new Error(message) as Error & { response: BaseHTTPClientResponse }
  error.response = response
  return error
}
