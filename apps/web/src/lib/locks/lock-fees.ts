// A liquidity lock's fee box and its pool, read together: what claimFees would send now is the SDK's
// claimFees over them (the contract's own rounding), shown on the lock's card and before the review
// simulates it. A stable pool's lock reads the Stable app's pool, whose level is D/S (stablePoolLevel).
import { queryOptions } from '@tanstack/react-query'
import type * as GroveSdkModule from '@grove/sdk'
import type { Deployment } from '../deployment.ts'
import type { AlgodConfig } from '../networks.ts'
import { withReader } from '../tx/sdk.ts'
import { locksKey } from './locks.ts'

/** A liquidity lock's fee box and its pool now (null: no fee box, not a liquidity lock): the DEX's `pool`, or a stable pool's `stablePool`. */
export interface LockFeesRead {
  fees: GroveSdkModule.LockFees
  pool: GroveSdkModule.Pool | undefined
  stablePool?: GroveSdkModule.stable.StablePoolState
}

/** The one query of lock `id`'s fee box and pool (`stable`: the lock's LP token is a stable pool's). */
export function lockFeesQuery(algod: AlgodConfig, deployment: Deployment | null, id: bigint, stable = false) {
  return queryOptions({
    queryKey: [...locksKey(algod, deployment?.lockAppId ?? 0), 'fees', String(id), stable],
    queryFn: () =>
      withReader(algod, deployment!, async (sdk, r): Promise<LockFeesRead | null> => {
        const fees = await sdk.locksContract.readers.fees(r, id)
        if (!fees) return null
        if (stable) return { fees, pool: undefined, stablePool: await sdk.stableContract.readers.pool(r, fees.a, fees.b, fees.tier) }
        return { fees, pool: await sdk.dexContract.readers.pool(r, fees.a, fees.b, fees.tier) }
      }),
    enabled: deployment !== null,
    staleTime: 5_000,
    retry: 1,
  })
}

/** LP units a claim would send at time `now` (0: nothing to claim yet). */
export function claimableNow(sdk: Pick<typeof GroveSdkModule, 'claimFees' | 'poolLevel' | 'stablePoolLevel'>, lock: GroveSdkModule.Lock, read: LockFeesRead, now: bigint): bigint {
  if (read.stablePool) return sdk.claimFees(lock, read.fees.level, sdk.stablePoolLevel(read.stablePool, 'now', now).level, now).units
  if (!read.pool) return 0n
  return sdk.claimFees(lock, read.fees.level, sdk.poolLevel(read.pool, 'now'), now).units
}
