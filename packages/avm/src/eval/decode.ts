// Decodes one instruction of a program into an `Instr`: the op's row from the spec table, its
// immediates parsed once, its stack-argument kinds and its cost rule. Errors are go-algorand's
// texts for malformed bytecode. Branch and switch targets are left unvalidated: go only fails on
// them when the jump is taken (or in the static check), so the handlers and check.ts do that.

import { fieldByValue, opAt, opSpecError, opsFor, type OpTable } from '../spec/index.ts'
import type { CostSpec, FieldSpec, OpSpec } from '../spec/types.ts'
import { AvmError } from './errors.ts'
import type { Instr, OpHandler } from './context.ts'
import type { Uint64 } from './values.ts'

/** go's maxStringSize: the longest byte string the AVM handles. */
export const MAX_STRING_SIZE = 4096
/** go's maxStackDepth. */
export const MAX_STACK_DEPTH = 1000
/** go's LogicVersion: the highest program version the evaluator accepts. */
export const LOGIC_VERSION = 14
/** Version from which b/bz/bnz/callsub offsets are zigzag varints. */
export const VARINT_BRANCH_VERSION = 13

// Results of the last uvarint/varint read (avoids allocating a tuple per read).
let vlen = 0
let vnum = 0
let vbig: bigint | undefined

/**
 * Go's binary.Uvarint at `pos`: sets `vlen` to the bytes used (0 when the buffer ends first,
 * negative on 64-bit overflow) and the value in `vnum` (or `vbig` when ≥ 2^53).
 */
function uvarint(p: Uint8Array, pos: number): void {
  let x = 0n
  let shift = 0n
  vbig = undefined
  for (let i = 0; pos + i < p.length; i++) {
    const b = p[pos + i]
    if (i === 9 && b > 1) {
      vlen = -(i + 1)
      return
    }
    if (b < 0x80) {
      x |= BigInt(b) << shift
      vlen = i + 1
      if (x <= BigInt(Number.MAX_SAFE_INTEGER)) vnum = Number(x)
      else {
        vbig = x
        vnum = Number.MAX_SAFE_INTEGER + 1
      }
      return
    }
    x |= BigInt(b & 0x7f) << shift
    shift += 7n
    if (i === 9) {
      vlen = -(i + 1)
      return
    }
  }
  vlen = 0
}

function uvarintValue(): Uint64 {
  return vbig ?? vnum
}

/** Go's binary.Varint (zigzag) at `pos`; value in `vnum` as a JS number (exact for |x| < 2^53). */
function varint(p: Uint8Array, pos: number): void {
  uvarint(p, pos)
  if (vlen <= 0) return
  const ux = vbig ?? BigInt(vnum)
  const x = (ux & 1n) === 0n ? ux >> 1n : ~(ux >> 1n)
  vnum = Number(x)
}

/** Reads the program's version header like go's transactions.ProgramVersion. */
export function programVersion(program: Uint8Array): { version: number; length: number } {
  if (program.length === 0) throw new AvmError('invalid program (empty)')
  uvarint(program, 0)
  if (vlen <= 0) throw new AvmError('invalid version')
  return { version: vbig !== undefined ? Number(vbig) : vnum, length: vlen }
}

/** The table an AVM version runs: v0 is v1's ops (go keeps it for old programs). */
export function tableFor(version: number): OpTable {
  return opsFor(version)
}

const STACK_KIND_ANY = 0
const STACK_KIND_UINT = 1
const STACK_KIND_BYTES = 2

/** 0 any, 1 uint64, 2 bytes for a langspec stack type name. */
export function stackKind(name: string): number {
  if (name === 'any') return STACK_KIND_ANY
  if (name === 'uint64' || name === 'bool') return STACK_KIND_UINT
  return STACK_KIND_BYTES
}

/** Ops whose stack effect is not their prototype (go's `trusted`): no return checks after them. */
const TRUSTED = new Set(['popn', 'dupn', 'pushbytess', 'pushints', 'retsub', 'match'])

/** Per-op cached data independent of the instruction's position. */
interface OpInfo {
  argKinds: Uint8Array
  returnsBytes: boolean
}
const opInfoCache = new WeakMap<OpSpec, OpInfo>()
function opInfo(spec: OpSpec): OpInfo {
  let info = opInfoCache.get(spec)
  if (info === undefined) {
    const argKinds = Uint8Array.from(spec.args.map(stackKind))
    const returnsBytes = !TRUSTED.has(spec.name) && spec.returns.some((r) => stackKind(r) !== STACK_KIND_UINT)
    info = { argKinds, returnsBytes }
    opInfoCache.set(spec, info)
  }
  return info
}

/** Instruction bytes taken by the opcode itself (2 for a prefix + sub-opcode op). */
function opcodeBytes(spec: OpSpec): number {
  return spec.subOpcode !== undefined && spec.subOpcode !== 0 ? 2 : 1
}

function resolveCost(cost: CostSpec, field: FieldSpec | undefined): Exclude<CostSpec, { kind: 'perField' }> | undefined {
  if (cost.kind !== 'perField') return cost
  if (field === undefined) return undefined
  return cost.byField[field.name]
}

/** What decoding needs besides the program: the table and the consensus LogicSigVersion. */
export interface DecodeEnv {
  program: Uint8Array
  version: number
  ops: OpTable
  /** Consensus LogicSigVersion (from 13 byte constants over 4096 bytes are refused). */
  protoVersion: number
  handlers: Map<string, OpHandler>
}

function handlerFor(env: DecodeEnv, spec: OpSpec): OpHandler {
  return env.handlers.get(spec.name) ?? missingHandler
}

/** A table op with no handler registered yet fails like an unknown opcode would. */
function missingHandler(_cx: unknown, ins: Instr): void {
  throw new AvmError(`${ins.spec.name} is not implemented`)
}

/** Decodes the instruction at `pc` (throws go's text for malformed immediates). */
export function decodeInstr(env: DecodeEnv, pc: number): Instr {
  const p = env.program
  const spec = opAt(env.ops, p, pc)
  if (spec === undefined) throw new AvmError(opSpecError(env.ops, p, pc))
  const info = opInfo(spec)
  const ins: Instr = {
    spec,
    pc,
    next: pc + spec.size,
    handler: handlerFor(env, spec),
    nargs: spec.args.length,
    argKinds: info.argKinds,
    returnsBytes: info.returnsBytes,
    nrets: spec.returns.length,
    cost: 0,
    perChunk: 0,
    chunkSize: 1,
    chunkArg: 0,
    imm: [],
    field: undefined,
    fields: [],
    ints: [],
    bytes: [],
    targets: [],
  }
  if (spec.size !== 0 && pc + spec.size > p.length) {
    ins.error = 'program ends without immediate value(s)'
    return ins
  }
  let pos = pc + opcodeBytes(spec)
  for (const im of spec.immediates) {
    switch (im.encoding) {
      case 'uint8': {
        const v = p[pos++]
        ins.imm.push(v)
        let f: FieldSpec | undefined
        if (im.reference !== undefined) {
          f = fieldByValue(im.reference, v)
          if (ins.field === undefined) ins.field = f
        }
        ins.fields.push(f)
        break
      }
      case 'int8': {
        const v = p[pos++]
        ins.imm.push(v > 127 ? v - 256 : v)
        ins.fields.push(undefined)
        break
      }
      case 'int16 (big-endian)': {
        // Pre-v13 branches: target counted from the end of the 3-byte instruction.
        const off = ((p[pos] << 8) | p[pos + 1]) << 16 >> 16
        pos += 2
        ins.imm.push(pc + 3 + off, off)
        break
      }
      case 'varint (zigzag)': {
        varint(p, pos)
        if (vlen <= 0) {
          throw new AvmError(vlen === 0 ? 'program ends without branch target' : 'branch offset varint overflows int64')
        }
        const size = pos - pc + vlen
        // Negative offsets count back from the instruction's start, others forward from its end.
        ins.imm.push(vnum < 0 ? pc + vnum : pc + size + vnum, vnum)
        pos += vlen
        break
      }
      case 'varuint': {
        uvarint(p, pos)
        if (vlen <= 0) throw new AvmError(`could not decode int at program[${pos}]`)
        ins.ints.push(uvarintValue())
        pos += vlen
        break
      }
      case 'varuint length, bytes': {
        uvarint(p, pos)
        if (vlen <= 0) throw new AvmError(`could not decode length at program[${pos}]`)
        pos += vlen
        const end = pos + (vbig !== undefined ? Infinity : vnum)
        if (end > p.length) throw new AvmError(`pushbytes too long at program[${pos}]`)
        ins.bytes.push(p.subarray(pos, end))
        pos = end
        break
      }
      case 'varuint count, [varuint ...]':
        pos = parseInts(p, pos, ins.ints)
        break
      case 'varuint count, [varuint length, bytes ...]':
        pos = parseByteList(env, spec, pos, ins.bytes)
        break
      case 'varuint count, [int16 (big-endian) ...]': {
        if (pos >= p.length) throw new AvmError(`bare ${spec.name} opcode at end of program`)
        const n = p[pos]
        const eoi = pos + 1 + 2 * n
        if (eoi > p.length) throw new AvmError(`${spec.name} opcode claims to extend beyond program`)
        for (let i = 0; i < n; i++) {
          const off = ((p[pos + 1 + 2 * i] << 8) | p[pos + 2 + 2 * i]) << 16 >> 16
          ins.targets.push(eoi + off)
        }
        pos = eoi
        break
      }
    }
  }
  ins.next = pos
  const cost = resolveCost(spec.cost, ins.field)
  if (cost !== undefined) {
    if (cost.kind === 'fixed') ins.cost = cost.cost
    else {
      ins.cost = cost.base
      ins.perChunk = cost.perChunk
      ins.chunkSize = cost.chunkSize
      ins.chunkArg = cost.arg
    }
  }
  return ins
}

// go's parseIntImmArgs.
function parseInts(p: Uint8Array, pos: number, out: Uint64[]): number {
  uvarint(p, pos)
  if (vlen <= 0) throw new AvmError(`could not decode length of int list at pc=${pos}`)
  pos += vlen
  if (vbig !== undefined || vnum > p.length) throw new AvmError('const int list with too many items')
  const n = vnum
  for (let i = 0; i < n; i++) {
    if (pos >= p.length) throw new AvmError('const int list ran past end of program')
    uvarint(p, pos)
    if (vlen <= 0) throw new AvmError(`could not decode int const[${i}] at pc=${pos}`)
    out.push(uvarintValue())
    pos += vlen
  }
  return pos
}

// go's parseByteImmArgs plus byteImmArgs' v13 size limit and the pre-v13 trailing-empty bug.
function parseByteList(env: DecodeEnv, spec: OpSpec, pos: number, out: Uint8Array[]): number {
  const p = env.program
  uvarint(p, pos)
  if (vlen <= 0) throw new AvmError(`could not decode length of bytes list at pc=${pos}`)
  pos += vlen
  if (vbig !== undefined || vnum > p.length) throw new AvmError('const bytes list with too many items')
  const n = vnum
  for (let i = 0; i < n; i++) {
    if (pos >= p.length) throw new AvmError('const bytes list ran past end of program')
    uvarint(p, pos)
    if (vlen <= 0) throw new AvmError(`could not decode []byte const[${i}] at pc=${pos}`)
    pos += vlen
    const end = pos + (vbig !== undefined ? Infinity : vnum)
    if (end > p.length) throw new AvmError('const bytes list ran past end of program')
    out.push(p.subarray(pos, end))
    pos = end
  }
  if (env.protoVersion >= 13) {
    for (let i = 0; i < out.length; i++) {
      if (out[i].length > MAX_STRING_SIZE) {
        throw new AvmError(`${spec.name} arg ${i} is too big (${out[i].length} bytes, limit ${MAX_STRING_SIZE})`)
      }
    }
  } else if (pos === p.length && out.length > 0 && out[out.length - 1].length === 0) {
    throw new AvmError('const bytes list ran past end of program')
  }
  return pos
}
