// The Locks app's ARC-28 events, decoded by its ARC-56 spec.
import { decodeEventsWith, eventDecoders, type EventOf } from '../core/events.ts'
import { LOCKS_SPEC } from './spec.ts'

/** Arguments of each Locks event. */
export interface LockEventArgs {
  Locked: { id: bigint; owner: string; asset: bigint; amount: bigint; cliff: bigint; end: bigint; liquidity: boolean }
  Withdrawn: { id: bigint; owner: string; amount: bigint }
  Extended: { id: bigint; cliff: bigint; end: bigint }
  ToppedUp: { id: bigint; amount: bigint; total: bigint }
  /** pendingOwner is the zero address when the owner cancelled. */
  OwnershipProposed: { id: bigint; owner: string; pendingOwner: string }
  OwnershipAccepted: { id: bigint; previousOwner: string; owner: string }
  /** A fully withdrawn lock's boxes were deleted; `refund` µALGO went back to its creator. */
  Closed: { id: bigint; owner: string; creator: string; refund: bigint }
  /** A liquidity lock's fees: `units` LP units to `to`; `remaining` units stay locked at `level` (ℓ·2^64). */
  FeesClaimed: { id: bigint; to: string; units: bigint; remaining: bigint; level: bigint }
  /** `amount` units of lock `id` became lock `newId` (same owner, asset and terms). */
  Split: { id: bigint; newId: bigint; amount: bigint }
  /** Lock `from` (its `amount` units) joined lock `into`; `refund` µALGO went back to `from`'s creator. */
  Merged: { into: bigint; from: bigint; amount: bigint; refund: bigint }
  /** A liquidity lock's fee collector (the zero address: the owner). */
  CollectorSet: { id: bigint; collector: string }
}

/** A decoded Locks event. */
export type LockEvent = EventOf<LockEventArgs>

const DECODERS = eventDecoders(LOCKS_SPEC)

/** The Locks events among a transaction's logs, in order (addresses as strings). */
export function decodeLockEvents(logs: readonly Uint8Array[]): LockEvent[] {
  return decodeEventsWith<LockEvent>(logs, DECODERS)
}
