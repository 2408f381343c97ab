// One token's facts as both project pages show them: its parameters, its locks, the creator's
// holding, the % of supply locked (the SDK's supplyLocked: what is still unvested at the chain's
// now), and its market: every pool holding it, Grove's from algod and Tinyman's from the analytics
// service, and their liquidity by the SDK's one rule.
import { useQueries, useQuery } from '@tanstack/react-query'
import { accountQuery } from '@/lib/account/account.ts'
import { useAnalyticsPools, useAnalyticsUrl } from '@/lib/analytics/queries.ts'
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
  // algod lists Grove's pools alone; Tinyman's come from the analytics service when it runs
  const url = useAnalyticsUrl()
  const analytics = useAnalyticsPools(deployment ? url : null)
  const tinyman = analytics.data ?? []
  /** Whether Tinyman's pools are counted: false without the service, or when it failed. */
  const tinymanRead = analytics.isSuccess
  const waitingForTinyman = deployment !== null && url !== null && analytics.isPending
  const creatorHolding = creator.data ? (creator.data.assets.get(assetId) ?? 0n) : null
  const { now } = useChainNow()
  const supply = asset.data && locks.data && creatorHolding !== null && now !== null ? supplyLocked(locks.data, now, asset.data.total, creatorHolding) : undefined
  // every pool's tokens, so the price can follow any route to ALGO or the stable coin (as analytics prices it), and each pool is valued
  const ids = [...new Set([...(pools.data ?? []).flatMap((p) => [Number(p.a), Number(p.b)]), ...tinyman.flatMap((p) => [p.assetA.id, p.assetB.id])])].filter((id) => id !== 0).sort((x, y) => x - y)
  const described = useQueries({ queries: ids.map((id) => tokenQuery(algod, id)) })
  const tokens = new Map<number, Token>([[0, ALGO]])
  for (const q of described) if (q.data) tokens.set(q.data.id, q.data)
  // priced by Grove's pools, as the analytics service prices every venue's where Grove is deployed
  const figures = pools.data ? figuresOf(pools.data, tokens, stableToken(tokens, network.id, deployment)) : null
  // a pool whose tokens are not described yet has no value: wait for them rather than show a part
  const allDescribed = described.every((q) => !q.isPending)
  const market = asset.data && pools.data && figures && !waitingForTinyman && allDescribed ? tokenMarket(pools.data, tinyman, assetId, figures) : null
  /** One whole token's price, USD first and ALGO second (the SDK's figures, any route). */
  const price = asset.data && figures ? figures.value(assetId, 10n ** BigInt(asset.data.decimals)) : null
  return { asset, locks, pools, creatorHolding, percent: supply?.percent, locked: supply?.unvested ?? null, market, tinymanRead, price }
}
