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

/**
 * The current unix time the routes use: the wall clock, or the last ingested block's time when the
 * chain runs ahead of it (a localnet whose clock was moved forward), so the newest rows stay inside
 * the 24h/7d windows and the candle range. Tests pin it with `now`.
 */
export async function nowOf(deps: ApiDeps): Promise<number> {
  if (deps.now) return deps.now()
  const wall = Math.floor(Date.now() / 1000)
  const [mark] = await deps.db.query<{ time: number | null }>('SELECT time FROM watermark')
  return Math.max(wall, Number(mark?.time ?? 0))
}
