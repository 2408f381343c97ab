// The market a trading page reads: the SDK (loaded on demand), the DEX's pools, the tokens
// they and the stable pools hold (so a coin only a stable pool holds can be picked) with the
// registry's verified flags, and the connected account's holdings. Where Grove is not deployed but
// Tinyman v2 is (the venues), the tokens are the chain's well-known ones and
// the user's imports, and the page trades through Tinyman's pools alone.
import { useQueries, useQuery } from '@tanstack/react-query'
import type { Deployment } from '../deployment.ts'
import type { AlgodConfig } from '../networks.ts'
import { accountQuery, balanceOf, type Holdings } from '../account/account.ts'
import { ALGO, tokenQuery, verifiedTokensQuery, type Token } from '../tokens/tokens.ts'
import { sdkQuery, type GroveSdk, type Pool } from '../tx/sdk.ts'
import { poolsQuery } from './pools.ts'
import { stablePoolsQuery } from './stable-pools.ts'
import { networkVenues, type NetworkVenues, type VenueRef } from './venues.ts'

/** A token with what the selector shows beside it. */
export interface TokenOption {
  token: Token
  verified: boolean
  /** The user's balance; undefined when not opted in or not connected. */
  balance?: bigint
}

/** Everything a trading page derives from. */
export interface Market {
  /** The SDK; null while it loads (or when the network has no venue to trade on). */
  sdk: GroveSdk | null
  /** Grove's pools ([] where Grove is not deployed but Tinyman is); undefined while they load. */
  pools: Pool[] | undefined
  /** The venues trades route over (Grove first); [] where the network has none. */
  venues: readonly VenueRef[]
  /** Ids of the tokens the market offers: its pools' (the DEX's and the stable pools'), the chain's well-known ones and the extras (ALGO too). */
  listed: ReadonlySet<number>
  /** Why the pools could not be read, in words. */
  poolsError: string | null
  tokens: ReadonlyMap<number, Token>
  verified: ReadonlySet<number>
  holdings: Holdings | undefined
  /** Every known token with its verified flag and the user's balance, for a selector. */
  options: TokenOption[]
}

/** The tokens `pools` hold (the DEX's and the stable pools'), by id. */
export function pooledTokens(...pools: readonly (readonly { a: bigint; b: bigint }[])[]): Set<number> {
  const ids = new Set<number>()
  for (const p of pools.flat()) {
    ids.add(Number(p.a))
    ids.add(Number(p.b))
  }
  return ids
}

/**
 * Reads the market; `extraTokens` are ids to describe besides the pools' (imports, picks). A page
 * that trades on every venue passes the network's `venues` (useNetworkVenues); without them the
 * market is Grove's alone.
 */
export function useMarket(algod: AlgodConfig, deployment: Deployment | null, address: string | null, extraTokens: readonly number[] = [], venues?: NetworkVenues): Market {
  const tinymanAlone = deployment === null && venues?.tinyman != null
  const sdk = useQuery({ ...sdkQuery(), enabled: deployment !== null || tinymanAlone })
  const pools = useQuery({ ...poolsQuery(algod, deployment), enabled: deployment !== null })
  const stablePools = useQuery(stablePoolsQuery(algod, deployment))
  const verified = useQuery({ ...verifiedTokensQuery(algod, deployment?.registryAppId ?? 0), enabled: deployment !== null })
  const holdings = useQuery({ ...accountQuery(algod, address ?? ''), enabled: address !== null })

  const wellKnown = venues?.tinyman ? venues.wellKnown : []
  const ids = new Set<number>([...wellKnown, ...extraTokens, ...pooledTokens(pools.data ?? [], stablePools.data ?? [])])
  const listed = new Set([ALGO.id, ...ids])
  ids.delete(ALGO.id)
  const described = useQueries({ queries: [...ids].sort((x, y) => x - y).map((id) => tokenQuery(algod, id)) })
  const tokens = new Map<number, Token>([[ALGO.id, ALGO]])
  for (const q of described) if (q.data) tokens.set(q.data.id, q.data)

  // where Grove's registry is not there to vouch, the well-known table is the verified list
  const verifiedSet = new Set([...(verified.data ?? [ALGO.id]), ...wellKnown])
  const options = [...tokens.values()].map((token) => ({ token, verified: verifiedSet.has(token.id), balance: balanceOf(holdings.data, token.id) }))
  return {
    sdk: sdk.data ?? null,
    pools: tinymanAlone ? [] : pools.data,
    venues: venues?.venues ?? networkVenues(deployment, null),
    listed,
    poolsError: pools.error ? pools.error.message : sdk.error ? 'The trading code could not be loaded. Reload the page to try again.' : null,
    tokens,
    verified: verifiedSet,
    holdings: holdings.data,
    options,
  }
}
