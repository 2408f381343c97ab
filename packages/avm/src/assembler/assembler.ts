// The TEAL assembler. It follows go-algorand's assembler.go step for step (same constant-block
// choices, branch encodings, salting and error texts) so that its output equals algod's
// /v2/teal/compile byte for byte. Everything op-specific comes from the spec table; the few
// ops with special assembly rules get an entry in ASM_FUNCS, and the type-tracking rules of
// the stack-shuffling ops an entry in REFINERS.
import { sha512_256 } from '@noble/hashes/sha2.js'
import { MAX_VERSION, fieldByName, fieldGroup, opsFor } from '../spec/index.ts'
import type { FieldSpec, OpSpec } from '../spec/index.ts'
import { verifyMethodSignature } from './abi.ts'
import { programHashOnCurve } from './autosalt.ts'
import {
  base32DecodeAnyPadding,
  base64Decode,
  decodeAddress,
  goQuote,
  hexDecode,
  parseIntSmall,
  parseStringLiteral,
  parseUint,
} from './literals.ts'
import type { Parsed } from './literals.ts'
import {
  MAX_BYTE_MATH_SIZE,
  MAX_STRING_SIZE,
  StackAny,
  StackBytes,
  StackNone,
  StackUint64,
  StackZeroUint64,
  constInt,
  overlaps,
  sameType,
  stackType,
  typeFromName,
  typed,
  union,
  widened,
} from './stack-types.ts'
import type { StackType } from './stack-types.ts'
import { byteLength, tokensFromLine } from './tokens.ts'
import type { Token } from './tokens.ts'
import { buildSourceMap } from './source-map.ts'
import type { SourceMap } from './source-map.ts'

/** An assembly error: 1-based line, 0-based byte column, go's message. */
export interface AssemblyError {
  line: number
  column: number
  message: string
}

/** What `assemble` returns; `program` is present only when there are no errors. */
export interface AssembleResult {
  ok: boolean
  program?: Uint8Array
  version: number
  errors: AssemblyError[]
  /** Warnings formatted as go prints them (`line:col: message`). */
  warnings: string[]
  /** algod's `/v2/teal/compile?sourcemap=true` source map. */
  sourceMap: SourceMap
  /** Program counter of each instruction → its 1-based source line. */
  pcToLine: Map<number, number>
}

/** Options for `assemble`. */
export interface AssembleOptions {
  /** Assembler version; without it `#pragma version` decides (default 1). */
  version?: number
}

/** go's sourceError text: `line:col: message`, or `line: message` when the column is 0. */
export function formatAssemblyError(e: AssemblyError): string {
  return e.column !== 0 ? `${e.line}:${e.column}: ${e.message}` : `${e.line}: ${e.message}`
}

const NO_VERSION = -1
const DEFAULT_VERSION = 1
const OPTIMIZE_CONSTANTS_VERSION = 4
const BACK_BRANCH_VERSION = 4
const OFF_CURVE_VERSION = 13
const VARINT_BRANCH_INITIAL_SIZE = 3
const SALT_SEARCH_LIMIT = 128
const MODE_APP = 2
const MAX_LINE_BYTES = 64 * 1024
/** Ops after which the next instruction is unreachable (go's deadens). */
const DEADENING = new Set(['b', 'callsub', 'retsub', 'err', 'return'])

type ImmKind = 'byte' | 'int8' | 'label' | 'varintLabel' | 'int' | 'bytes' | 'ints' | 'bytess' | 'labels'
const IMM_KINDS: Record<string, ImmKind> = {
  uint8: 'byte',
  int8: 'int8',
  'int16 (big-endian)': 'label',
  'varint (zigzag)': 'varintLabel',
  varuint: 'int',
  'varuint length, bytes': 'bytes',
  'varuint count, [varuint ...]': 'ints',
  'varuint count, [varuint length, bytes ...]': 'bytess',
  'varuint count, [int16 (big-endian) ...]': 'labels',
}

interface Imm {
  name: string
  kind: ImmKind
  group?: string
}

type AsmFunc = (ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]) => SourceErr | undefined
type RefineFunc = (pgm: Knowledge, args: Token[]) => [StackType[] | undefined, StackType[] | undefined, string?]

/** The assembler's view of an op: table data plus how to assemble and type it. */
interface AsmSpec {
  name: string
  opcode: number
  subOpcode?: number
  version: number
  modes: number
  args: StackType[]
  returns: StackType[]
  imms: Imm[]
  asm: AsmFunc
  refine?: RefineFunc
}

class SourceErr {
  constructor(
    readonly line: number,
    readonly column: number,
    readonly message: string,
  ) {}
}
const errAt = (t: Token, message: string): SourceErr => new SourceErr(t.line, t.col, message)
const errAfter = (t: Token, message: string): SourceErr => new SourceErr(t.line, t.col + byteLength(t.str), message)

// ---- field groups ----------------------------------------------------------------------------

const txnArrayNames = new Set(fieldGroup('txna Fields').map((f) => f.name))

/** A field of the group an immediate references; txn/gtxn/... take only scalar txn fields. */
function groupSpecByName(group: string, name: string): FieldSpec | undefined {
  if (group === 'txn Fields' && txnArrayNames.has(name)) return undefined
  return fieldByName(group, name)
}

const fieldNamesByVersion: Set<string>[] = []
function fieldNamesAt(version: number): Set<string> {
  let names = fieldNamesByVersion[version]
  if (!names) {
    names = new Set()
    for (const op of opsFor(version).byName.values()) {
      for (const imm of op.immediates) if (imm.reference) for (const f of fieldGroup(imm.reference)) names.add(f.name)
    }
    fieldNamesByVersion[version] = names
  }
  return names
}

// ---- named constants -------------------------------------------------------------------------

const TXN_TYPES: Record<string, number> = {
  unknown: 0,
  pay: 1,
  keyreg: 2,
  acfg: 3,
  axfer: 4,
  afrz: 5,
  appl: 6,
  stpf: 7,
  hb: 8,
  Payment: 1,
  KeyRegistration: 2,
  AssetConfig: 3,
  AssetTransfer: 4,
  AssetFreeze: 5,
  ApplicationCall: 6,
  'State Proof': 7,
  'Consensus heartbeat': 8,
}
const ON_COMPLETIONS: Record<string, number> = {
  NoOp: 0,
  OptIn: 1,
  CloseOut: 2,
  ClearState: 3,
  UpdateApplication: 4,
  DeleteApplication: 5,
}
const has = (o: Record<string, number>, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k)

// ---- varints ---------------------------------------------------------------------------------

function putUvarint(out: number[], v: bigint | number): void {
  if (typeof v === 'number' || v <= 0xffff_ffffn) {
    let n = Number(v)
    while (n >= 0x80) {
      out.push((n % 128) | 0x80)
      n = Math.floor(n / 128)
    }
    out.push(n)
    return
  }
  let x = v
  while (x >= 0x80n) {
    out.push(Number(x & 0x7fn) | 0x80)
    x >>= 7n
  }
  out.push(Number(x))
}

function uvarintLen(v: number): number {
  let n = 1
  while (v >= 0x80) {
    v = Math.floor(v / 128)
    n++
  }
  return n
}

function zigzag(x: number): number {
  return x >= 0 ? x * 2 : -x * 2 - 1
}

// ---- program knowledge (type tracking) -------------------------------------------------------

class Knowledge {
  stack: StackType[] = []
  bottom: StackType = StackNone
  deadcode = false
  fp = -1
  scratch: StackType[] = new Array<StackType>(256).fill(StackZeroUint64)

  top(): StackType {
    return this.stack.length === 0 ? this.bottom : this.stack[this.stack.length - 1]
  }
  pop(): StackType {
    return this.stack.length === 0 ? this.bottom : (this.stack.pop() as StackType)
  }
  deaden(): void {
    this.stack = []
    this.deadcode = true
  }
  label(): void {
    if (this.deadcode) this.reset()
  }
  reset(): void {
    this.stack = []
    this.bottom = StackAny
    this.fp = -1
    this.deadcode = false
    this.scratch.fill(StackAny)
  }
}

const anyTypes = (n: number): StackType[] => new Array<StackType>(n).fill(StackAny)

/** go's getImm: an immediate parsed as a 9-bit signed int, then range-checked. */
function getImm(args: Token[], i: number, signed: boolean): number | undefined {
  if (args.length <= i) return undefined
  const n = parseIntSmall(args[i].str, 0, 9)
  if (n === undefined) return undefined
  if (signed ? n < -128 || n > 127 : n < 0 || n > 255) return undefined
  return n
}

const REFINERS: Record<string, RefineFunc> = {
  '==': typeEquals,
  '!=': typeEquals,
  load: (pgm, args) => {
    const i = getImm(args, 0, false)
    return i === undefined ? [undefined, undefined] : [undefined, [pgm.scratch[i]]]
  },
  store: (pgm, args) => {
    const i = getImm(args, 0, false)
    if (i !== undefined && pgm.stack.length > 0) pgm.scratch[i] = pgm.stack[pgm.stack.length - 1]
    return [undefined, undefined]
  },
  loads: (pgm) => {
    const top = pgm.stack.length - 1
    if (top < 0) return [undefined, undefined]
    const c = constInt(pgm.stack[top])
    if (c !== undefined) return [undefined, [pgm.scratch[Number(c)]]]
    const first = pgm.scratch[0]
    for (const t of pgm.scratch) if (!sameType(t, first)) return [undefined, undefined]
    return [undefined, [first]]
  },
  stores: (pgm) => {
    const top = pgm.stack.length - 1
    if (top < 0) return [undefined, undefined]
    if (top >= 1) {
      const c = constInt(pgm.stack[top - 1])
      if (c !== undefined) {
        pgm.scratch[Number(c)] = pgm.stack[top]
        return [undefined, undefined]
      }
    }
    for (let i = 0; i < pgm.scratch.length; i++) pgm.scratch[i] = union(pgm.scratch[i], pgm.stack[top])
    return [undefined, undefined]
  },
  bury: (pgm, args) => {
    const n = getImm(args, 0, false)
    if (n === undefined) return [undefined, undefined]
    if (n === 0) return [undefined, undefined, 'bury 0 always fails']
    const top = pgm.stack.length - 1
    const idx = top - n
    if (idx < 0) {
      if (pgm.bottom.avm === 'none') return [anyTypes(n + 1), undefined]
      return [undefined, undefined]
    }
    const returns = pgm.stack.slice(idx, idx + n)
    returns[0] = pgm.top()
    return [pgm.stack.slice(idx), returns]
  },
  popn: (_pgm, args) => {
    const n = getImm(args, 0, false)
    return n === undefined ? [undefined, undefined] : [anyTypes(n), undefined]
  },
  dupn: (pgm, args) => {
    const n = getImm(args, 0, false)
    if (n === undefined || pgm.stack.length === 0) return [undefined, undefined]
    return [undefined, new Array<StackType>(n + 1).fill(pgm.stack[pgm.stack.length - 1])]
  },
  dup: (pgm) => {
    const top = pgm.stack.length - 1
    return top < 0 ? [undefined, undefined] : [undefined, [pgm.stack[top], pgm.stack[top]]]
  },
  dup2: (pgm) => {
    const two = [StackAny, StackAny]
    const top = pgm.stack.length - 1
    if (top >= 0) {
      two[1] = pgm.stack[top]
      if (top >= 1) two[0] = pgm.stack[top - 1]
    }
    return [undefined, [...two, ...two]]
  },
  dig: (pgm, args) => {
    const n = getImm(args, 0, false)
    if (n === undefined) return [undefined, undefined]
    const depth = n + 1
    const returns = anyTypes(depth + 1)
    const idx = pgm.stack.length - depth
    if (idx >= 0) {
      for (let i = idx; i < pgm.stack.length; i++) returns[i - idx] = pgm.stack[i]
      returns[returns.length - 1] = pgm.stack[idx]
    }
    return [anyTypes(depth), returns]
  },
  swap: (pgm) => {
    const swapped = [StackAny, StackAny]
    const top = pgm.stack.length - 1
    if (top >= 0) {
      swapped[0] = pgm.stack[top]
      if (top >= 1) swapped[1] = pgm.stack[top - 1]
    }
    return [undefined, swapped]
  },
  select: (pgm) => {
    const top = pgm.stack.length - 1
    return top >= 2 ? [undefined, [union(pgm.stack[top - 1], pgm.stack[top - 2])]] : [undefined, undefined]
  },
  cover: (pgm, args) => {
    const n = getImm(args, 0, false)
    if (n === undefined) return [undefined, undefined]
    const depth = n + 1
    const returns = anyTypes(depth)
    const idx = pgm.stack.length - depth
    if (idx >= 0) {
      returns[0] = pgm.stack[pgm.stack.length - 1]
      for (let i = idx; i < pgm.stack.length - 1; i++) returns[i - idx + 1] = pgm.stack[i]
    }
    return [anyTypes(depth), returns]
  },
  uncover: (pgm, args) => {
    const n = getImm(args, 0, false)
    if (n === undefined) return [undefined, undefined]
    const depth = n + 1
    const returns = anyTypes(depth)
    const idx = pgm.stack.length - depth
    if (idx >= 0) {
      returns[returns.length - 1] = pgm.stack[idx]
      for (let i = idx + 1; i < pgm.stack.length; i++) returns[i - idx - 1] = pgm.stack[i]
    }
    return [anyTypes(depth), returns]
  },
  setbit: (pgm) => {
    const top = pgm.stack.length - 1
    return top >= 2 ? [undefined, [pgm.stack[top - 2]]] : [undefined, undefined]
  },
  'b+': () => [undefined, [stackType('[]byte', 0n, MAX_BYTE_MATH_SIZE + 1n)]],
  'b*': () => [undefined, [stackType('[]byte', 0n, MAX_BYTE_MATH_SIZE * 2n)]],
  bzero: () => [[stackType('uint64', 0n, MAX_STRING_SIZE)], [StackBytes]],
  itxn_field: (_pgm, args) => {
    if (args.length !== 1) return [undefined, undefined]
    const fs = fieldByName('txn Fields', args[0].str)
    return fs ? [[typeFromName(fs.type ?? 'any')], undefined] : [undefined, undefined]
  },
  proto: (pgm, args) => {
    const a = getImm(args, 0, false)
    const r = getImm(args, 1, false)
    if (a === undefined || r === undefined) return [undefined, undefined]
    if (pgm.stack.length !== 0 || pgm.bottom.avm !== 'any') {
      return [undefined, undefined, 'proto must be unreachable from previous PC']
    }
    pgm.stack = anyTypes(a)
    pgm.fp = a
    return [undefined, undefined]
  },
  frame_dig: (pgm, args) => {
    const n = getImm(args, 0, true)
    if (n === undefined || pgm.fp === -1) return [undefined, undefined]
    const idx = pgm.fp + n
    if (idx < 0) return [undefined, undefined, `frame_dig ${n} in sub with ${pgm.fp} args`]
    if (idx >= pgm.stack.length) return [undefined, undefined, 'frame_dig above stack']
    return [undefined, [pgm.stack[idx]]]
  },
  frame_bury: (pgm, args) => {
    const n = getImm(args, 0, true)
    if (n === undefined) return [undefined, undefined]
    const typ = pgm.top()
    if (pgm.fp === -1) {
      for (let i = 0; i < pgm.stack.length; i++) if (!sameType(pgm.stack[i], typ)) pgm.stack[i] = StackAny
      return [undefined, undefined]
    }
    const idx = pgm.fp + n
    if (idx < 0) return [undefined, undefined, `frame_bury ${n} in sub with ${pgm.fp} args`]
    const top = pgm.stack.length - 1
    if (idx >= top) return [undefined, undefined, 'frame_bury above stack']
    const returns = pgm.stack.slice(idx, top)
    returns[0] = typ
    return [pgm.stack.slice(idx), returns]
  },
  match: (_pgm, args) => [anyTypes(args.length + 1), undefined],
  pushbytess: (_pgm, args) => [undefined, new Array<StackType>(args.length).fill(StackBytes)],
  pushints: (_pgm, args) => [undefined, new Array<StackType>(args.length).fill(StackUint64)],
}

function typeEquals(pgm: Knowledge): ReturnType<RefineFunc> {
  const top = pgm.stack.length - 1
  if (top < 0) return [undefined, undefined]
  const w = widened(pgm.stack[top])
  return [[w, w], undefined]
}

function typePushInt(_pgm: Knowledge, args: Token[]): ReturnType<RefineFunc> {
  return [
    undefined,
    args.map((a) => {
      const v = parseUint(a.str, 10, 64)
      return v.ok ? stackType('uint64', v.value, v.value) : StackUint64
    }),
  ]
}

function typeByte(_pgm: Knowledge, args: Token[]): ReturnType<RefineFunc> {
  if (args.length === 0) return [undefined, [StackBytes]]
  const parsed = parseBinaryArgs(args)
  const l = BigInt(parsed.ok ? parsed.value.length : 0)
  return [undefined, [stackType('[]byte', l, l, `[${l}]byte`)]]
}

// ---- byte literals ---------------------------------------------------------------------------

type BinaryArgs = { ok: true; value: Uint8Array; consumed: number } | { ok: false; error: string; consumed: number }

/** go's parseBinaryArgs: one byte literal from the front of `args`, and the tokens it used. */
function parseBinaryArgs(args: Token[]): BinaryArgs {
  const arg = args[0].str
  const fail = (error: string, consumed = 0): BinaryArgs => ({ ok: false, error, consumed })
  const paren = (decode: (s: string) => Parsed<Uint8Array> & { at?: number }): BinaryArgs => {
    const open = arg.indexOf('(')
    const close = arg.indexOf(')')
    if (close === -1) return fail(`argument ${arg} lacks closing parenthesis`)
    if (close !== arg.length - 1) return fail(`argument ${arg} must end at first closing parenthesis`)
    const r = decode(arg.slice(open + 1, close))
    if (!r.ok) {
      if (r.at !== undefined) return fail(r.error.replace(/\d+$/, String(r.at + byteLength(arg.slice(0, open)) + 1)))
      return fail(r.error)
    }
    return { ok: true, value: r.value, consumed: 1 }
  }
  if (arg.startsWith('base32(') || arg.startsWith('b32(')) return paren(base32DecodeAnyPadding)
  if (arg.startsWith('base64(') || arg.startsWith('b64(')) return paren((s) => base64Decode(s))
  if (arg.startsWith('0x')) {
    const r = hexDecode(arg.slice(2))
    return r.ok ? { ok: true, value: r.value, consumed: 1 } : fail(r.error)
  }
  if (arg === 'base32' || arg === 'b32' || arg === 'base64' || arg === 'b64') {
    if (args.length < 2) return fail(`${arg} needs byte literal argument`)
    const r = arg.endsWith('32') ? base32DecodeAnyPadding(args[1].str) : base64Decode(args[1].str)
    return r.ok ? { ok: true, value: r.value, consumed: 2 } : fail(r.error, 1)
  }
  if (arg.length > 1 && arg[0] === '"' && arg[arg.length - 1] === '"') {
    const r = parseStringLiteral(arg)
    return r.ok ? { ok: true, value: r.value, consumed: 1 } : fail(r.error)
  }
  return fail(`arg did not parse: ${arg}`)
}

function byteImm(value: string, label: string): { ok: true; value: number } | { ok: false; error: string } {
  const r = parseUint(value, 0, 64)
  if (!r.ok) return { ok: false, error: `unable to parse ${label} ${goQuote(value)} as integer` }
  if (r.value > 255n) return { ok: false, error: `${label} beyond 255: ${r.value}` }
  return { ok: true, value: Number(r.value) }
}

const hexOf = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')

function joinIntsOnOr(term: string, list: number[]): string {
  if (list.length === 1) {
    if (list[0] === 0) return `no ${term}s`
    if (list[0] === 1) return `1 ${term}`
    return `${list[0]} ${term}s`
  }
  const sorted = [...list].sort((a, b) => a - b)
  return sorted.map((v, i) => (i + 1 < sorted.length ? `${v} or ` : `${v} `)).join('') + term + 's'
}

// ---- op specs --------------------------------------------------------------------------------

const specCache = new Map<number, Map<string, AsmSpec>>()

function toAsmSpec(op: OpSpec): AsmSpec {
  const imms: Imm[] = op.immediates.map((imm) => ({
    name: imm.name.toLowerCase(),
    kind: IMM_KINDS[imm.encoding],
    ...(imm.reference ? { group: imm.reference } : {}),
  }))
  // itxn_field and app_params_set resolve their fields themselves.
  if (op.name === 'itxn_field' || op.name === 'app_params_set') delete imms[0].group
  const returns = op.returns.map(typeFromName)
  if (op.name === 'err' || op.name === 'return') returns.push(StackNone)
  return {
    name: op.name,
    opcode: op.opcode,
    ...(op.subOpcode !== undefined ? { subOpcode: op.subOpcode } : {}),
    version: op.introduced,
    modes: op.modes,
    args: op.args.map(typeFromName),
    returns,
    imms,
    asm: ASM_FUNCS[op.name] ?? (imms.some((i) => i.kind === 'varintLabel' || i.kind === 'label') ? asmBranch : asmDefault),
    ...(REFINERS[op.name] ? { refine: REFINERS[op.name] } : {}),
  }
}

function specsAt(version: number): Map<string, AsmSpec> {
  let specs = specCache.get(version)
  if (!specs) {
    specs = new Map()
    for (const op of opsFor(version).byName.values()) specs.set(op.name, toAsmSpec(op))
    specCache.set(version, specs)
  }
  return specs
}

/** Pseudo-ops: name → immediate count (-1 = any) → spec name or a full pseudo spec. */
const ANY_IMMEDIATES = -1
const PSEUDO_OPS: Record<string, Record<number, string | (() => AsmSpec)>> = {
  int: { [ANY_IMMEDIATES]: () => pseudoSpec('int', [StackUint64], asmInt, typePushInt) },
  byte: { [ANY_IMMEDIATES]: () => pseudoSpec('byte', [StackBytes], asmByte, typeByte) },
  addr: { [ANY_IMMEDIATES]: () => pseudoSpec('addr', [StackBytes], asmAddr) },
  method: { [ANY_IMMEDIATES]: () => pseudoSpec('method', [StackBytes], asmMethod) },
  txn: { 1: 'txn', 2: 'txna' },
  gtxn: { 2: 'gtxn', 3: 'gtxna' },
  gtxns: { 1: 'gtxns', 2: 'gtxnsa' },
  extract: { 0: 'extract3', 2: 'extract' },
  replace: { 0: 'replace3', 1: 'replace2' },
}

function pseudoSpec(name: string, returns: StackType[], asm: AsmFunc, refine?: RefineFunc): AsmSpec {
  return { name, opcode: -1, version: 0, modes: 3, args: [], returns, imms: [], asm, ...(refine ? { refine } : {}) }
}

const pseudoCache = new Map<number, Map<string, Map<number, AsmSpec>>>()
function pseudoOpsAt(version: number): Map<string, Map<number, AsmSpec>> {
  let table = pseudoCache.get(version)
  if (!table) {
    table = new Map()
    for (const [name, byCount] of Object.entries(PSEUDO_OPS)) {
      const m = new Map<number, AsmSpec>()
      for (const [count, target] of Object.entries(byCount)) {
        m.set(+count, typeof target === 'function' ? target() : (specsAt(version).get(target) ?? (specsAt(MAX_VERSION).get(target) as AsmSpec)))
      }
      table.set(name, m)
    }
    pseudoCache.set(version, table)
  }
  return table
}

function mergeProtos(specs: Map<number, AsmSpec>): { args: StackType[]; returns: StackType[]; version: number } | undefined {
  let args: StackType[] = []
  let returns: StackType[] = []
  let version = 0
  let first = true
  for (const spec of specs.values()) {
    if (first) {
      args = [...spec.args]
      returns = [...spec.returns]
      version = spec.version
      first = false
      continue
    }
    version = Math.min(version, spec.version)
    if (args.length !== spec.args.length || returns.length !== spec.returns.length) return undefined
    for (let j = 0; j < args.length; j++) if (!sameType(args[j], spec.args[j])) args[j] = StackAny
    for (let j = 0; j < returns.length; j++) if (!sameType(returns[j], spec.returns[j])) returns[j] = StackAny
  }
  return { args, returns, version }
}

// ---- the op stream ---------------------------------------------------------------------------

interface LabelRef {
  position: number
  label: Token
  offsetPosition: number
  varint: boolean
}
interface ConstRef<T> {
  value: T
  position: number
}
interface Edit {
  position: number
  oldLen: number
  newBytes: number[]
}

/** Assembly state for one source text (go's OpStream). */
class OpStream {
  version: number
  warnings: SourceErr[] = []
  errors: SourceErr[] = []
  pending: number[] = []
  intc: bigint[] = []
  intcRefs: ConstRef<bigint>[] = []
  cntIntcBlock = 0
  hasPseudoInt = false
  bytec: Uint8Array[] = []
  bytecRefs: ConstRef<Uint8Array>[] = []
  cntBytecBlock = 0
  hasPseudoByte = false
  known = new Knowledge()
  typeTracking = true
  sourceLine = 0
  labels = new Map<string, number>()
  labelRefs: LabelRef[] = []
  offsetToSource = new Map<number, { line: number; column: number }>()
  hasStatefulOps = false
  autoSalt: 'default' | 'on' | 'off' = 'default'
  autoSaltToken: Token = { str: '', col: 0, line: 0 }
  macros = new Map<string, Token[]>()
  specs: Map<string, AsmSpec> | undefined
  pseudos: Map<string, Map<number, AsmSpec>> | undefined

  constructor(version: number) {
    this.version = version
  }

  record(e: SourceErr): void {
    this.errors.push(e)
  }
  warn(t: Token, message: string): void {
    this.warnings.push(errAt(t, message))
  }
  typeError(t: Token, message: string): void {
    if (this.typeTracking) this.record(errAt(t, message))
  }
  spec(name: string): AsmSpec | undefined {
    return specsAt(this.version).get(name)
  }
  opcodeOf(name: string): number {
    return (this.spec(name) as AsmSpec).opcode
  }

  /** Replaces the first `any` among the spec's just-pushed returns with a field's type. */
  returnsType(spec: AsmSpec, t: StackType): void {
    if (this.known.deadcode) return
    const end = this.known.stack.length
    for (let i = end - spec.returns.length; i < end; i++) {
      if (i >= 0 && this.known.stack[i].avm === 'any') {
        this.known.stack[i] = t
        return
      }
    }
  }

  checkArgCount(name: string, mnemonic: Token, args: Token[], expected: number): SourceErr | undefined {
    const offered = args.length
    if (offered === expected) return undefined
    const all = [mnemonic, ...args]
    let t = all[offered]
    let col = t.col + byteLength(t.str)
    if (offered > expected) {
      t = all[expected + 1]
      col = t.col
    }
    const msg = expected === 1 ? `${name} expects 1 immediate argument` : `${name} expects ${expected} immediate arguments`
    return new SourceErr(t.line, col, msg)
  }

  writeIntc(index: number): string | undefined {
    if (index <= 3) this.pending.push(this.opcodeOf(`intc_${index}`))
    else {
      if (index > 0xff) return 'cannot have more than 256 int constants'
      this.pending.push(this.opcodeOf('intc'), index)
    }
    if (index >= this.intc.length) return `intc ${index} is not defined`
    return undefined
  }

  intLiteral(val: bigint): string | undefined {
    this.hasPseudoInt = true
    let index = this.intc.indexOf(val)
    if (index < 0) {
      if (this.cntIntcBlock > 0) return `value ${val} does not appear in existing intcblock`
      index = this.intc.length
      this.intc.push(val)
    }
    this.intcRefs.push({ value: val, position: this.pending.length })
    return this.writeIntc(index)
  }

  writeBytec(index: number): string | undefined {
    if (index <= 3) this.pending.push(this.opcodeOf(`bytec_${index}`))
    else {
      if (index > 0xff) return 'cannot have more than 256 byte constants'
      this.pending.push(this.opcodeOf('bytec'), index)
    }
    if (index >= this.bytec.length) return `bytec ${index} is not defined`
    return undefined
  }

  byteLiteral(val: Uint8Array): string | undefined {
    this.hasPseudoByte = true
    let index = this.bytec.findIndex((b) => bytesEqual(b, val))
    if (index < 0) {
      if (this.cntBytecBlock > 0) return `value 0x${hexOf(val)} does not appear in existing bytecblock`
      index = this.bytec.length
      this.bytec.push(val)
    }
    this.bytecRefs.push({ value: val, position: this.pending.length })
    return this.writeBytec(index)
  }

  createLabel(withColon: Token): void {
    const label = withColon.str.slice(0, -1)
    if (this.labels.has(label)) this.record(errAt(withColon, `duplicate label ${goQuote(label)}`))
    this.labels.set(label, this.pending.length)
    this.known.label()
  }

  trackStack(args: StackType[], returns: StackType[], instruction: string, tokens: Token[]): void {
    if (this.known.deadcode) return
    const argcount = args.length
    if (argcount > this.known.stack.length && this.known.bottom.avm === 'none') {
      this.typeError(tokens[0], `${reJoin(instruction, tokens)} expects ${argcount} stack arguments but stack height is ${this.known.stack.length}`)
    } else {
      for (let i = argcount - 1; i >= 0; i--) {
        const st = this.known.pop()
        if (!overlaps(st, args[i])) this.typeError(tokens[0], `${reJoin(instruction, tokens)} arg ${i} wanted type ${args[i].name} got ${st.name}`)
      }
    }
    if (returns.length > 0) this.known.stack.push(...returns)
  }

  /** go's getSpec: the spec for a mnemonic (pseudo-ops by immediate count), recording errors. */
  getSpec(mnemonic: Token, argCount: number): { spec: AsmSpec; expandedName: string } | undefined {
    const name = mnemonic.str
    const pseudos = (this.pseudos as Map<string, Map<number, AsmSpec>>).get(name)
    if (pseudos) {
      let pseudo = pseudos.get(argCount) ?? pseudos.get(ANY_IMMEDIATES)
      if (!pseudo) {
        this.record(errAt(mnemonic, `${name} expects ${joinIntsOnOr('immediate argument', [...pseudos.keys()])}`))
        const merged = mergeProtos(pseudos)
        if (!merged) return undefined
        pseudo = { name, opcode: -1, version: merged.version, modes: 3, args: merged.args, returns: merged.returns, imms: [], asm: () => undefined }
      }
      pseudo = { ...pseudo, name }
      if (pseudo.version > this.version) {
        this.record(errAt(mnemonic, `${name} opcode with ${joinIntsOnOr('immediate', [argCount])} was introduced in v${pseudo.version}`))
      }
      return { spec: pseudo, expandedName: argCount === 0 ? `${name} without immediates` : name }
    }
    const spec = this.spec(name)
    if (!spec) {
      this.record(errAt(mnemonic, unknownOpcodeComplaint(name, this.version)))
      return undefined
    }
    return { spec, expandedName: name }
  }

  nextStatement(tokens: Token[]): [Token[], Token[]] {
    for (let i = 0; i < tokens.length; i++) {
      const replacement = this.macros.get(tokens[i].str)
      if (replacement) {
        tokens = [...tokens.slice(0, i), ...replacement.slice(1), ...tokens.slice(i + 1)]
        i--
        continue
      }
      if (tokens[i].str === ';') return [tokens.slice(0, i), tokens.slice(i + 1)]
    }
    return [tokens, []]
  }

  parseText(text: string): void {
    if (this.version > MAX_VERSION) {
      this.record(new SourceErr(0, 0, `Can not assemble version ${this.version}`))
      return
    }
    if (text.trim() === '') {
      this.record(new SourceErr(0, 0, 'Cannot assemble empty program text'))
      return
    }
    const lines = text.split('\n')
    if (lines[lines.length - 1] === '') lines.pop()
    for (let raw of lines) {
      // bufio.Scanner's 64KiB token limit: go stops reading the source there.
      if (raw.length >= MAX_LINE_BYTES / 4 && byteLength(raw) + 1 > MAX_LINE_BYTES) {
        this.record(new SourceErr(this.sourceLine, 0, 'line too long'))
        break
      }
      if (raw.endsWith('\r')) raw = raw.slice(0, -1)
      this.sourceLine++
      const tokens = tokensFromLine(raw, this.sourceLine)
      if (tokens.length > 0 && tokens[0].str[0] === '#') {
        const directive = tokens[0].str.slice(1)
        if (directive === 'pragma') {
          const e = this.pragma(tokens)
          if (e) this.record(e)
        } else if (directive === 'define') {
          const e = this.define(tokens)
          if (e) this.record(e)
        } else this.record(errAt(tokens[0], `unknown directive: ${directive}`))
        continue
      }
      let [current, next] = this.nextStatement(tokens)
      while (current.length > 0 || next.length > 0) {
        if (current.length > 0) this.statement(current)
        ;[current, next] = this.nextStatement(next)
      }
    }
    if (this.version === NO_VERSION) this.settleVersion()
    if (this.version >= OPTIMIZE_CONSTANTS_VERSION) {
      this.optimizeIntcBlock()
      this.optimizeBytecBlock()
    }
    this.findBranchSizes()
    this.resolveLabels()
  }

  settleVersion(): void {
    this.version = DEFAULT_VERSION
    this.recheckMacroNames()
  }

  statement(current: Token[]): void {
    if (this.version === NO_VERSION) this.settleVersion()
    if (!this.pseudos) {
      this.pseudos = pseudoOpsAt(this.version)
      this.specs = specsAt(this.version)
    }
    let opstring = current[0].str
    if (opstring.endsWith(':')) {
      const labelName = opstring.slice(0, -1)
      if (this.macros.has(labelName)) {
        this.record(errAt(current[0], `Cannot create label with same name as macro: ${labelName}`))
      } else this.createLabel(current[0])
      current = current.slice(1)
      if (current.length === 0) return
      opstring = current[0].str
    }
    const found = this.getSpec(current[0], current.length - 1)
    if (!found) return
    const { spec, expandedName } = found
    this.offsetToSource.set(this.pending.length, { line: current[0].line - 1, column: current[0].col })
    if (spec.modes === MODE_APP) this.hasStatefulOps = true
    let args = spec.args
    let returns = spec.returns
    if (spec.refine) {
      const [nargs, nreturns, err] = spec.refine(this.known, current.slice(1))
      if (err !== undefined) this.typeError(current[0], err)
      if (nargs) args = nargs
      if (nreturns) returns = nreturns
    }
    this.trackStack(args, returns, expandedName, current)
    const e = spec.asm(this, spec, current[0], current.slice(1))
    if (e) this.record(e)
    if (DEADENING.has(spec.name)) this.known.deaden()
    if (spec.name === 'callsub') this.known.label()
  }

  // ---- directives ----

  pragma(tokens: Token[]): SourceErr | undefined {
    if (tokens[0].str !== '#pragma') return errAt(tokens[0], `invalid syntax: ${tokens[0].str}`)
    if (tokens.length < 2) return errAt(tokens[0], 'empty pragma')
    const key = tokens[1].str
    const extra = (): SourceErr =>
      errAt(tokens[3], `unexpected extra tokens:${tokens.slice(3).map((t) => ' ' + t.str).join('')}`)
    if (key === 'version') {
      if (tokens.length < 3) return errAt(tokens[1], 'no version value')
      if (tokens.length > 3) return extra()
      if (this.pending.length > 0) return errAt(tokens[0], '#pragma version is only allowed before instructions')
      const value = tokens[2].str
      const v = parseUint(value, 0, 64)
      if (!v.ok) return errAt(tokens[2], `bad #pragma version: ${goQuote(value)}`)
      if (v.value > BigInt(MAX_VERSION)) return errAt(tokens[2], `unsupported version: ${v.value}`)
      const ver = Number(v.value)
      if (this.version === NO_VERSION) {
        this.version = ver
        if (this.recheckMacroNames()) return errAt(tokens[2], 'version is incompatible with defined macros')
        return undefined
      }
      if (this.version !== ver) return errAt(tokens[2], `version mismatch: assembling v${ver} with v${this.version} assembler`)
      return undefined
    }
    if (key === 'typetrack' || key === 'autosalt') {
      if (tokens.length < 3) return errAt(tokens[1], `no ${key} value`)
      if (tokens.length > 3) return extra()
      if (key === 'autosalt' && this.pending.length > 0) {
        return errAt(tokens[0], '#pragma autosalt is only allowed before instructions')
      }
      const value = tokens[2].str
      const on = parseBool(value)
      if (on === undefined) return errAt(tokens[2], `bad #pragma ${key}: ${goQuote(value)}`)
      if (key === 'typetrack') {
        if (!this.typeTracking && on) this.known.reset()
        this.typeTracking = on
      } else {
        this.autoSalt = on ? 'on' : 'off'
        this.autoSaltToken = tokens[0]
      }
      return undefined
    }
    return errAt(tokens[0], `unsupported pragma directive: ${goQuote(key)}`)
  }

  define(tokens: Token[]): SourceErr | undefined {
    if (tokens[0].str !== '#define') return errAt(tokens[0], `invalid syntax: ${tokens[0].str}`)
    if (tokens.length < 3) return errAt(tokens[tokens.length - 1], 'define directive requires a name and body')
    const name = tokens[1].str
    const err = checkMacroName(name, this.version, this.labels)
    if (err) return errAt(tokens[1], err)
    const saved = this.macros.get(name)
    this.macros.set(name, tokens.slice(1))
    const found = this.cycle(tokens[1], [])
    if (found) {
      if (saved) this.macros.set(name, saved)
      else this.macros.delete(name)
      return errAt(tokens[1], `macro expansion cycle discovered: ${found.join(' -> ')}`)
    }
    return undefined
  }

  cycle(macro: Token, previous: string[]): string[] | undefined {
    const replacement = this.macros.get(macro.str)
    if (!replacement) return undefined
    if (previous.length > 0 && macro.str === previous[0]) return [...previous, macro.str]
    for (const repl of replacement.slice(1)) {
      const found = this.cycle(repl, [...previous, macro.str])
      if (found) return found
    }
    return undefined
  }

  /** Re-validates macro names once the version is known; true if any was removed. */
  recheckMacroNames(): boolean {
    let errored = false
    for (const [name, body] of [...this.macros]) {
      const err = checkMacroName(name, this.version, this.labels)
      if (err) {
        this.record(errAt(body[0], err))
        this.macros.delete(name)
        errored = true
      }
    }
    return errored
  }

  // ---- constant blocks ----

  optimizeIntcBlock(): void {
    if (this.cntIntcBlock > 0) return
    const refs = this.intcRefs
    this.intcRefs = []
    const block = this.optimizeConstants(
      refs,
      this.intc,
      (a, b) => a === b,
      (ref, singleton, index) => {
        if (singleton) {
          const out = [this.opcodeOf('pushint')]
          putUvarint(out, ref.value)
          return out
        }
        return index <= 3 ? [this.opcodeOf(`intc_${index}`)] : [this.opcodeOf('intc'), index]
      },
      (pos) => (this.pending[pos] === this.opcodeOf('intc') ? 2 : 1),
    )
    if (block) this.intc = block
  }

  optimizeBytecBlock(): void {
    if (this.cntBytecBlock > 0) return
    const refs = this.bytecRefs
    this.bytecRefs = []
    const block = this.optimizeConstants(
      refs,
      this.bytec,
      bytesEqual,
      (ref, singleton, index) => {
        if (singleton) {
          const out = [this.opcodeOf('pushbytes')]
          putUvarint(out, ref.value.length)
          out.push(...ref.value)
          return out
        }
        return index <= 3 ? [this.opcodeOf(`bytec_${index}`)] : [this.opcodeOf('bytec'), index]
      },
      (pos) => (this.pending[pos] === this.opcodeOf('bytec') ? 2 : 1),
    )
    if (block) this.bytec = block
  }

  /** Orders a constant block by use count (stable) and turns single-use constants into pushes. */
  optimizeConstants<T>(
    refs: ConstRef<T>[],
    block: T[],
    eq: (a: T, b: T) => boolean,
    make: (ref: ConstRef<T>, singleton: boolean, index: number) => number[],
    length: (pos: number) => number,
  ): T[] | undefined {
    const freqs = block.map((value) => ({ value, freq: 0 }))
    for (const ref of refs) {
      const f = freqs.find((x) => eq(ref.value, x.value))
      if (!f) {
        this.record(this.errAtPc(ref.position, `value not found in constant block: ${String(ref.value)}`))
        return undefined
      }
      f.freq++
    }
    for (const f of freqs) {
      if (f.freq === 0) {
        this.record(new SourceErr(this.sourceLine, 0, `member of constant block is not used: ${String(f.value)}`))
        return undefined
      }
    }
    const sorted = freqs.map((f, i) => ({ ...f, i })).sort((a, b) => b.freq - a.freq || a.i - b.i)
    const edits: Edit[] = refs.map((ref) => {
      const index = sorted.findIndex((f) => eq(ref.value, f.value))
      return { position: ref.position, oldLen: length(ref.position), newBytes: make(ref, sorted[index].freq === 1, index) }
    })
    edits.sort((a, b) => a.position - b.position)
    this.applyEdits(edits)
    const out: T[] = []
    for (const f of sorted) {
      if (f.freq === 1) break
      out.push(f.value)
    }
    return out
  }

  errAtPc(pc: number, message: string): SourceErr {
    const loc = this.offsetToSource.get(pc) ?? { line: 0, column: 0 }
    return new SourceErr(loc.line, loc.column, message)
  }

  /** Rewrites `pending` with sorted, non-overlapping edits and shifts every stored position. */
  applyEdits(edits: Edit[]): void {
    if (edits.length === 0) return
    const raw = this.pending
    const out: number[] = []
    const cum = new Int32Array(raw.length + 1)
    let delta = 0
    let prev = 0
    for (const e of edits) {
      for (let p = prev; p < e.position + e.oldLen; p++) cum[p] = delta
      for (let p = prev; p < e.position; p++) out.push(raw[p])
      out.push(...e.newBytes)
      delta += e.newBytes.length - e.oldLen
      prev = e.position + e.oldLen
    }
    for (let p = prev; p <= raw.length; p++) cum[p] = delta
    for (let p = prev; p < raw.length; p++) out.push(raw[p])
    for (const r of this.intcRefs) r.position += cum[r.position]
    for (const r of this.bytecRefs) r.position += cum[r.position]
    for (const [label, pos] of this.labels) this.labels.set(label, pos + cum[pos])
    for (const r of this.labelRefs) {
      r.position += cum[r.position]
      r.offsetPosition += cum[r.offsetPosition]
    }
    const moved = new Map<number, { line: number; column: number }>()
    for (const [pos, loc] of this.offsetToSource) moved.set(pos + cum[pos], loc)
    this.offsetToSource = moved
    this.pending = out
  }

  // ---- branches ----

  /** Shrinks v13 varint branch placeholders to their minimal size, repeating until stable. */
  findBranchSizes(): void {
    for (;;) {
      const edits: Edit[] = []
      for (const lr of this.labelRefs) {
        if (!lr.varint) continue
        const dest = this.labels.get(lr.label.str)
        if (dest === undefined) continue
        const opcodePos = lr.position - 1
        if (dest === opcodePos) continue
        const jump = dest < opcodePos ? dest - opcodePos : dest - lr.offsetPosition
        const needed = uvarintLen(zigzag(jump))
        const oldLen = lr.offsetPosition - lr.position
        if (needed < oldLen) edits.push({ position: lr.position, oldLen, newBytes: new Array<number>(needed).fill(0) })
      }
      if (edits.length === 0) return
      edits.sort((a, b) => a.position - b.position)
      this.applyEdits(edits)
    }
  }

  resolveLabels(): void {
    const raw = this.pending
    const reported = new Set<string>()
    for (const lr of this.labelRefs) {
      const name = lr.label.str
      const dest = this.labels.get(name)
      if (dest === undefined) {
        if (!reported.has(name)) this.record(errAt(lr.label, `reference to undefined label ${goQuote(name)}`))
        reported.add(name)
        continue
      }
      if (this.version <= 1 && dest === raw.length) this.record(errAt(lr.label, `label ${goQuote(name)} is too far away`))
      if (this.version < BACK_BRANCH_VERSION && dest < lr.offsetPosition) {
        this.record(errAt(lr.label, `label ${goQuote(name)} is a back reference, back jump support was introduced in v4`))
        continue
      }
      let jump = dest - lr.offsetPosition
      if (lr.varint) {
        const opcodePos = lr.position - 1
        if (dest === opcodePos) {
          this.record(errAt(lr.label, `branch to start of same instruction: ${goQuote(name)} `))
          continue
        }
        if (dest < opcodePos) jump = dest - opcodePos
        const size = lr.offsetPosition - lr.position
        const limit = 2 ** (7 * size - 1)
        if (jump < -limit || jump >= limit) {
          this.record(errAt(lr.label, `label ${goQuote(name)} is too far away`))
          continue
        }
        let z = zigzag(jump)
        let p = lr.position
        while (z >= 0x80) {
          raw[p++] = (z % 128) | 0x80
          z = Math.floor(z / 128)
        }
        raw[p] = z
      } else {
        if (jump > 0x7fff || jump < -0x8000) {
          this.record(errAt(lr.label, `label ${goQuote(name)} is too far away`))
          continue
        }
        raw[lr.position] = (jump >> 8) & 0xff
        raw[lr.position + 1] = jump & 0xff
      }
    }
  }

  // ---- finishing ----

  prependCBlocks(): { program: Uint8Array; prefixLen: number } {
    const pre: number[] = []
    putUvarint(pre, this.version)
    if (this.intc.length > 0 && this.cntIntcBlock === 0) {
      pre.push(this.opcodeOf('intcblock'))
      putUvarint(pre, this.intc.length)
      for (const v of this.intc) putUvarint(pre, v)
    }
    if (this.bytec.length > 0 && this.cntBytecBlock === 0) {
      pre.push(this.opcodeOf('bytecblock'))
      putUvarint(pre, this.bytec.length)
      for (const b of this.bytec) {
        putUvarint(pre, b.length)
        for (const x of b) pre.push(x)
      }
    }
    const program = new Uint8Array(pre.length + this.pending.length)
    program.set(pre)
    program.set(this.pending, pre.length)
    return { program, prefixLen: pre.length }
  }

  shouldAutoSalt(program: Uint8Array): boolean {
    if (this.autoSalt === 'off') {
      if (!this.hasStatefulOps && programHashOnCurve(program)) {
        this.warn(this.autoSaltToken, '#pragma autosalt false leaves program hash on curve')
      }
      return false
    }
    if (this.autoSalt === 'on') {
      if (this.hasStatefulOps) this.warn(this.autoSaltToken, '#pragma autosalt true used with stateful opcodes')
      return programHashOnCurve(program)
    }
    return this.version >= OFF_CURVE_VERSION && !this.hasStatefulOps && programHashOnCurve(program)
  }

  finalizeProgram(): { program: Uint8Array; prefixLen: number } | undefined {
    const first = this.prependCBlocks()
    if (!this.shouldAutoSalt(first.program)) return first
    if (this.intc.length > 0 && this.cntIntcBlock === 0) {
      const n = this.intc.length
      try {
        this.intc.push(0n)
        for (let salt = 0; salt < SALT_SEARCH_LIMIT; salt++) {
          this.intc[n] = BigInt(salt)
          const candidate = this.prependCBlocks()
          if (!programHashOnCurve(candidate.program)) return candidate
        }
      } finally {
        this.intc.length = n
      }
      this.record(new SourceErr(this.sourceLine, 0, 'could not find an automatic intcblock salt that yields an off-curve program'))
      return undefined
    }
    const candidate = new Uint8Array(first.program.length + 3)
    candidate.set(first.program)
    candidate.set([this.opcodeOf('intcblock'), 1, 0], first.program.length)
    for (let salt = 0; salt < SALT_SEARCH_LIMIT; salt++) {
      candidate[candidate.length - 1] = salt
      if (!programHashOnCurve(candidate)) return { program: candidate, prefixLen: first.prefixLen }
    }
    this.record(new SourceErr(this.sourceLine, 0, 'could not find a trailing intcblock salt that yields an off-curve program'))
    return undefined
  }
}

/** go's reJoin: the instruction name and its immediates, for type errors. */
function reJoin(instruction: string, tokens: Token[]): string {
  let out = instruction
  for (let i = 1; i < tokens.length; i++) out += ' ' + tokens[i].str
  return out
}

function parseBool(s: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(s)) return true
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(s)) return false
  return undefined
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

function unknownOpcodeComplaint(name: string, version: number): string {
  let first = -1
  let last = -1
  for (let v = 1; v <= MAX_VERSION; v++) {
    if (opsFor(v).byName.has(name)) {
      if (first === -1) first = v
      last = v
    }
  }
  if (first > version) return `${name} opcode was introduced in v${first}`
  if (last !== -1 && last < version) return `${name} opcode was removed in v${last + 1}`
  return `unknown opcode: ${name}`
}

const MACRO_OK = new Set('+-*/^%&|~!><=?_')
function checkMacroName(name: string, version: number, labels: Map<string, number>): string | undefined {
  const runes = [...name]
  for (const r of runes) {
    if (!/\p{L}/u.test(r) && !/\p{Nd}/u.test(r) && !MACRO_OK.has(r)) return `${r} character not allowed in macro name`
  }
  if (/\p{Nd}/u.test(runes[0])) return `Cannot begin macro name with number: ${name}`
  if (runes.length > 1 && (runes[0] === '-' || runes[0] === '+') && /\p{Nd}/u.test(runes[1])) {
    return `Cannot begin macro name with number: ${name}`
  }
  if (name === 'b64' || name === 'base64' || name === 'b32' || name === 'base32') return `Cannot use ${name} as macro name`
  if (has(TXN_TYPES, name) || has(ON_COMPLETIONS, name)) return `Named constants cannot be used as macro names: ${name}`
  if (Object.prototype.hasOwnProperty.call(PSEUDO_OPS, name)) return `Macro names cannot be pseudo-ops: ${name}`
  if (version !== NO_VERSION) {
    if (opsFor(version).byName.has(name)) return `Macro names cannot be opcodes: ${name}`
    if (fieldNamesAt(version).has(name)) return `Macro names cannot be field names: ${name}`
  }
  if (labels.has(name)) return `Labels cannot be used as macro names: ${name}`
  return undefined
}

// ---- per-op assembly functions ---------------------------------------------------------------

function asmDefault(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  const countErr = ops.checkArgCount(spec.name, mnemonic, args, spec.imms.length)
  if (countErr) return countErr
  ops.pending.push(spec.opcode)
  if (spec.subOpcode !== undefined) ops.pending.push(spec.subOpcode)
  const pseudos = ops.pseudos?.get(spec.name)
  for (let i = 0; i < spec.imms.length; i++) {
    const imm = spec.imms[i]
    const arg = args[i]
    if (imm.kind === 'byte') {
      if (imm.group !== undefined) {
        const fs = groupSpecByName(imm.group, arg.str)
        if (!fs) {
          if (byteImm(arg.str, '').ok) {
            const correct = spec.imms.flatMap((o, j) => (o.kind === 'byte' && o.group === undefined ? [String(j + 1)] : []))
            if (correct.length > 0) {
              return errAt(arg, `${withCount(spec.name, pseudos !== undefined, args.length)} can only use ${goQuote(arg.str)} as immediate ${correct.join(' or ')}`)
            }
          }
          if (pseudos) {
            const counts: number[] = []
            for (const [n, ps] of pseudos) {
              for (const psImm of ps.imms) {
                if (psImm.kind === 'byte' && psImm.group !== undefined && groupSpecByName(psImm.group, arg.str)) counts.push(n)
              }
            }
            if (counts.length > 0) {
              return errAt(arg, `${goQuote(arg.str)} field of ${spec.name} can only be used with ${joinIntsOnOr('immediate', counts)}`)
            }
          }
          return errAt(arg, `${spec.name} unknown field: ${goQuote(arg.str)}`)
        }
        if (fs.type !== undefined) {
          const t = typeFromName(fs.type)
          if (typed(t)) ops.returnsType(spec, t)
        }
        if (fs.version > ops.version) {
          return errAt(arg, `${spec.name} ${arg.str} field was introduced in v${fs.version}. Missed #pragma version?`)
        }
        ops.pending.push(fs.value)
      } else {
        const r = byteImm(arg.str, imm.name)
        if (!r.ok) {
          if (r.error.includes('unable to parse')) {
            const correct = spec.imms.flatMap((o, j) =>
              o.kind === 'byte' && o.group !== undefined && groupSpecByName(o.group, arg.str) ? [String(j + 1)] : [],
            )
            if (correct.length > 0) {
              return errAt(arg, `${withCount(spec.name, pseudos !== undefined, args.length)} can only use ${goQuote(arg.str)} as immediate ${correct.join(' or ')}`)
            }
          }
          return errAt(arg, `${spec.name} ${r.error}`)
        }
        ops.pending.push(r.value)
      }
    } else if (imm.kind === 'int8') {
      const v = parseIntSmall(arg.str, 10, 8)
      if (v === undefined) return errAt(arg, `${spec.name} unable to parse ${imm.name} ${goQuote(arg.str)} as int8`)
      ops.pending.push(v & 0xff)
    } else {
      return errAt(arg, `unable to assemble immKind ${imm.kind}`)
    }
  }
  return undefined
}

function withCount(name: string, pseudo: boolean, count: number): string {
  return pseudo ? `${name} with ${joinIntsOnOr('immediate', [count])}` : name
}

function asmInt(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  const countErr = ops.checkArgCount(spec.name, mnemonic, args, 1)
  if (countErr) return countErr
  if (ops.cntIntcBlock > 0 && ops.version >= BACK_BRANCH_VERSION) {
    ops.warn(args[0], `int ${args[0].str} used with explicit intcblock. must pushint`)
    return asmPushInt(ops, ops.spec('pushint') as AsmSpec, mnemonic, args)
  }
  if (ops.cntIntcBlock > 1) {
    const pushint = ops.spec('pushint')
    if (pushint) return asmPushInt(ops, pushint, mnemonic, args)
    return errAt(mnemonic, `int ${args[0].str} used with manual intcblocks. Use intc.`)
  }
  const s = args[0].str
  let val: bigint
  if (has(TXN_TYPES, s)) val = BigInt(TXN_TYPES[s])
  else if (has(ON_COMPLETIONS, s)) val = BigInt(ON_COMPLETIONS[s])
  else {
    const r = parseUint(s, 0, 64)
    if (!r.ok) return errAt(args[0], `unable to parse ${goQuote(s)} as integer`)
    val = r.value
  }
  const err = ops.intLiteral(val)
  return err ? errAt(args[0], err) : undefined
}

function asmConstIndex(write: 'writeIntc' | 'writeBytec'): AsmFunc {
  return (ops, spec, mnemonic, args) => {
    const countErr = ops.checkArgCount(spec.name, mnemonic, args, 1)
    if (countErr) return countErr
    const r = byteImm(args[0].str, 'constant')
    if (!r.ok) return errAt(args[0], r.error)
    const err = ops[write](r.value)
    return err ? errAt(args[0], err) : undefined
  }
}

function asmPushInt(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  const countErr = ops.checkArgCount(spec.name, mnemonic, args, 1)
  if (countErr) return countErr
  const r = parseUint(args[0].str, 0, 64)
  if (!r.ok) return errAt(args[0], `unable to parse ${goQuote(args[0].str)} as integer`)
  ops.pending.push(spec.opcode)
  putUvarint(ops.pending, r.value)
  return undefined
}

function asmIntImmArgs(ops: OpStream, args: Token[]): bigint[] {
  putUvarint(ops.pending, args.length)
  return args.map((t) => {
    const r = parseUint(t.str, 0, 64)
    if (!r.ok) ops.record(errAt(t, r.error))
    const v = r.ok ? r.value : 0n
    putUvarint(ops.pending, v)
    return v
  })
}

function asmPushInts(ops: OpStream, spec: AsmSpec, _mnemonic: Token, args: Token[]): SourceErr | undefined {
  ops.pending.push(spec.opcode)
  asmIntImmArgs(ops, args)
  return undefined
}

function asmPushBytes(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  if (args.length === 0) return errAfter(mnemonic, `${mnemonic.str} needs byte literal argument`)
  const r = parseBinaryArgs(args)
  if (!r.ok) return errAt(args[r.consumed], `${mnemonic.str} ${r.error}`)
  if (args.length !== r.consumed) return errAt(args[r.consumed], `${mnemonic.str} with extraneous argument`)
  if (r.value.length > MAX_STRING_SIZE) {
    return errAt(args[0], `${mnemonic.str} value is too big (${r.value.length} bytes, limit ${MAX_STRING_SIZE})`)
  }
  ops.pending.push(spec.opcode)
  putUvarint(ops.pending, r.value.length)
  for (const b of r.value) ops.pending.push(b)
  return undefined
}

function asmByteImmArgs(ops: OpStream, spec: AsmSpec, args: Token[]): { vals?: Uint8Array[]; err?: SourceErr } {
  const vals: Uint8Array[] = []
  let rest = args
  while (rest.length > 0) {
    const r = parseBinaryArgs(rest)
    if (!r.ok) return { err: errAt(rest[0], `${spec.name} ${r.error}`) }
    if (r.value.length > MAX_STRING_SIZE) {
      return { err: errAt(rest[0], `${spec.name} arg ${vals.length} is too big (${r.value.length} bytes, limit ${MAX_STRING_SIZE})`) }
    }
    vals.push(r.value)
    rest = rest.slice(r.consumed)
  }
  putUvarint(ops.pending, vals.length)
  for (const v of vals) {
    putUvarint(ops.pending, v.length)
    for (const b of v) ops.pending.push(b)
  }
  return { vals }
}

function asmPushBytess(ops: OpStream, spec: AsmSpec, _mnemonic: Token, args: Token[]): SourceErr | undefined {
  ops.pending.push(spec.opcode)
  return asmByteImmArgs(ops, spec, args).err
}

function asmIntCBlock(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  ops.pending.push(spec.opcode)
  const vals = asmIntImmArgs(ops, args)
  if (!ops.known.deadcode) {
    if (ops.hasPseudoInt) return errAt(mnemonic, 'intcblock following int')
    ops.intcRefs = []
    ops.intc = vals
    ops.cntIntcBlock++
  }
  return undefined
}

function asmByteCBlock(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  ops.pending.push(spec.opcode)
  const { vals, err } = asmByteImmArgs(ops, spec, args)
  if (err) return err
  if (!ops.known.deadcode) {
    if (ops.hasPseudoByte) return errAt(mnemonic, 'bytecblock following byte/addr/method')
    ops.bytecRefs = []
    ops.bytec = vals as Uint8Array[]
    ops.cntBytecBlock++
  }
  return undefined
}

function asmByte(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  if (args.length === 0) return errAfter(mnemonic, `${spec.name} needs byte literal argument`)
  if (ops.cntBytecBlock > 0 && ops.version >= BACK_BRANCH_VERSION) {
    ops.warn(args[0], `byte ${args[0].str} used with explicit bytecblock. must pushbytes`)
    return asmPushBytes(ops, ops.spec('pushbytes') as AsmSpec, mnemonic, args)
  }
  if (ops.cntBytecBlock > 1) {
    const pushbytes = ops.spec('pushbytes')
    if (pushbytes) return asmPushBytes(ops, pushbytes, mnemonic, args)
    return errAt(args[0], `byte ${args[0].str} used with manual bytecblocks. Use bytec.`)
  }
  const r = parseBinaryArgs(args)
  if (!r.ok) return errAt(args[r.consumed], `${spec.name} ${r.error}`)
  if (args.length !== r.consumed) return errAt(args[r.consumed], `${spec.name} with extraneous argument`)
  if (r.value.length > MAX_STRING_SIZE) {
    return errAt(args[0], `${spec.name} value is too big (${r.value.length} bytes, limit ${MAX_STRING_SIZE})`)
  }
  const err = ops.byteLiteral(r.value)
  return err ? errAt(args[0], err) : undefined
}

function asmMethod(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  const countErr = ops.checkArgCount(spec.name, mnemonic, args, 1)
  if (countErr) return countErr
  const arg = args[0].str
  if (arg.length > 1 && arg[0] === '"' && arg[arg.length - 1] === '"') {
    const sig = parseStringLiteral(arg)
    if (!sig.ok) return errAt(args[0], sig.error)
    const abiErr = verifyMethodSignature(new TextDecoder().decode(sig.value))
    if (abiErr) ops.warn(args[0], `invalid ARC-4 ABI method signature for method op: ${abiErr}`)
    const err = ops.byteLiteral(sha512_256(sig.value).slice(0, 4))
    return err ? errAt(args[0], err) : undefined
  }
  return errAt(args[0], 'unable to parse method signature')
}

function asmAddr(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  const countErr = ops.checkArgCount(spec.name, mnemonic, args, 1)
  if (countErr) return countErr
  const a = decodeAddress(args[0].str)
  if (!a.ok) return errAt(args[0], a.error)
  const err = ops.byteLiteral(a.value)
  return err ? errAt(args[0], err) : undefined
}

function asmArg(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  const countErr = ops.checkArgCount(spec.name, mnemonic, args, 1)
  if (countErr) return countErr
  const r = byteImm(args[0].str, 'argument')
  if (!r.ok) return errAt(args[0], r.error)
  if (r.value < 4) return asmDefault(ops, ops.spec(`arg_${r.value}`) as AsmSpec, mnemonic, [])
  return asmDefault(ops, spec, mnemonic, args)
}

function asmBranch(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  const countErr = ops.checkArgCount(spec.name, mnemonic, args, 1)
  if (countErr) return countErr
  const pos = ops.pending.length
  if (spec.imms[0].kind === 'varintLabel') {
    ops.labelRefs.push({ position: pos + 1, label: args[0], offsetPosition: pos + 1 + VARINT_BRANCH_INITIAL_SIZE, varint: true })
    ops.pending.push(spec.opcode, 0, 0, 0)
  } else {
    ops.labelRefs.push({ position: pos + 1, label: args[0], offsetPosition: pos + 3, varint: false })
    ops.pending.push(spec.opcode, 0, 0)
  }
  return undefined
}

function asmSwitch(ops: OpStream, spec: AsmSpec, _mnemonic: Token, args: Token[]): SourceErr | undefined {
  if (args.length > 255) return errAt(args[255], `${spec.name} cannot take more than 255 labels`)
  ops.pending.push(spec.opcode, args.length)
  const end = ops.pending.length + 2 * args.length
  for (const arg of args) {
    ops.labelRefs.push({ position: ops.pending.length, label: arg, offsetPosition: end, varint: false })
    ops.pending.push(0, 0)
  }
  return undefined
}

function asmSubstring(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  const err = asmDefault(ops, spec, mnemonic, args)
  if (err) return err
  const start = parseUint(args[0].str, 0, 64)
  const end = parseUint(args[1].str, 0, 64)
  if ((end.ok ? end.value : 0n) < (start.ok ? start.value : 0n)) return errAt(args[0], 'substring end is before start')
  return undefined
}

function asmItxn(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  if (args.length === 1) return asmDefault(ops, spec, mnemonic, args)
  if (args.length === 2) return asmDefault(ops, ops.spec('itxna') as AsmSpec, mnemonic, args)
  return errAt(mnemonic, `${spec.name} expects 1 or 2 immediate arguments`)
}

function asmGitxn(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  if (args.length === 2) return asmDefault(ops, spec, mnemonic, args)
  if (args.length === 3) return asmDefault(ops, ops.spec('gitxna') as AsmSpec, mnemonic, args)
  return errAt(mnemonic, `${spec.name} expects 2 or 3 immediate arguments`)
}

function asmItxnField(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  const countErr = ops.checkArgCount(spec.name, mnemonic, args, 1)
  if (countErr) return countErr
  const name = args[0].str
  if (!fieldByName('txn Fields', name)) return errAt(args[0], `${spec.name} unknown field: ${goQuote(name)}`)
  const fs = fieldByName('txn', name)
  if (!fs) return errAt(args[0], `${spec.name} ${goQuote(name)} is not allowed.`)
  if (fs.version > ops.version) {
    return errAt(args[0], `${spec.name} ${name} field was introduced in v${fs.version}. Missed #pragma version?`)
  }
  ops.pending.push(spec.opcode, fs.value)
  return undefined
}

function asmAppParamsSet(ops: OpStream, spec: AsmSpec, mnemonic: Token, args: Token[]): SourceErr | undefined {
  const countErr = ops.checkArgCount(spec.name, mnemonic, args, 1)
  if (countErr) return countErr
  const name = args[0].str
  if (!fieldByName('app_params Fields', name)) return errAt(args[0], `${spec.name} unknown field: ${goQuote(name)}`)
  const fs = fieldByName('app_params_set Fields', name)
  if (!fs) return errAt(args[0], `${spec.name} ${goQuote(name)} is not settable.`)
  if (fs.version > ops.version) {
    return errAt(args[0], `${spec.name} ${name} field is settable in v${fs.version}. Missed #pragma version?`)
  }
  ops.pending.push(spec.opcode, fs.value)
  return undefined
}

const ASM_FUNCS: Record<string, AsmFunc> = {
  intcblock: asmIntCBlock,
  bytecblock: asmByteCBlock,
  intc: asmConstIndex('writeIntc'),
  bytec: asmConstIndex('writeBytec'),
  arg: asmArg,
  pushint: asmPushInt,
  pushints: asmPushInts,
  pushbytes: asmPushBytes,
  pushbytess: asmPushBytess,
  switch: asmSwitch,
  match: asmSwitch,
  substring: asmSubstring,
  itxn: asmItxn,
  gitxn: asmGitxn,
  itxn_field: asmItxnField,
  app_params_set: asmAppParamsSet,
}

// ---- entry point -----------------------------------------------------------------------------

/** Assembles TEAL source to bytecode exactly as algod's assembler does. */
export function assemble(source: string, options: AssembleOptions = {}): AssembleResult {
  const ops = new OpStream(options.version ?? NO_VERSION)
  ops.parseText(source)
  let program: Uint8Array | undefined
  let prefixLen = 0
  if (ops.errors.length === 0) {
    const fin = ops.finalizeProgram()
    if (fin) {
      program = fin.program
      prefixLen = fin.prefixLen
    }
  }
  const ok = ops.errors.length === 0
  const pcToLine = new Map<number, number>()
  const locations = new Map<number, { line: number; column: number }>()
  if (ok) {
    for (const [pc, loc] of ops.offsetToSource) {
      locations.set(pc + prefixLen, loc)
      pcToLine.set(pc + prefixLen, loc.line + 1)
    }
  }
  return {
    ok,
    ...(ok && program ? { program } : {}),
    version: ops.version === NO_VERSION ? DEFAULT_VERSION : ops.version,
    errors: ops.errors.map((e) => ({ line: e.line, column: e.column, message: e.message })),
    warnings: ops.warnings.map((w) => formatAssemblyError(w)),
    sourceMap: buildSourceMap(['<body>'], locations),
    pcToLine,
  }
}
