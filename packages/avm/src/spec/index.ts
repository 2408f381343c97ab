// The one opcode table. Assembler, disassembler, evaluator and cost accounting all read it;
// the data is generated from go-algorand's langspec (see scripts/gen-spec.ts).
import { FIELD_GROUPS, GENERATED_MAX_VERSION, NAMED_TYPES, OP_ROWS } from './langspec.generated.ts'
import type { NamedType } from './langspec.generated.ts'
import type { FieldSpec, OpSpec } from './types.ts'

export type { CostSpec, FieldSpec, ImmediateEncoding, ImmediateSpec, OpSpec, StackTypeName } from './types.ts'
export type { NamedType } from './langspec.generated.ts'

/** Highest AVM version the table describes (14 = vFuture: v13 + sumhash512). */
export const MAX_VERSION: number = GENERATED_MAX_VERSION

/**
 * The ops of one AVM version, indexed by opcode byte and by name. Multi-byte opcodes (v13's
 * app_box_* under prefix 0xd4) are not in `byOpcode`: `subOps[prefix][sub]` holds them, so
 * decode with `opAt`, which handles both.
 */
export interface OpTable {
  version: number
  byOpcode: (OpSpec | undefined)[]
  byName: Map<string, OpSpec>
  subOps: ((OpSpec | undefined)[] | undefined)[]
}

const tables: (OpTable | undefined)[] = []

/** The op table of `version`; version 0 is an alias of v1 (as in go), out-of-range is empty. */
export function opsFor(version: number): OpTable {
  const cached = tables[version]
  if (cached) return cached
  const v = version === 0 ? 1 : version
  const table: OpTable = {
    version,
    byOpcode: new Array<OpSpec | undefined>(256).fill(undefined),
    byName: new Map(),
    subOps: new Array<(OpSpec | undefined)[] | undefined>(256).fill(undefined),
  }
  for (const row of OP_ROWS) {
    if (v < row.from || v > row.to) continue
    const { from: _from, to: _to, ...spec } = row
    if (spec.subOpcode !== undefined) (table.subOps[spec.opcode] ??= [])[spec.subOpcode] = spec
    else table.byOpcode[spec.opcode] = spec
    table.byName.set(spec.name, spec)
  }
  tables[version] = table
  return table
}

/** The op whose opcode starts at `program[pc]`, or undefined (see `opSpecError`). */
export function opAt(table: OpTable, program: Uint8Array, pc: number): OpSpec | undefined {
  const byte = program[pc]
  const subs = table.subOps[byte]
  return subs === undefined ? table.byOpcode[byte] : subs[program[pc + 1]]
}

const hex2 = (b: number): string => b.toString(16).padStart(2, '0')

/** go's error text for an undecodable opcode at `pc` (when `opAt` gave undefined). */
export function opSpecError(table: OpTable, program: Uint8Array, pc: number): string {
  const byte = program[pc]
  if (table.subOps[byte] !== undefined) {
    if (pc + 1 >= program.length) return `prefix opcode 0x${hex2(byte)} missing sub-opcode`
    return `prefix opcode 0x${hex2(byte)} with improper sub-opcode 0x${hex2(program[pc + 1])}`
  }
  return `illegal opcode 0x${hex2(byte)}`
}

// Names the rest of the code may use for groups whose langspec names are irregular.
const ALIASES: Record<string, string> = {
  'mimc configurations': 'MimcConfigurations Parameters',
  'poseidon2 configurations': 'Poseidon2 Configurations Parameters',
  'vrf standards': 'vrf_verify Standards',
  'itxn_field fields': 'txn',
}
const byLowerName = new Map<string, string>()
for (const name of Object.keys(FIELD_GROUPS)) byLowerName.set(name.toLowerCase(), name)

function groupKey(name: string): string | undefined {
  if (name in FIELD_GROUPS) return name
  const lower = name.toLowerCase()
  return byLowerName.get(lower) ?? ALIASES[lower]
}

/** Every field of a group ('txn Fields', 'global Fields', 'EC Groups', ...), by value; [] if unknown. */
export function fieldGroup(name: string): FieldSpec[] {
  const key = groupKey(name)
  return key === undefined ? [] : FIELD_GROUPS[key]
}

/** Names of all field groups as langspec spells them. */
export function fieldGroupNames(): string[] {
  return Object.keys(FIELD_GROUPS)
}

const nameIndex = new Map<string, Map<string, FieldSpec>>()
const valueIndex = new Map<string, (FieldSpec | undefined)[]>()

/** A field of `group` by name (any version), or undefined. */
export function fieldByName(group: string, name: string): FieldSpec | undefined {
  let index = nameIndex.get(group)
  if (!index) {
    index = new Map(fieldGroup(group).map((f) => [f.name, f]))
    nameIndex.set(group, index)
  }
  return index.get(name)
}

/** A field of `group` by its byte value (any version), or undefined. */
export function fieldByValue(group: string, value: number): FieldSpec | undefined {
  let index = valueIndex.get(group)
  if (!index) {
    index = []
    for (const f of fieldGroup(group)) index[f.value] = f
    valueIndex.set(group, index)
  }
  return index[value]
}

const namedTypes = new Map<string, NamedType>(NAMED_TYPES.map((t) => [t.name, t]))

/** langspec's named stack type ('address', 'bool', 'boxName', ...), or undefined. */
export function namedType(name: string): NamedType | undefined {
  return namedTypes.get(name)
}
