// One token's facts as both project pages show them: its parameters, its locks, the creator's
// holding, the % of supply locked, and its market from the DEX's pools.
import { useQuery } from '@tanstack/react-query'
import { accountQuery } from '@/lib/account/account.ts'
import { assetLocksQuery, lockedUnwithdrawn, supplyLockedPercent } from '@/lib/locks/locks.ts'
import { poolsQuery } from '@/lib/pools/pools.ts'
import { useProtocol } from '@/lib/protocol.ts'
import { assetQuery } from '@/lib/tokens/asset.ts'
import { tokenMarket } from '../derive-projects.ts'

/** Reads what the chain knows of `assetId` and derives its market and % locked (null until all is read). */
export function useTokenFacts(assetId: number) {
  const { algod, deployment } = useProtocol()
  const asset = useQuery(assetQuery(algod, String(assetId)))
  const locks = useQuery({ ...assetLocksQuery(algod, deployment?.lockAppId ?? 0, assetId), enabled: !!deployment?.lockAppId })
  const creator = useQuery({ ...accountQuery(algod, asset.data?.creator ?? ''), enabled: !!asset.data?.creator })
  const pools = useQuery({ ...poolsQuery(algod, deployment?.dexAppId ?? 0), enabled: !!deployment })
  const creatorHolding = creator.data ? (creator.data.assets.get(assetId) ?? 0n) : null
  const percent = asset.data && locks.data && creatorHolding !== null ? supplyLockedPercent(locks.data, asset.data.total, creatorHolding) : undefined
  const market = asset.data && pools.data ? tokenMarket(pools.data, assetId, asset.data.decimals) : null
  return { asset, locks, pools, creatorHolding, percent, locked: locks.data ? lockedUnwithdrawn(locks.data) : null, market }
}
