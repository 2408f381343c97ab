// startAnalytics: opens the database (running its migrations), checks the chain, starts the
// follower and serves the API.
import algosdk from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { openDatabase, type Database } from './db/database.ts'
import { migrate } from './db/migrate.ts'
import { Follower, type FollowerOptions } from './follower/follower.ts'
import { buildApi } from './api/app.ts'
import type { Deployment } from './config.ts'
import type { ApiLimits } from './api/limits.ts'

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
export async function startAnalytics(options: StartAnalyticsOptions): Promise<Analytics> {
  const algod = algodClient(options.algod.url, options.algod.token)
  const db = await openDatabase(options.database)
  let api: FastifyInstance | undefined
  try {
    await migrate(db)
    const follower = new Follower({ db, algod, deployment: options.deployment, log: options.log, onPoll: options.onPoll })
    await follower.verifyChain()
    api = await buildApi({ db, algod, deployment: options.deployment, corsOrigin: options.corsOrigin, limits: options.limits })
    const address = await api.listen({ port: options.port ?? 4010, host: options.host ?? '127.0.0.1' })
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
