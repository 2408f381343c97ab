// One token's facts as both project pages show them: its parameters, its locks, the creator's
// holding, the % of supply locked (the SDK's supplyLocked: what is still unvested at the chain's
// now), and its market from the DEX's pools.
import { useQueries, useQuery } from '@tanstack/react-query'
import { accountQuery } from '@/lib/account/account.ts'
import { supplyLocked } from '@grove/sdk/figures'
import { assetLocksQuery, useChainNow } from '@/lib/locks/locks.ts'
import { figuresOf, stableToken } from '@/lib/pools/figures.ts'
import { poolsQuery } from '@/lib/pools/pools.ts'
import { ALGO, tokenQuery, type Token } from '@/lib/tokens/tokens.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { assetQuery } from '@/lib/tokens/asset.ts'
import { tokenMarket } from '../derive-projects.ts'

/** Reads what the chain knows of `assetId` and derives its market and % locked (null until all is read). */
export function useTokenFacts(assetId: number) {
  const { algod, deployment, network } = useProtocol()
  const asset = useQuery(assetQuery(algod, String(assetId)))
  const locks = useQuery({ ...assetLocksQuery(algod, deployment, assetId), enabled: !!deployment?.lockAppId })
  const creator = useQuery({ ...accountQuery(algod, asset.data?.creator ?? ''), enabled: !!asset.data?.creator })
  const pools = useQuery({ ...poolsQuery(algod, deployment), enabled: !!deployment })
  const creatorHolding = creator.data ? (creator.data.assets.get(assetId) ?? 0n) : null
  const { now } = useChainNow()
  const supply = asset.data && locks.data && creatorHolding !== null && now !== null ? supplyLocked(locks.data, now, asset.data.total, creatorHolding) : undefined
  const market = asset.data && pools.data ? tokenMarket(pools.data, assetId, asset.data.decimals) : null
  // every pool's tokens, so the price can follow any route to ALGO or the stable coin (as analytics prices it)
  const ids = [...new Set((pools.data ?? []).flatMap((p) => [Number(p.a), Number(p.b)]))].filter((id) => id !== 0).sort((x, y) => x - y)
  const described = useQueries({ queries: ids.map((id) => tokenQuery(algod, id)) })
  const tokens = new Map<number, Token>([[0, ALGO]])
  for (const q of described) if (q.data) tokens.set(q.data.id, q.data)
  /** One whole token's price, USD first and ALGO second (the SDK's figures, any route). */
  const price = asset.data && pools.data ? figuresOf(pools.data, tokens, stableToken(tokens, network.id, deployment)).value(assetId, 10n ** BigInt(asset.data.decimals)) : null
  return { asset, locks, pools, creatorHolding, percent: supply?.percent, locked: supply?.unvested ?? null, market, price }
}
