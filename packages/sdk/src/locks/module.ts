// The Locks app as one object (spec, error row, Action union with prepare, readers, events), over the
// one context (core/context.ts).
import type { Address } from 'algosdk'
import type { GroveContext, GroveReader, PreparedGroup } from '../core/context.ts'
import { CONTRACT_ERRORS, explainError } from '../errors.ts'
import { prepareLockAction, type LockAction } from './actions.ts'
import { LOCKS_SPEC } from './spec.ts'
import { decodeLockEvents } from './events.ts'
import { fetchLock, fetchLockFees, listLocksByAsset, listLocksByOwner } from './listing.ts'

/** The Locks app: its spec, error row, actions, readers and events. */
export const locksContract = {
  name: 'Locks',
  spec: LOCKS_SPEC,
  errors: CONTRACT_ERRORS.Locks,
  /** Builds an action's group, ready to simulate and sign (a new lock's id beside it). */
  async prepare(ctx: GroveContext, action: LockAction): Promise<PreparedGroup & { lockId?: bigint }> {
    return { ...(await prepareLockAction(ctx, action)), minBalance: 0n }
  },
  /** A failure in words, the Locks app's codes first. */
  explain: (error: unknown, ids?: Partial<GroveReader['ids']>) => explainError(error, [{ spec: LOCKS_SPEC, appId: ids?.lockAppId }]),
  decodeEvents: decodeLockEvents,
  readers: {
    /** One lock; undefined when there is none. */
    lock: (r: GroveReader, id: bigint) => fetchLock(r.algod, r.ids.lockAppId, id),
    /** The locks an owner holds. */
    byOwner: (r: GroveReader, owner: string | Address) => listLocksByOwner(r.algod, r.ids.lockAppId, owner),
    /** A liquidity lock's fee box (its pool, level, collector, fees claimed); undefined for another lock. */
    fees: (r: GroveReader, id: bigint) => fetchLockFees(r.algod, r.ids.lockAppId, id),
    /** Every lock of an asset. */
    byAsset: (r: GroveReader, asset: bigint) => listLocksByAsset(r.algod, r.ids.lockAppId, asset),
  },
} as const
