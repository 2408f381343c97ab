// The market a trading page reads: the SDK (loaded on demand), the DEX's pools, the tokens
// they hold with the registry's verified flags, and the connected account's holdings.
import { useQueries, useQuery } from '@tanstack/react-query'
import type { Deployment } from '../deployment.ts'
import type { AlgodConfig } from '../networks.ts'
import { accountQuery, balanceOf, type Holdings } from '../account/account.ts'
import { ALGO, tokenQuery, verifiedTokensQuery, type Token } from '../tokens/tokens.ts'
import { sdkQuery, type GroveSdk, type Pool } from '../tx/sdk.ts'
import { poolsQuery } from './pools.ts'

/** A token with what the selector shows beside it. */
export interface TokenOption {
  token: Token
  verified: boolean
  /** The user's balance; undefined when not opted in or not connected. */
  balance?: bigint
}

/** Everything a trading page derives from. */
export interface Market {
  /** The SDK; null while it loads (or when Grove is not deployed). */
  sdk: GroveSdk | null
  pools: Pool[] | undefined
  /** Why the pools could not be read, in words. */
  poolsError: string | null
  tokens: ReadonlyMap<number, Token>
  verified: ReadonlySet<number>
  holdings: Holdings | undefined
  /** Every known token with its verified flag and the user's balance, for a selector. */
  options: TokenOption[]
}

/** Reads the market; `extraTokens` are ids to describe besides the pools' (imports, picks). */
export function useMarket(algod: AlgodConfig, deployment: Deployment | null, address: string | null, extraTokens: readonly number[] = []): Market {
  const sdk = useQuery({ ...sdkQuery(), enabled: deployment !== null })
  const pools = useQuery({ ...poolsQuery(algod, deployment), enabled: deployment !== null })
  const verified = useQuery({ ...verifiedTokensQuery(algod, deployment?.registryAppId ?? 0), enabled: deployment !== null })
  const holdings = useQuery({ ...accountQuery(algod, address ?? ''), enabled: address !== null })

  const ids = new Set<number>(extraTokens)
  for (const p of pools.data ?? []) {
    ids.add(Number(p.a))
    ids.add(Number(p.b))
  }
  ids.delete(ALGO.id)
  const described = useQueries({ queries: [...ids].sort((x, y) => x - y).map((id) => tokenQuery(algod, id)) })
  const tokens = new Map<number, Token>([[ALGO.id, ALGO]])
  for (const q of described) if (q.data) tokens.set(q.data.id, q.data)

  const verifiedSet = verified.data ?? new Set([ALGO.id])
  const options = [...tokens.values()].map((token) => ({ token, verified: verifiedSet.has(token.id), balance: balanceOf(holdings.data, token.id) }))
  return {
    sdk: sdk.data ?? null,
    pools: pools.data,
    poolsError: pools.error ? pools.error.message : sdk.error ? 'The trading code could not be loaded. Reload the page to try again.' : null,
    tokens,
    verified: verifiedSet,
    holdings: holdings.data,
    options,
  }
}
