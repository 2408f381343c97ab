// ARC-56 helpers shared by every contract's module: ABI objects and struct types from a spec.
import { ABIContract } from 'algosdk'
import type { ABIMethod, ABITupleType, ABIValue } from 'algosdk'
import { getABITupleTypeFromABIStructDefinition } from '@algorandfoundation/algokit-utils/types/app-arc56'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import type { AppMethodCallTransactionArgument } from '@algorandfoundation/algokit-utils/types/composer'
import type { TxnArg } from './group.ts'

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

/** A generated client's method table (`DexTypes['methods']`…): each method by name and by signature. */
export type MethodTable = Record<string, { argsTuple: readonly unknown[] }>

/** A method's plain name (the table keys each method by its signature too). */
export type MethodName<M extends MethodTable> = { [K in keyof M & string]: K extends `${string}(${string}` ? never : K }[keyof M & string]

/** A transaction argument as the group builder takes it (a transfer made afresh per build); other arguments as the client types them. */
type ArgOf<T> = [Exclude<T, undefined>] extends [AppMethodCallTransactionArgument] ? TxnArg : T

/** A method's argument tuple, from the generated client: a wrong count or type fails to compile. */
export type MethodArgs<M extends MethodTable, N extends keyof M> = ArgsOf<M[N]['argsTuple']>
type ArgsOf<T extends readonly unknown[]> = { -readonly [I in keyof T]: ArgOf<T[I]> }

/** A method and its arguments, as `GroupBuilder.addMethodCall` takes them. */
export interface TypedCall {
  method: ABIMethod
  args: (ABIValue | TxnArg)[]
}

/**
 * A contract's typed method calls: `call('swapExactIn', [input, assetOut, minOut])` checks the name and
 * each argument against the generated client's tuple (`M`), then looks the method up in the spec.
 */
export function methodCaller<M extends MethodTable>(spec: Arc56Contract): <N extends MethodName<M>>(name: N, args: MethodArgs<M, N>) => TypedCall {
  const lookup = methodLookup(abiContract(spec))
  // the tuple's types are ABI values or transfers by construction (MethodArgs)
  return (name, args) => ({ method: lookup(name), args: args as unknown as (ABIValue | TxnArg)[] })
}
