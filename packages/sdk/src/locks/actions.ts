// What a lock's owner (or its proposed owner) can do, as one union, and the one function that
// builds each action's group (registry/admin.ts's shape).
import type { GroveContext } from '../core/context.ts'
import type { Lock } from './boxes.ts'
import { buildAcceptOwner, buildCancelOwner, buildClose, buildExtend, buildLock, buildProposeOwner, buildTopUp, buildWithdraw, type LocksGroup } from './transactions.ts'

/** An action on the Locks app (the sender is the context's). */
export type LockAction =
  | { kind: 'lock'; asset: bigint; amount: bigint; cliff: bigint; end: bigint }
  | { kind: 'withdraw'; lock: Lock }
  | { kind: 'extend'; lock: Lock; end: bigint }
  | { kind: 'top-up'; lock: Lock; amount: bigint }
  | { kind: 'propose'; lock: Lock; newOwner: string }
  | { kind: 'cancel'; lock: Lock }
  | { kind: 'accept'; lock: Lock }
  /** A fully withdrawn lock, by its owner or creator: the boxes go, their deposit returns to the creator. */
  | { kind: 'close'; lock: Lock }

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
      return buildTopUp(ctx, action.lock, action.amount)
    case 'propose':
      return buildProposeOwner(ctx, action.lock.id, action.newOwner)
    case 'cancel':
      return buildCancelOwner(ctx, action.lock.id)
    case 'accept':
      return buildAcceptOwner(ctx, action.lock)
    case 'close':
      return buildClose(ctx, action.lock)
  }
}
