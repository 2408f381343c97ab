// The registry's interface as @grove/contracts builds it (ARC-56).
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import REGISTRY_ARC56 from '@grove/contracts/artifacts/Registry.arc56.json' with { type: 'json' }
import type { RegistryTypes } from '@grove/contracts/clients/RegistryClient.ts'
import { methodCaller } from '../core/arc56.ts'

/** The registry's ARC-56 specification. */
export const REGISTRY_SPEC = REGISTRY_ARC56 as unknown as Arc56Contract

/** A typed registry method call: name and arguments checked against the generated RegistryClient. */
export const registryCall = methodCaller<RegistryTypes['methods']>(REGISTRY_SPEC)
