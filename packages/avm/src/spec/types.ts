// Shapes of the opcode spec table. The table itself is generated from go-algorand's
// langspec_v1..v13.json (see scripts/gen-spec.ts); everything in the AVM reads it.

/** A stack type name as langspec writes it: 'uint64', '[]byte', 'any', 'bool', 'address', '[32]byte', 'boxName', ... */
export type StackTypeName = string

/** How an immediate argument is encoded in the bytecode (langspec `ImmediateNote[].Encoding`). */
export type ImmediateEncoding =
  | 'uint8'
  | 'int8'
  | 'varuint'
  | 'varint (zigzag)'
  | 'int16 (big-endian)'
  | 'varuint length, bytes'
  | 'varuint count, [varuint ...]'
  | 'varuint count, [varuint length, bytes ...]'
  | 'varuint count, [int16 (big-endian) ...]'

export interface ImmediateSpec {
  name: string
  comment: string
  encoding: ImmediateEncoding
  /** Name of the field group this immediate indexes ('txn Fields', 'ECDSA Curves', ...), if any. */
  reference?: string
}

/** One named field of a field group (txn Fields, global Fields, EC Groups, ...). */
export interface FieldSpec {
  name: string
  /** Byte value in the bytecode (langspec `ByteEncoding`). */
  value: number
  type?: StackTypeName
  /** AVM version the field was introduced in (defaults to the op's own version). */
  version: number
  /** 1 = signature, 2 = application, 3 = both. */
  modes: number
  doc: string
}

/**
 * Static cost of an op at a version. `perField` costs depend on the immediate field,
 * `chunk` costs add `perChunk` for every `chunkSize` bytes (rounded up) of stack argument
 * `arg` (0 = A, deepest of the op's arguments).
 */
export type CostSpec =
  | { kind: 'fixed'; cost: number }
  | { kind: 'chunk'; base: number; perChunk: number; chunkSize: number; arg: number }
  | { kind: 'perField'; byField: Record<string, Exclude<CostSpec, { kind: 'perField' }>> }

export interface OpSpec {
  /** The opcode byte; for a multi-byte opcode, its prefix byte. */
  opcode: number
  /** Second byte of a multi-byte opcode (v13's app_box_* share prefix 0xd4); absent otherwise. */
  subOpcode?: number
  name: string
  args: StackTypeName[]
  returns: StackTypeName[]
  /** Instruction size in bytes including the opcode; 0 when variable. */
  size: number
  cost: CostSpec
  /** langspec's DocCost text, for docs and errors. */
  docCost: string
  /** 1 = signature, 2 = application, 3 = both. */
  modes: number
  introduced: number
  immediates: ImmediateSpec[]
  groups: string[]
  doc: string
}
