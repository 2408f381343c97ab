// The active account's locks, listed through the SDK's locks module (owner index boxes), with what
// is locked and withdrawable now.
import { queryOptions } from '@tanstack/react-query'
import { algodKey } from '@/lib/algod.ts'
import type { AlgodConfig } from '@/lib/networks.ts'
import type { LockHolding } from '../portfolio.ts'

/** The one query for an owner's locks as the overview values them. */
export function ownerLocksQuery(algod: AlgodConfig, lockAppId: number, owner: string) {
  return queryOptions({
    queryKey: [...algodKey(algod), 'locks-by-owner', lockAppId, owner],
    queryFn: async (): Promise<LockHolding[]> => {
      const [sdk, algosdk] = await Promise.all([import('@grove/sdk'), import('algosdk')])
      const locks = await sdk.listLocksByOwner(new algosdk.Algodv2(algod.token, algod.server, algod.port), BigInt(lockAppId), owner)
      const now = BigInt(Math.floor(Date.now() / 1000))
      return locks.map((l) => ({ id: l.id, asset: l.asset, owed: l.amount - l.withdrawn, locked: sdk.lockedAt(l, now), withdrawable: sdk.withdrawableAt(l, now) }))
    },
    staleTime: 10_000,
    retry: 1,
  })
}
