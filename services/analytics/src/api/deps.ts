// What the routes read: the database, algod (for the chain's round) and the deployment.
import type { Algodv2 } from 'algosdk'
import type { Sql } from '../db/database.ts'
import type { Deployment } from '../config.ts'

/** The routes' dependencies. */
export interface ApiDeps {
  db: Sql
  algod?: Algodv2
  deployment: Deployment
  /** Unix seconds "now" for 24h/7d windows (default the wall clock); tests pin it. */
  now?: () => number
}

/** The current unix time the routes use. */
export const nowOf = (deps: ApiDeps): number => (deps.now ? deps.now() : Math.floor(Date.now() / 1000))
