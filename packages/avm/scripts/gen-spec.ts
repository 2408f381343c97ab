// Generates src/spec/langspec.generated.ts from go-algorand's langspec_v1..v13.json (read from
// the package's conformance/langspec). Each op variant is stored once with
// the version span over which its langspec entry is identical, so the table stays compact.
// Version 14 (vFuture) has no langspec: it is v13 plus sumhash512, described below from
// go-algorand's data/transactions/logic/opcodes.go and doc.go.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { CostSpec, FieldSpec, ImmediateSpec } from '../src/spec/types.ts'
import { CONFORMANCE_DIR } from '../src/conformance/data.ts'

interface LangArgDetail {
  Name: string
  Type?: string
  Doc?: string
  ByteEncoding: number
  Version?: number
  Modes?: number
}
interface LangOp {
  /** A number, or [prefix, sub-opcode] for multi-byte opcodes (v13's app_box_* under 0xd4). */
  Opcode: number | [number, number]
  Name: string
  Args?: string[]
  Returns?: string[]
  Size: number
  DocCost: string
  Doc: string
  DocExtra?: string
  ImmediateNote?: { Comment: string; Encoding: string; Name: string; Reference?: string }[]
  ArgDetails?: LangArgDetail[]
  IntroducedVersion: number
  Groups: string[]
  Modes: number
}
interface LangSpec {
  Version: number
  NamedTypes: { Name: string; Abbreviation: string; Bound: [number, number]; AVMType: string }[]
  Ops: LangOp[]
}

/** One op variant valid for versions from..to (inclusive). */
interface Row {
  from: number
  to: number
  opcode: number
  subOpcode?: number
  name: string
  args: string[]
  returns: string[]
  size: number
  cost: CostSpec
  docCost: string
  modes: number
  introduced: number
  immediates: ImmediateSpec[]
  groups: string[]
  doc: string
}

const LANGSPEC_VERSIONS = 13
const MAX_VERSION = 14

/** sumhash512 (0x86, vFuture): proto("b:b{64}"), costByLength(150, 4, 7, 0). */
const SUMHASH512: LangOp = {
  Opcode: 0x86,
  Name: 'sumhash512',
  Args: ['[]byte'],
  Returns: ['[64]byte'],
  Size: 1,
  DocCost: '150 + 4 per 7 bytes of A',
  Doc: 'sumhash512 of value A, yields [64]byte',
  IntroducedVersion: 14,
  Groups: ['Cryptography'],
  Modes: 3,
}

function parseLinear(text: string): Exclude<CostSpec, { kind: 'perField' }> {
  const m = /^(\d+) \+ (\d+) per (\d+) bytes of ([A-Z])$/.exec(text)
  if (m) {
    return { kind: 'chunk', base: +m[1], perChunk: +m[2], chunkSize: +m[3], arg: m[4].charCodeAt(0) - 65 }
  }
  if (/^\d+$/.test(text)) return { kind: 'fixed', cost: +text }
  throw new Error(`unparsable DocCost: ${text}`)
}

/** Parses langspec's DocCost: "N", "N + M per K bytes of A" or "F1=...; F2=...". */
export function parseCost(docCost: string): CostSpec {
  if (!docCost.includes('=')) return parseLinear(docCost)
  const byField: Record<string, Exclude<CostSpec, { kind: 'perField' }>> = {}
  for (const part of docCost.split('; ')) {
    const eq = part.indexOf('=')
    byField[part.slice(0, eq)] = parseLinear(part.slice(eq + 1))
  }
  return { kind: 'perField', byField }
}

function toRow(op: LangOp, v: number): Row {
  return {
    from: v,
    to: v,
    opcode: Array.isArray(op.Opcode) ? op.Opcode[0] : op.Opcode,
    ...(Array.isArray(op.Opcode) ? { subOpcode: op.Opcode[1] } : {}),
    name: op.Name,
    args: op.Args ?? [],
    returns: op.Returns ?? [],
    size: op.Size,
    cost: parseCost(op.DocCost),
    docCost: op.DocCost,
    modes: op.Modes,
    introduced: op.IntroducedVersion,
    immediates: (op.ImmediateNote ?? []).map((n) => ({
      name: n.Name,
      comment: n.Comment,
      encoding: n.Encoding as ImmediateSpec['encoding'],
      ...(n.Reference !== undefined ? { reference: n.Reference } : {}),
    })),
    groups: op.Groups,
    doc: op.Doc,
  }
}

const sameBody = (a: Row, b: Row): boolean =>
  JSON.stringify({ ...a, from: 0, to: 0 }) === JSON.stringify({ ...b, from: 0, to: 0 })

/** Reads the langspec files and returns the generated TypeScript source. */
export function generateSpecSource(langspecDir: string): string {
  const specs: LangSpec[] = []
  for (let v = 1; v <= LANGSPEC_VERSIONS; v++) {
    specs.push(JSON.parse(fs.readFileSync(path.join(langspecDir, `langspec_v${v}.json`), 'utf8')) as LangSpec)
  }

  const rows: Row[] = []
  const open = new Map<string, Row>()
  const groups = new Map<string, Map<string, FieldSpec>>()
  for (const spec of specs) {
    const v = spec.Version
    for (const op of spec.Ops) {
      const key = `${String(op.Opcode)}/${op.Name}`
      const row = toRow(op, v)
      const prev = open.get(key)
      if (prev && prev.to === v - 1 && sameBody(prev, row)) prev.to = v
      else {
        rows.push(row)
        open.set(key, row)
      }
      const ref = op.ImmediateNote?.find((n) => n.Reference !== undefined)?.Reference
      if (ref === undefined || !op.ArgDetails) continue
      let group = groups.get(ref)
      if (!group) groups.set(ref, (group = new Map()))
      for (const d of op.ArgDetails) {
        const version = d.Version ?? op.IntroducedVersion
        const old = group.get(d.Name)
        group.set(d.Name, {
          name: d.Name,
          value: d.ByteEncoding,
          ...(d.Type !== undefined ? { type: d.Type } : {}),
          version: old ? Math.min(old.version, version) : version,
          modes: d.Modes ?? 3,
          doc: d.Doc ?? '',
        })
      }
    }
  }
  for (const row of rows) if (row.to === LANGSPEC_VERSIONS) row.to = MAX_VERSION
  rows.push({ ...toRow(SUMHASH512, MAX_VERSION) })
  rows.sort((a, b) => a.opcode - b.opcode || (a.subOpcode ?? 0) - (b.subOpcode ?? 0) || a.from - b.from)

  // go has one TxnFields group; langspec splits it into scalar (txn) and array (txna) views.
  const txn = groups.get('txn Fields')
  for (const f of groups.get('txna Fields')?.values() ?? []) if (txn && !txn.has(f.name)) txn.set(f.name, f)
  const fieldGroups: Record<string, FieldSpec[]> = {}
  for (const [name, fields] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) {
    fieldGroups[name] = [...fields.values()].sort((a, b) => a.value - b.value)
  }
  const namedTypes = specs[specs.length - 1].NamedTypes.map((t) => ({
    name: t.Name,
    abbreviation: t.Abbreviation,
    bound: t.Bound,
    avmType: t.AVMType,
  }))

  const out: string[] = []
  out.push('// Generated by scripts/gen-spec.ts from go-algorand langspec_v1..v13.json (+ sumhash512 at v14).')
  out.push('// Do not edit: run `npx tsx scripts/gen-spec.ts`.')
  out.push("import type { CostSpec, FieldSpec, ImmediateSpec, StackTypeName } from './types.ts'")
  out.push('')
  out.push('/** An op variant, valid for AVM versions `from`..`to` inclusive. */')
  out.push('export interface OpRow {')
  out.push('  from: number; to: number; opcode: number; subOpcode?: number; name: string; args: StackTypeName[]; returns: StackTypeName[]')
  out.push('  size: number; cost: CostSpec; docCost: string; modes: number; introduced: number')
  out.push('  immediates: ImmediateSpec[]; groups: string[]; doc: string')
  out.push('}')
  out.push('')
  out.push('/** A named stack type with its length/value bound and underlying AVM type. */')
  out.push('export interface NamedType { name: string; abbreviation: string; bound: [number, number]; avmType: string }')
  out.push('')
  out.push(`/** Highest AVM version in the table. */`)
  out.push(`export const GENERATED_MAX_VERSION = ${MAX_VERSION}`)
  out.push('')
  out.push('/** Every op variant of every version. */')
  out.push('export const OP_ROWS: OpRow[] = [')
  for (const row of rows) out.push(`  ${JSON.stringify(row)},`)
  out.push(']')
  out.push('')
  out.push('/** Field groups by the name langspec immediates reference. */')
  out.push('export const FIELD_GROUPS: Record<string, FieldSpec[]> = {')
  for (const [name, fields] of Object.entries(fieldGroups)) {
    out.push(`  ${JSON.stringify(name)}: [`)
    for (const f of fields) out.push(`    ${JSON.stringify(f)},`)
    out.push('  ],')
  }
  out.push('}')
  out.push('')
  out.push('/** langspec NamedTypes (v13). */')
  out.push('export const NAMED_TYPES: NamedType[] = [')
  for (const t of namedTypes) out.push(`  ${JSON.stringify(t)},`)
  out.push(']')
  out.push('')
  return out.join('\n')
}

const here = path.dirname(fileURLToPath(import.meta.url))
/** Where the langspec files live: the package's conformance/langspec (go-algorand's, byte for byte). */
export const LANGSPEC_DIR = path.join(CONFORMANCE_DIR, 'langspec')
/** The generated file this script owns. */
export const GENERATED_PATH = path.resolve(here, '../src/spec/langspec.generated.ts')

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(GENERATED_PATH, generateSpecSource(LANGSPEC_DIR))
  console.log(`wrote ${path.relative(process.cwd(), GENERATED_PATH)}`)
}
