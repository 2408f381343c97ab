// ARC-56 helpers shared by every contract's module: ABI objects and struct types from a spec.
import { ABIContract } from 'algosdk'
import type { ABIMethod, ABITupleType } from 'algosdk'
import { getABITupleTypeFromABIStructDefinition } from '@algorandfoundation/algokit-utils/types/app-arc56'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'

/** A contract's methods as algosdk ABI objects. */
export function abiContract(spec: Arc56Contract): ABIContract {
  return new ABIContract({
    name: spec.name,
    methods: spec.methods.map((m) => ({ name: m.name, desc: m.desc, args: m.args.map((a) => ({ name: a.name, type: a.type })), returns: { type: m.returns.type } })),
  })
}

/** A lookup of a contract's methods by name. */
export function methodLookup(contract: ABIContract): (name: string) => ABIMethod {
  return (name) => contract.getMethodByName(name)
}

/** The ABI tuple type of an ARC-56 struct, e.g. `(uint64,…,uint256,uint64)` for PoolState. */
export function structType(spec: Arc56Contract, name: string): ABITupleType {
  const fields = spec.structs[name]
  if (!fields) throw new Error(`${spec.name} has no struct ${name}`)
  return getABITupleTypeFromABIStructDefinition(fields, spec.structs)
}

/** The field names of an ARC-56 struct, in order. */
export const structFields = (spec: Arc56Contract, name: string): string[] => (spec.structs[name] ?? []).map((f) => f.name)
