// The DEX and registry interfaces as @grove/contracts builds them (ARC-56): the one source for
// method signatures, the pool box layout, event signatures and error messages by pc.
import { ABIContract } from 'algosdk'
import type { ABIMethod, ABITupleType } from 'algosdk'
import { getABITupleTypeFromABIStructDefinition } from '@algorandfoundation/algokit-utils/types/app-arc56'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
// The JSON artifacts rather than the package's index: the generated clients it re-exports are not
// needed here and would ship algokit's client classes to every SDK user.
import DEX_ARC56 from '@grove/contracts/artifacts/Dex.arc56.json' with { type: 'json' }
import REGISTRY_ARC56 from '@grove/contracts/artifacts/Registry.arc56.json' with { type: 'json' }

/** The DEX's ARC-56 specification. */
export const DEX_SPEC = DEX_ARC56 as unknown as Arc56Contract
/** The registry's ARC-56 specification. */
export const REGISTRY_SPEC = REGISTRY_ARC56 as unknown as Arc56Contract

/** The DEX's methods as algosdk ABI objects. */
export const DEX_CONTRACT = new ABIContract({
  name: DEX_SPEC.name,
  methods: DEX_SPEC.methods.map((m) => ({ name: m.name, desc: m.desc, args: m.args.map((a) => ({ name: a.name, type: a.type })), returns: { type: m.returns.type } })),
})

/** The DEX method called `name`. */
export const dexMethod = (name: string): ABIMethod => DEX_CONTRACT.getMethodByName(name)

/** The ABI tuple type of an ARC-56 struct, e.g. `(uint64,…,uint256,uint64)` for PoolState. */
export function structType(spec: Arc56Contract, name: string): ABITupleType {
  const fields = spec.structs[name]
  if (!fields) throw new Error(`${spec.name} has no struct ${name}`)
  return getABITupleTypeFromABIStructDefinition(fields, spec.structs)
}

/** The field names of an ARC-56 struct, in order. */
export const structFields = (spec: Arc56Contract, name: string): string[] => (spec.structs[name] ?? []).map((f) => f.name)
