// The Locks app's interface as @grove/contracts builds it (ARC-56): methods, the lock box's struct,
// events and error messages by pc.
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import LOCKS_ARC56 from '@grove/contracts/artifacts/Locks.arc56.json' with { type: 'json' }
import type { LocksTypes } from '@grove/contracts/clients/LocksClient.ts'
import { methodCaller } from '../core/arc56.ts'

/** The Locks app's ARC-56 specification. */
export const LOCKS_SPEC = LOCKS_ARC56 as unknown as Arc56Contract

/** A typed Locks method call: name and arguments checked against the generated LocksClient. */
export const locksCall = methodCaller<LocksTypes['methods']>(LOCKS_SPEC)
