// Which web pages may call the localnet. A browser sends `Origin` on every cross-origin call; a page
// on any site could otherwise read kmd's keys with the well-known token, so only origins the user
// names (--allow-origin, startLocalnet's allowOrigins) get CORS headers, and a request from any
// other origin is refused before it runs (a "simple" POST needs no preflight, so answering without
// CORS headers would still let it act). Clients outside a browser send no Origin and are unaffected.
import type { IncomingMessage, ServerResponse } from 'node:http'

/** Every refusal this module answers, in one place. */
export const CORS_ERRORS = {
  badOrigin: (value: string) => `an allowed origin must be scheme://host[:port] with no path, such as http://127.0.0.1:5173, got ${JSON.stringify(value)}`,
  notAllowed: (origin: string) => `origin ${origin} may not call this API; start the localnet with --allow-origin ${origin} to let its pages call it`,
  groveRoute: (origin: string) => `/grove/v1 is never served to a web page (origin ${origin}); call it from a script or the CLI`,
} as const

/** `value` as an origin (`http://127.0.0.1:5173`); throws CORS_ERRORS.badOrigin for anything else (a path, `*`, `null`). */
export function parseOrigin(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== value.replace(/\/$/, '')) throw new Error(CORS_ERRORS.badOrigin(value))
  return url.origin
}

/** The origins allowed to call the localnet: none by default; more may be added while it runs. */
export class AllowedOrigins {
  readonly #origins = new Set<string>()
  constructor(origins: Iterable<string> = []) {
    for (const o of origins) this.add(o)
  }
  /** Allows `origin` (validated by parseOrigin). */
  add(origin: string): void {
    this.#origins.add(parseOrigin(origin))
  }
  /** Whether a page at `origin` may call. */
  allows(origin: string): boolean {
    return this.#origins.has(origin)
  }
  /** The allowed origins, in the order added. */
  list(): string[] {
    return [...this.#origins]
  }
}

/** What one API allows a permitted page: its methods and request headers (its token's name). */
export interface CorsRules {
  methods: string
  headers: string
  /** Paths never served cross-origin whatever the origin (algod's /grove/v1). */
  closed?: (path: string) => boolean
}

/**
 * Applies the origin policy to a request. Returns undefined when the request goes on (no Origin, or
 * an allowed one: its CORS headers are set); otherwise the refusal's sentence, or '' when it
 * answered an OPTIONS (a preflight) itself. The caller writes a refusal in its API's error envelope with status 403.
 */
export function checkOrigin(req: IncomingMessage, res: ServerResponse, allowed: AllowedOrigins, rules: CorsRules): string | undefined {
  res.setHeader('Vary', 'Origin')
  const origin = req.headers.origin
  if (origin !== undefined) {
    // the path as the router reads it (dot segments resolved), so /v2/../grove/v1 is /grove/v1
    const path = URL.canParse(req.url ?? '/', 'http://localhost') ? new URL(req.url ?? '/', 'http://localhost').pathname : '/'
    if (rules.closed?.(path)) return CORS_ERRORS.groveRoute(origin)
    if (!allowed.allows(origin)) return CORS_ERRORS.notAllowed(origin)
    res.setHeader('Access-Control-Allow-Origin', origin)
  }
  if (req.method !== 'OPTIONS') return undefined
  if (origin !== undefined) {
    res.setHeader('Access-Control-Allow-Methods', rules.methods)
    res.setHeader('Access-Control-Allow-Headers', rules.headers)
    if (req.headers['access-control-request-private-network'] === 'true') res.setHeader('Access-Control-Allow-Private-Network', 'true')
  }
  res.statusCode = 204
  res.end()
  return ''
}
