// What the project pages derive from the pools and the registry: a token's pools on every venue
// and its liquidity over them, and the list's order and search. Pure.
import type { MarketFigures, Value } from '@grove/sdk/figures'
import type { ApiPool } from '@/lib/analytics/types.ts'
import { formatValue } from '@/lib/pools/figures.ts'
import type { VenueName } from '@/lib/pools/venues.ts'
import type { Pool, Project } from '@/lib/tx/sdk.ts'

/** A pool holding the token, on its venue. */
export interface TokenPool {
  venue: VenueName
  /** Its LP asset: the pool's id (a Tinyman pool's pool token). */
  lpAsset: bigint
  a: bigint
  b: bigint
  reserveA: bigint
  reserveB: bigint
}

/** A token's market: where it trades and how much liquidity that holds. */
export interface TokenMarket {
  /** Every pool holding the token: Grove's, then Tinyman's. */
  pools: TokenPool[]
  /** The value of those pools, whatever the token is paired with: the SDK's one rule (MarketFigures.liquidity). */
  liquidity: Value
}

/**
 * The token's pools on every venue (Grove's read from algod, Tinyman's as the analytics service
 * follows them) and their liquidity at `figures`' prices. Both project pages read this one figure.
 */
export function tokenMarket(grove: readonly Pool[], tinyman: readonly Pick<ApiPool, 'id' | 'venue' | 'assetA' | 'assetB' | 'reserveA' | 'reserveB'>[], asset: number, figures: Pick<MarketFigures, 'liquidity'>): TokenMarket {
  const id = BigInt(asset)
  const all: TokenPool[] = [
    ...grove.map((p) => ({ venue: 'grove' as const, lpAsset: p.lpAsset, a: p.a, b: p.b, reserveA: p.reserveA, reserveB: p.reserveB })),
    ...tinyman
      .filter((p) => p.venue === 'tinyman')
      .map((p) => ({ venue: 'tinyman' as const, lpAsset: BigInt(p.id), a: BigInt(p.assetA.id), b: BigInt(p.assetB.id), reserveA: BigInt(p.reserveA), reserveB: BigInt(p.reserveB) })),
  ]
  const pools = all.filter((p) => p.a === id || p.b === id)
  return { pools, liquidity: figures.liquidity(asset, pools) }
}

/** A token's liquidity as both project pages write it: USD first, ALGO second; "None" where no pool holds it, "—" where no pool of it is valued. */
export const liquidityText = (market: TokenMarket): string => (market.pools.length === 0 ? 'None' : formatValue(market.liquidity))

/** Projects matching a search (name, or the asset id exactly or as a prefix), verified first, then by asset id. */
export function filterProjects(projects: readonly Project[], query: string, verifiedOnly: boolean): Project[] {
  const q = query.trim().toLowerCase()
  return projects
    .filter((p) => (!verifiedOnly || p.verified) && (q === '' || p.name.toLowerCase().includes(q) || String(p.asset).startsWith(q)))
    .sort((x, y) => Number(y.verified) - Number(x.verified) || (x.asset < y.asset ? -1 : x.asset > y.asset ? 1 : 0))
}
