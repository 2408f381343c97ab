// The DEX's interface as @grove/contracts builds it (ARC-56): method signatures, the pool box
// layout, event signatures and error messages by pc.
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
// The JSON artifact rather than the package's index: the generated clients it re-exports are not
// needed here and would ship algokit's client classes to every SDK user.
import DEX_ARC56 from '@grove/contracts/artifacts/Dex.arc56.json' with { type: 'json' }
import type { DexTypes } from '@grove/contracts/clients/DexClient.ts'
import { abiContract, methodCaller, methodLookup } from '../core/arc56.ts'

/** The DEX's ARC-56 specification. */
export const DEX_SPEC = DEX_ARC56 as unknown as Arc56Contract

/** The DEX's methods as algosdk ABI objects. */
export const DEX_CONTRACT = abiContract(DEX_SPEC)

/** The DEX method called `name`. */
export const dexMethod = methodLookup(DEX_CONTRACT)

/** A typed DEX method call: name and arguments checked against the generated DexClient. */
export const dexCall = methodCaller<DexTypes['methods']>(DEX_SPEC)
