// The market read once per ingested round: /api/pools, /api/pools/:id, /api/tokens, /api/stats and
// /api/programs all value things with the whole market, and PGlite runs one query at a time, so
// reading it per request queued every request behind the others. The follower moves the watermark
// in the same transaction as the rows, so an unchanged watermark means unchanged tables; the 24h
// windows move with `now`, so the key holds both. Concurrent requests share one read in flight.
import type { ApiDeps } from './deps.ts'
import { nowOf } from './deps.ts'
import { readMarket, type Market } from './market.ts'

interface Entry {
  key: string
  market: Promise<Market>
}

const latest = new WeakMap<ApiDeps, Entry>()

/** The market at the routes' `now`, read again only when the watermark (or the second) changed. */
export async function marketOf(deps: ApiDeps, at?: number): Promise<Market> {
  const now = at ?? (await nowOf(deps))
  const [mark] = await deps.db.query<{ round: number }>('SELECT round FROM watermark')
  // without a watermark nothing says when rows change (a database the follower never ran on)
  if (!mark) return readMarket(deps.db, deps.deployment, now)
  const key = `${mark.round}@${now}`
  const hit = latest.get(deps)
  if (hit?.key === key) return hit.market
  const market = readMarket(deps.db, deps.deployment, now)
  latest.set(deps, { key, market })
  // a failed read is not kept: the next request tries again
  market.catch(() => {
    if (latest.get(deps)?.market === market) latest.delete(deps)
  })
  return market
}
