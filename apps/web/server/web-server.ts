// The production web server: serves a built Grove (apps/web/dist or `npm start`'s build) the way a
// wallet-connected DeFi front end must be served. Every response carries the security headers
// (a script policy without inline or eval, no framing, no referrer); hashed assets are cached
// for a year, index.html and build/latest.json never (a deploy must reach users on the next
// navigation); client routes fall back to index.html; responses are compressed.
import fs from 'node:fs'
import path from 'node:path'
import compress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import { IPFS_GATEWAY, PUBLIC_ALGOD, PUBLIC_INDEXER } from '../src/lib/public-networks.ts'
import { RUNTIME_GLOBAL, type GroveRuntime } from '../src/lib/runtime.ts'

/** What the wallets' connectors reach beyond Grove's own APIs (read from their packages' sources). */
export const WALLET_SOURCES = {
  // Pera and Defly: WalletConnect v1 bridges listed in their config files, plus modal fonts,
  // animations and sounds; Lute opens a popup window and Kibisis talks to its extension by
  // messages, neither needs a network origin of the page.
  connect: [
    'https://wc.perawallet.app',
    'wss://*.perawallet.app',
    'https://static.defly.app',
    'wss://*.defly.app',
    'wss://bridge.walletconnect.org',
    'https://s3.amazonaws.com',
    'https://defly-walletconnect.s3.eu-central-1.amazonaws.com',
  ],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  media: ['https://s3.amazonaws.com', 'https://defly-walletconnect.s3.eu-central-1.amazonaws.com'],
} as const

/** Loopback http origins on any port: a node on the user's own machine (what Settings accepts over http; CSP has no syntax for an IPv6 literal such as [::1]). */
export const LOOPBACK_HTTP = ['http://localhost:*', 'http://127.0.0.1:*'] as const

/** Which origins the page may call: the build's algod, kmd, indexer and analytics, plus extras. */
export interface CspOrigins {
  /** Origins of the APIs this build is configured for (algod, kmd, indexer, analytics). */
  apis: readonly string[]
}

/** The Content-Security-Policy for a build that talks to `apis` (and the public networks). */
export function contentSecurityPolicy({ apis }: CspOrigins): string {
  // Users point Settings at their own algod, indexer and analytics service (any https origin, or http on this machine), and
  // the page can only reach what this header allows: so every https origin and loopback http on any port.
  // The configured APIs, the public networks and the IPFS gateway (tokens' ARC-3 / ARC-19 metadata) stay
  // listed by name. Plain http elsewhere is refused (mixed content, and a node's token in clear).
  const connect = new Set([
    "'self'",
    ...apis.map(origin),
    ...Object.values(PUBLIC_ALGOD),
    ...Object.values(PUBLIC_INDEXER),
    IPFS_GATEWAY,
    ...WALLET_SOURCES.connect,
    'https:',
    ...LOOPBACK_HTTP,
  ])
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    // React's style attributes and the wallet modals' injected styles; styles cannot run code.
    ['style-src', "'self'", "'unsafe-inline'", ...WALLET_SOURCES.style],
    // Token logos live wherever their issuers put them (IPFS gateways, CDNs); an image cannot run code or
    // read the page, and plain http is refused (mixed content), so any https origin is allowed.
    ['img-src', "'self'", 'data:', 'blob:', 'https:'],
    ['font-src', "'self'", 'data:', ...WALLET_SOURCES.font],
    ['media-src', "'self'", ...WALLET_SOURCES.media],
    ['connect-src', ...connect],
    ['worker-src', "'self'", 'blob:'],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-src', "'none'"],
    ['frame-ancestors', "'none'"],
  ]
  return directives.map((d) => d.join(' ')).join('; ')
}

/** The headers every response carries. */
export function securityHeaders(origins: CspOrigins): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(origins),
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    // Lute's popup needs window.open; nothing here uses these devices or features. Only features
    // Chromium knows: an unknown one (bluetooth) is a console warning on every page.
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()',
  }
}

/** Cache policy by path: Vite's content-hashed assets forever, the entry and build id never. */
export function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  if (urlPath === '/' || urlPath.endsWith('.html') || urlPath === '/build/latest.json') return 'no-store'
  return 'public, max-age=3600'
}

/**
 * Whether a request path is one no page has and a scanner probes: a segment that starts with a dot
 * (`/.env`, `/.git/config`, `..`), percent-decoded once or more, an empty segment (`//etc`), a NUL, a
 * backslash or an encoded slash, or an escape that does not decode. Such paths get a plain 404,
 * never the app's page (a 200 there reads as "present" to a scanner).
 */
export function refusedPath(rawPath: string): boolean {
  if (/%2f|%5c/i.test(rawPath) || rawPath.includes('\\') || rawPath.includes('//')) return true
  // decoded until nothing changes (at most thrice): `%252e%252e` is `..` to a server that decodes twice
  let decoded = rawPath
  for (let i = 0; i < 3 && decoded.includes('%'); i++) {
    try {
      decoded = decodeURIComponent(decoded)
    } catch {
      return true
    }
  }
  return /%2f|%5c/i.test(decoded) || decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((segment) => segment.startsWith('.'))
}

/** Options of {@link createWebServer}. */
export interface WebServerOptions extends CspOrigins {
  /** The built site (the folder holding index.html). */
  root: string
  /** Log requests (off in tests and under `npm start`). */
  logger?: boolean
  /** Where a 5xx's cause goes, one JSON line each (default stderr), whether or not `logger` is on. */
  logError?: (line: string) => void
  /** The stack's settings the page reads at run time (/grove-runtime.js, src/lib/runtime.ts): one build serves any localnet. Absent: the build's own file, which says nothing. */
  runtime?: GroveRuntime
}

/** The script /grove-runtime.js answers with: the settings as one assignment (JSON, so no code can ride in a value). */
export function runtimeScript(runtime: GroveRuntime): string {
  // JSON.stringify leaves "</script>" and U+2028 as they are: harmless in a script file, escaped anyway
  const json = JSON.stringify(runtime).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
  return `globalThis.${RUNTIME_GLOBAL} = ${json}\n`
}

/** A Fastify instance serving the built site at `root`; call `listen` on it. */
export async function createWebServer({ root, apis, runtime, logger = false, logError = (line) => void process.stderr.write(line + '\n') }: WebServerOptions): Promise<FastifyInstance> {
  const index = path.join(root, 'index.html')
  if (!fs.existsSync(index)) throw new Error(`${root} holds no index.html: build the web app first (npm run build -w @grove/web)`)
  const headers = securityHeaders({ apis })
  const app = Fastify({
    logger,
    // A static site takes no bodies; slow or stuck clients are cut off.
    bodyLimit: 1024,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    return503OnClosing: true,
  })
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(headers)
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', cacheControl(request.url.split('?')[0]!))
    return payload
  })
  const notFound = (reply: FastifyReply, pathname: string) => reply.code(404).type('text/plain; charset=utf-8').send(`Not found: ${pathname.slice(0, 200)}`)
  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?')[0]!
    if (refusedPath(pathname)) return notFound(reply, pathname)
  })
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    // the static plugin's refusal of a path (403) is a path no page has: 404 like the others
    if (status === 403 && error.code === 'FST_STATIC_FORBIDDEN_PATH') return notFound(reply, request.url.split('?')[0]!)
    if (status < 500) return reply.code(status).send(error)
    logError(JSON.stringify({ level: 'error', time: new Date().toISOString(), service: 'web', method: request.method, url: request.url, status, error: error.message, code: error.code, stack: error.stack }))
    return reply.code(status).type('text/plain; charset=utf-8').send('The web server failed to answer; see its log.')
  })
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 })
  // this stack's settings, asked on every page load (never cached: a restart may move its ports)
  if (runtime) app.get('/grove-runtime.js', (_request, reply) => reply.header('cache-control', 'no-store').type('text/javascript; charset=utf-8').send(runtimeScript(runtime)))
  await app.register(fastifyStatic, {
    root,
    index: ['index.html'],
    wildcard: true,
    cacheControl: false,
    // a dotfile in the build (.env) is never served: it falls through to the 404
    dotfiles: 'ignore',
    etag: true,
    lastModified: true,
  })
  // Client routes (/dex/swap, /projects/7) are the app's: send index.html and let its router
  // decide, including its own 404 page. A missing file with an extension is a real 404.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname)
    if (!isPage) return reply.code(404).type('text/plain; charset=utf-8').send(`Not found: ${pathname}`)
    return reply.header('cache-control', 'no-store').sendFile('index.html')
  })
  return app
}

/** The origin (scheme://host:port) of a URL, as CSP sources name them. */
function origin(url: string): string {
  return new URL(url).origin
}
