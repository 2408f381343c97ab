// What the API refuses to spend on one client: bodies above a size (it takes no bodies: every route
// is a GET), slow requests and idle connections (timeouts), and more requests per second from one IP
// than a token bucket allows (429 with Retry-After). Generous defaults; each is configurable.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'

/** The API's limits. */
export interface ApiLimits {
  /** Largest request body in bytes (default 16 KiB); a larger one gets 413 before it is read. */
  bodyLimit?: number
  /** ms a connection may sit idle, sending nothing, before it is closed (default 30 s). */
  connectionTimeout?: number
  /** ms a client has to send a whole request (default 10 s): slow senders get 408. */
  requestTimeout?: number
  /** ms a kept-alive connection waits for its next request (default 5 s). */
  keepAliveTimeout?: number
  /** Requests per client IP: a bucket of `burst` tokens refilled at `perSecond` (default 200/s, burst 400); false for none. */
  rateLimit?: { perSecond: number; burst: number } | false
}

/** The defaults: far above what the web app asks of one browser. */
export const DEFAULT_LIMITS = {
  bodyLimit: 16 * 1024,
  connectionTimeout: 30_000,
  requestTimeout: 10_000,
  keepAliveTimeout: 5_000,
  rateLimit: { perSecond: 200, burst: 400 },
} as const satisfies Required<ApiLimits>

/** Token buckets by key; a key whose bucket is full again is forgotten. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>()

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Takes a token for `key` at `now` (ms): 0 when there was one, else the seconds until there is. */
  take(key: string, now = Date.now()): number {
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now }
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond)
    b.at = now
    this.buckets.set(key, b)
    if (b.tokens >= 1) {
      b.tokens -= 1
      return 0
    }
    if (this.buckets.size > 10_000) this.prune(now)
    return (1 - b.tokens) / this.perSecond
  }

  private prune(now: number): void {
    for (const [key, b] of this.buckets) if (b.tokens + ((now - b.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(key)
  }
}

/**
 * Fastify's server options for `limits`: the body limit, and an HTTP server with the timeouts. Node
 * checks request timeouts every `connectionsCheckingInterval` (30 s by default, longer than the
 * timeout itself), so the server is made here with a check at least twice per timeout.
 */
export function serverOptions(limits: ApiLimits = {}) {
  const requestTimeout = limits.requestTimeout ?? DEFAULT_LIMITS.requestTimeout
  const connectionTimeout = limits.connectionTimeout ?? DEFAULT_LIMITS.connectionTimeout
  const keepAliveTimeout = limits.keepAliveTimeout ?? DEFAULT_LIMITS.keepAliveTimeout
  return {
    bodyLimit: limits.bodyLimit ?? DEFAULT_LIMITS.bodyLimit,
    serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
      const server = createServer(
        { requestTimeout, headersTimeout: requestTimeout, keepAliveTimeout, connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(requestTimeout / 2))) },
        handler,
      )
      server.setTimeout(connectionTimeout)
      return server
    },
  }
}

/** Refuses a declared body above the limit (413) and a client over its rate (429), before routing. */
export function enforceLimits(app: FastifyInstance, limits: ApiLimits = {}): void {
  const bodyLimit = limits.bodyLimit ?? DEFAULT_LIMITS.bodyLimit
  const rate = limits.rateLimit === undefined ? DEFAULT_LIMITS.rateLimit : limits.rateLimit
  const buckets = rate ? new TokenBuckets(rate.perSecond, rate.burst) : undefined
  const perSecond = rate ? rate.perSecond : 0
  app.addHook('onRequest', async (req, reply) => {
    if (buckets) {
      const wait = buckets.take(req.ip)
      if (wait > 0) {
        const seconds = Math.max(1, Math.ceil(wait))
        return reply
          .status(429)
          .header('retry-after', String(seconds))
          .send({ statusCode: 429, error: 'Too Many Requests', message: `more than ${perSecond} requests per second from ${req.ip}; retry after ${seconds} s` })
      }
    }
    const length = Number(req.headers['content-length'] ?? 0)
    if (length > bodyLimit) {
      // answer without reading the body, and close: the rest of it is not worth receiving
      reply.header('connection', 'close')
      return reply.status(413).send({ statusCode: 413, error: 'Payload Too Large', message: `request bodies are limited to ${bodyLimit} bytes (this API takes none); this one declares ${length}` })
    }
  })
}
