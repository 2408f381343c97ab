// startAnalytics: opens the database (running its migrations), checks the chain, starts the
// follower and serves the API. The database, follower and API modules load when a service starts,
// so a host that binds the port first (listenAnalytics) pays for them only then.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import algosdk from 'algosdk'
import type { FastifyInstance } from 'fastify'
import type { Database } from './db/database.ts'
import type { Follower, FollowerOptions } from './follower/follower.ts'
import type { Deployment } from './config.ts'
import { serverOptions, type ApiLimits } from './api/limits.ts'

/** Options of startAnalytics. */
export interface StartAnalyticsOptions {
  /** algod's URL and token. */
  algod: { url: string; token: string }
  /** postgres://… for a PostgreSQL server, else a PGlite data directory (memory:// for none). */
  database: string
  deployment: Deployment
  /** HTTP port (0 picks a free one; default 4010). */
  port?: number
  host?: string
  corsOrigin?: string | RegExp | (string | RegExp)[]
  /** Serve the API without following (a read replica's API). */
  follow?: boolean
  /** The API's body size, timeouts and per-IP rate (default: generous limits, see api/limits.ts). */
  limits?: ApiLimits
  log?: (message: string) => void
  /** Told each poll the follower made (FollowerOptions.onPoll). */
  onPoll?: FollowerOptions['onPoll']
}

/** A running analytics service. */
export interface Analytics {
  url: string
  db: Database
  follower: Follower
  api: FastifyInstance
  stop(): Promise<void>
}

/** An algod client from a URL and token. */
export function algodClient(url: string, token: string): algosdk.Algodv2 {
  const u = new URL(url)
  return new algosdk.Algodv2(token, `${u.protocol}//${u.hostname}`, u.port || (u.protocol === 'https:' ? 443 : 80), { 'X-Algo-API-Token': token })
}

/** Starts the service; rejects with the chain-mismatch sentence when algod is not the chain the database followed. */
export function startAnalytics(options: StartAnalyticsOptions): Promise<Analytics> {
  return start(options, (api) => api.listen({ port: options.port ?? 4010, host: options.host ?? '127.0.0.1' }))
}

/**
 * Binds the API's port first and starts the service behind it when asked (`start()`, or the first
 * request): the URL is known at once (a stack prints it and tells the web app) while the database is
 * still to open and the routes to compile. A request that comes before the service is ready waits for
 * it; if the service does not start, such requests get a 503 saying why. `start()` settles as
 * startAnalytics would (and again the same on later calls).
 */
export async function listenAnalytics(options: StartAnalyticsOptions): Promise<{ url: string; start(): Promise<Analytics>; stop(): Promise<void> }> {
  const waiting: [IncomingMessage, ServerResponse][] = []
  let route: ((req: IncomingMessage, res: ServerResponse) => void) | undefined
  let started: Promise<Analytics> | undefined
  const server = serverOptions(options.limits).serverFactory((req, res) => {
    if (route) return route(req, res)
    waiting.push([req, res])
    void begin().catch(() => {}) // a request starts a service nobody started yet; its failure answers the request
  })
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 4010, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const url = `http://${host}:${(server.address() as AddressInfo).port}`
  const serveWith = (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
    route = handler
    for (const [req, res] of waiting.splice(0)) handler(req, res)
  }
  const begin = () =>
    (started ??= start(options, async (api) => {
      serveWith((req, res) => api.routing(req, res))
      return url
    }).then(
      (service) => ({
        ...service,
        async stop() {
          await service.stop()
          await new Promise<void>((resolve) => server.close(() => resolve()))
        },
      }),
      (e: unknown) => {
        const message = `the analytics service did not start: ${e instanceof Error ? e.message : String(e)}`
        serveWith((_req, res) => res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message })))
        server.close()
        throw e
      },
    ))
  // stops the service if it started, else closes the port (a failed start has closed it already)
  const stop = async () => {
    if (started) return started.then((service) => service.stop(), () => {})
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return { url, start: begin, stop }
}

/** Opens, checks and builds the service, then serves its API with `serve` (which answers the URL it serves at). */
async function start(options: StartAnalyticsOptions, serve: (api: FastifyInstance) => Promise<string>): Promise<Analytics> {
  const algod = algodClient(options.algod.url, options.algod.token)
  const [{ openDatabase }, { migrate }, { Follower }, { buildApi }] = await Promise.all([
    import('./db/database.ts'),
    import('./db/migrate.ts'),
    import('./follower/follower.ts'),
    import('./api/app.ts'),
  ])
  const db = await openDatabase(options.database)
  let api: FastifyInstance | undefined
  try {
    await migrate(db)
    const follower = new Follower({ db, algod, deployment: options.deployment, log: options.log, onPoll: options.onPoll })
    await follower.verifyChain()
    api = await buildApi({ db, algod, deployment: options.deployment, corsOrigin: options.corsOrigin, limits: options.limits })
    const address = await serve(api)
    if (options.follow !== false) void follower.start()
    return {
      url: address,
      db,
      follower,
      api,
      async stop() {
        await follower.stop()
        await api!.close()
        await db.close()
      },
    }
  } catch (e) {
    await api?.close()
    await db.close()
    throw e
  }
}
