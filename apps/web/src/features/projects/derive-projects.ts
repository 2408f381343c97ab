// What the project pages derive from the DEX's pools and the registry: a token's price in ALGO and
// its liquidity (from its ALGO pools), its pools, and the list's order and search. Pure.
import type { Pool, Project } from '@/lib/tx/sdk.ts'

/** A token's market as its ALGO pools set it. */
export interface TokenMarket {
  /** µALGO per whole token (10^decimals base units), from the deepest ALGO pool; null without one. */
  priceMicroAlgo: bigint | null
  /** µALGO in every ALGO pool of the token, both sides counted (2 × the ALGO reserve). */
  liquidityMicroAlgo: bigint
  /** Every pool holding the token. */
  pools: Pool[]
}

/** The token's price and liquidity in ALGO from the pools, and the pools that hold it. */
export function tokenMarket(pools: readonly Pool[], asset: number, decimals: number): TokenMarket {
  const id = BigInt(asset)
  const holding = pools.filter((p) => p.a === id || p.b === id)
  // ALGO is id 0, so it is always side a of an ALGO pool.
  const algoPools = holding.filter((p) => p.a === 0n && p.b === id && p.reserveA > 0n && p.reserveB > 0n)
  const deepest = algoPools.reduce<Pool | null>((best, p) => (best === null || p.reserveA > best.reserveA ? p : best), null)
  return {
    priceMicroAlgo: deepest ? (deepest.reserveA * 10n ** BigInt(decimals)) / deepest.reserveB : null,
    liquidityMicroAlgo: algoPools.reduce((sum, p) => sum + 2n * p.reserveA, 0n),
    pools: holding,
  }
}

/** Projects matching a search (name, or the asset id exactly or as a prefix), verified first, then by asset id. */
export function filterProjects(projects: readonly Project[], query: string, verifiedOnly: boolean): Project[] {
  const q = query.trim().toLowerCase()
  return projects
    .filter((p) => (!verifiedOnly || p.verified) && (q === '' || p.name.toLowerCase().includes(q) || String(p.asset).startsWith(q)))
    .sort((x, y) => Number(y.verified) - Number(x.verified) || (x.asset < y.asset ? -1 : x.asset > y.asset ? 1 : 0))
}
