// The Stable app's interface as @grove/contracts builds it (ARC-56): methods, the pool box's struct,
// events and error messages by pc.
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import STABLE_ARC56 from '@grove/contracts/artifacts/Stable.arc56.json' with { type: 'json' }
import type { StableTypes } from '@grove/contracts/clients/StableClient.ts'
import { methodCaller } from '../core/arc56.ts'

/** The Stable app's ARC-56 specification. */
export const STABLE_SPEC = STABLE_ARC56 as unknown as Arc56Contract

/** A typed Stable method call: name and arguments checked against the generated StableClient. */
export const stableCall = methodCaller<StableTypes['methods']>(STABLE_SPEC)
