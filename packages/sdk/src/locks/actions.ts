// What a lock's owner (or its proposed owner) can do, as one union, and the one function that
// builds each action's group (registry/admin.ts's shape).
import type { GroveContext } from '../core/context.ts'
import type { Lock, LockFees } from './boxes.ts'
import {
  buildAcceptOwner,
  buildCancelOwner,
  buildClaimFees,
  buildClose,
  buildExtend,
  buildLock,
  buildMerge,
  buildProposeOwner,
  buildSetCollector,
  buildSplit,
  buildTopUp,
  buildWithdraw,
  type LockPool,
  type LocksGroup,
} from './transactions.ts'

/** An action on the Locks app (the sender is the context's). */
export type LockAction =
  /** A Grove LP token is locked with its pool's level (found from the DEX's pools when `pool` is omitted). */
  | { kind: 'lock'; asset: bigint; amount: bigint; cliff: bigint; end: bigint; pool?: LockPool }
  | { kind: 'withdraw'; lock: Lock }
  | { kind: 'extend'; lock: Lock; end: bigint }
  /** A liquidity lock's top-up names its fee box (`fees`). */
  | { kind: 'top-up'; lock: Lock; amount: bigint; fees?: LockFees }
  | { kind: 'propose'; lock: Lock; newOwner: string }
  | { kind: 'cancel'; lock: Lock }
  | { kind: 'accept'; lock: Lock }
  /** A fully withdrawn lock, by its owner or creator: the boxes go, their deposit returns to the creator. */
  | { kind: 'close'; lock: Lock }
  /** A liquidity lock's fees, by its owner or collector, to the collector. */
  | { kind: 'claim-fees'; lock: Lock; fees: LockFees }
  /** The owner names a liquidity lock's fee collector. */
  | { kind: 'set-collector'; lock: Lock; collector: string }
  /** `amount` still-locked units into a new lock (same terms). */
  | { kind: 'split'; lock: Lock; amount: bigint; nonce?: bigint }
  /** `from` joins `into` (one owner, one asset, a schedule `into` keeps: mergeLocks). */
  | { kind: 'merge'; into: Lock; from: Lock }

/** Builds a lock action's group, ready to simulate and sign. */
export function prepareLockAction(ctx: GroveContext, action: LockAction): Promise<LocksGroup> {
  switch (action.kind) {
    case 'lock':
      return buildLock(ctx, action)
    case 'withdraw':
      return buildWithdraw(ctx, action.lock)
    case 'extend':
      return buildExtend(ctx, action.lock.id, action.end)
    case 'top-up':
      return buildTopUp(ctx, action.lock, action.amount, action.lock.liquidity && action.fees ? { ...action.fees, stable: action.lock.stable } : undefined)
    case 'propose':
      return buildProposeOwner(ctx, action.lock.id, action.newOwner)
    case 'cancel':
      return buildCancelOwner(ctx, action.lock.id)
    case 'accept':
      return buildAcceptOwner(ctx, action.lock)
    case 'close':
      return buildClose(ctx, action.lock)
    case 'claim-fees':
      return buildClaimFees(ctx, action.lock, action.fees)
    case 'set-collector':
      return buildSetCollector(ctx, action.lock.id, action.collector)
    case 'split':
      return buildSplit(ctx, action.lock, action.amount, action.nonce)
    case 'merge':
      return buildMerge(ctx, action.into, action.from)
  }
}
