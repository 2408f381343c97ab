// The DEX's interface as @grove/contracts builds it (ARC-56): method signatures, the pool box
// layout, event signatures and error messages by pc.
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
// The JSON artifact rather than the package's index: the generated clients it re-exports are not
// needed here and would ship algokit's client classes to every SDK user.
import DEX_ARC56 from '@grove/contracts/artifacts/Dex.arc56.json' with { type: 'json' }
import type { DexTypes } from '@grove/contracts/clients/DexClient.ts'
import { methodCaller } from '../core/arc56.ts'

/** The DEX's ARC-56 specification. */
export const DEX_SPEC = DEX_ARC56 as unknown as Arc56Contract

/** A typed DEX method call: name and arguments checked against the generated DexClient. */
export const dexCall = methodCaller<DexTypes['methods']>(DEX_SPEC)
