// Every pool as the /shares list shows it: pair, reserves, price and TVL read from algod, the
// user's share when they hold one. Pure, so sorting and searching are tested without a DOM.
// 24h volume and fee APR come from the analytics service when it runs (by pool id, the LP asset);
// without it rows carry none and the list leaves those columns out rather than show blanks.
import type { Holdings } from '@/lib/account/account.ts'
import { lpSharePercent } from '@grove/sdk/figures'
import { figuresOf, type Value } from '@/lib/pools/figures.ts'
import type { Token } from '@/lib/tokens/tokens.ts'
import type { Pool } from '@/lib/tx/sdk.ts'
import type { ApiPool } from '@/lib/analytics/types.ts'

/** What the list shows of a pool, Grove's (read from algod) or Tinyman's (from the analytics service). */
export type ListedPool = Pick<Pool, 'a' | 'b' | 'lpAsset' | 'reserveA' | 'reserveB' | 'lpIssued' | 'feeBps'>

/** Tinyman v2's pools as the analytics service follows them, and how this network names the venue. */
export interface TinymanListing {
  pools: readonly ApiPool[]
  /** "Tinyman v2", or "Tinyman v2-compatible (local)" on the localnet. */
  label: string
}

/** A pool's curve, as the list names it. */
export type PoolKind = 'constant-product' | 'stable'

/** The list's word for a pool's kind. */
export const POOL_KIND_LABEL: Record<PoolKind, string> = { 'constant-product': 'Constant product', stable: 'Stable' }

/** One pool's row. */
export interface PoolRow {
  pool: ListedPool
  /** The pool's curve: the DEX's constant product, or the Stable app's (Curve's StableSwap). */
  kind: PoolKind
  /** Where the pool trades; only Grove's pools take Grove's add and remove. */
  venue: 'grove' | 'tinyman'
  /** The venue's name as the network shows it. */
  venueLabel: string
  tokenA: Token
  tokenB: Token
  /** "ALGO/gUSD", in the pool's asset order. */
  name: string
  /** LP tokens the user holds (0 when none or not connected). */
  userLp: bigint
  /** Total value locked, USD first and ALGO second: the SDK's pool TVL, each token priced along its route of pools (as /dex/analytics prices it). */
  tvl: Value
  /** The TVL in µALGO (rounded), for sorting; null when no route prices the pool. */
  tvlAlgo: bigint | null
  /** The analytics service's 24h volume (USD) and fee APR (a fraction); absent when it does not run. */
  market?: PoolMarketFigures
}

/** What the analytics service adds to a pool's row. */
export interface PoolMarketFigures {
  volume24hUsd: number
  feeApr: number | null
}

/** Columns the list sorts by. */
export type PoolSortKey = 'pair' | 'tvl' | 'share'

/** A sort: column and direction. */
export interface PoolSort {
  key: PoolSortKey
  descending: boolean
}

const describe = (tokens: ReadonlyMap<number, Token>, id: bigint): Token => tokens.get(Number(id)) ?? { id: Number(id), symbol: `#${id}`, name: `Asset ${id}`, decimals: 0 }

/** A Tinyman pool of the analytics service in the list's shape (its pool token as the LP asset). */
export function listedTinymanPool(p: ApiPool): ListedPool {
  return { a: BigInt(p.assetA.id), b: BigInt(p.assetB.id), lpAsset: BigInt(p.id), reserveA: BigInt(p.reserveA), reserveB: BigInt(p.reserveB), lpIssued: BigInt(p.lpIssued), feeBps: BigInt(p.feeBps) }
}

/**
 * A row for every pool, Grove's (the DEX's, then the Stable app's `stablePools`) then `tinyman`'s;
 * `stable` is the network's dollar coin. Every TVL is the SDK's pool TVL at the prices the DEX's pools
 * give (as the analytics service values both venues).
 */
export function poolRows(
  pools: readonly Pool[],
  tokens: ReadonlyMap<number, Token>,
  holdings: Holdings | undefined,
  market?: ReadonlyMap<number, PoolMarketFigures>,
  stable: Pick<Token, 'id'> | null = null,
  tinyman?: TinymanListing,
  stablePools: readonly ListedPool[] = [],
): PoolRow[] {
  const figures = figuresOf(pools, tokens, stable)
  const listed = [
    ...pools.map((pool) => ({ pool: pool as ListedPool, kind: 'constant-product' as const, venue: 'grove' as const, venueLabel: 'Grove' })),
    ...stablePools.map((pool) => ({ pool: listColumns(pool), kind: 'stable' as const, venue: 'grove' as const, venueLabel: 'Grove' })),
    ...(tinyman?.pools ?? []).filter((p) => p.venue === 'tinyman').map((p) => ({ pool: listedTinymanPool(p), kind: 'constant-product' as const, venue: 'tinyman' as const, venueLabel: tinyman!.label })),
  ]
  return listed.map(({ pool, kind, venue, venueLabel }) => {
    const tokenA = describe(tokens, pool.a)
    const tokenB = describe(tokens, pool.b)
    const tvl = figures.tvl(pool)
    return {
      pool,
      kind,
      venue,
      venueLabel,
      tokenA,
      tokenB,
      name: `${tokenA.symbol}/${tokenB.symbol}`,
      userLp: holdings?.assets.get(Number(pool.lpAsset)) ?? 0n,
      tvl,
      tvlAlgo: tvl.algo === null ? null : BigInt(Math.round(tvl.algo * 1e6)),
      ...(market?.has(Number(pool.lpAsset)) ? { market: market.get(Number(pool.lpAsset))! } : {}),
    }
  })
}

// a stable pool's box holds more than the list shows: the list keeps only its columns
const listColumns = (p: ListedPool): ListedPool => ({ a: p.a, b: p.b, lpAsset: p.lpAsset, reserveA: p.reserveA, reserveB: p.reserveB, lpIssued: p.lpIssued, feeBps: p.feeBps })

/** True when the search text matches the pair's symbols, names or asset ids ("gusd", "fern alg", "1001"). */
export function matchesPool(row: PoolRow, query: string): boolean {
  const words = query.trim().toLowerCase().split(/[\s/]+/).filter(Boolean)
  const haystack = [row.tokenA.symbol, row.tokenA.name, String(row.tokenA.id), row.tokenB.symbol, row.tokenB.name, String(row.tokenB.id), String(row.pool.lpAsset), row.venueLabel, POOL_KIND_LABEL[row.kind]].join(' ').toLowerCase()
  return words.every((w) => haystack.includes(w))
}

const compare = (x: PoolRow, y: PoolRow, key: PoolSortKey): number => {
  if (key === 'pair') return x.name.localeCompare(y.name)
  const [a, b]: [bigint, bigint] | [number, number] = key === 'tvl' ? [x.tvlAlgo ?? -1n, y.tvlAlgo ?? -1n] : [shareOfPool(x), shareOfPool(y)]
  return a === b ? 0 : a < b ? -1 : 1
}
/** The user's redeemable share of the pool in percent: the SDK's lpSharePercent (what their LP withdraws, of the supply with the locked first 1,000 units), comparable across pools. */
export const shareOfPool = (row: Pick<PoolRow, 'pool' | 'userLp'>): number => lpSharePercent(row.pool, row.userLp)

/** The rows matching `query`, the user's positions first, each group in the chosen order (ties by pair). */
export function visiblePools(rows: readonly PoolRow[], query: string, sort: PoolSort): PoolRow[] {
  return rows
    .filter((r) => matchesPool(r, query))
    .sort((x, y) => {
      const mine = Number(y.userLp > 0n) - Number(x.userLp > 0n)
      if (mine !== 0) return mine
      const c = compare(x, y, sort.key)
      return (sort.descending ? -c : c) || x.name.localeCompare(y.name)
    })
}
