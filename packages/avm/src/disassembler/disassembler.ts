// Bytecode → TEAL, following go-algorand's disassembler (same label names, constant comments
// and pragmas) so the text reassembles to the same bytes at every version.
import { programHashOnCurve } from '../assembler/autosalt.ts'
import { encodeAddress, goQuote } from '../assembler/literals.ts'
import { MAX_VERSION, fieldByValue, opAt, opSpecError, opsFor } from '../spec/index.ts'
import type { OpSpec } from '../spec/index.ts'

const MODE_APP = 2
const OFF_CURVE_VERSION = 13

/** Reads an unsigned LEB128 varint like Go's binary.Uvarint: [value, bytes used] (0 = short, <0 = overflow). */
function uvarint(buf: Uint8Array, pos: number): [bigint, number] {
  // Fast path for the common one-byte varint.
  if (pos < buf.length && buf[pos] < 0x80) return [BigInt(buf[pos]), 1]
  let x = 0n
  let shift = 0n
  for (let i = 0; i < 10; i++) {
    if (pos + i >= buf.length) return [0n, 0]
    const b = buf[pos + i]
    if (b < 0x80) {
      if (i === 9 && b > 1) return [0n, -(i + 1)]
      return [x | (BigInt(b) << shift), i + 1]
    }
    x |= BigInt(b & 0x7f) << shift
    shift += 7n
  }
  return [0n, -11]
}

/** Go's binary.Varint (zigzag). */
function varint(buf: Uint8Array, pos: number): [number, number] {
  const [ux, n] = uvarint(buf, pos)
  const x = ux >> 1n
  return [Number(ux & 1n ? -x - 1n : x), n]
}

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')

/** go's guessByteFormat: an address, a printable string, or hex. */
function guessByteFormat(b: Uint8Array): string {
  if (b.length === 32) return `addr ${encodeAddress(b)}`
  if (b.every((c) => c >= 32 && c <= 126)) return goQuote(String.fromCharCode(...b))
  return '0x' + hex(b)
}

function fieldName(group: string, opName: string, value: number): string | undefined {
  // itxn_field names any txn field; the others index only their own group.
  const g = opName === 'itxn_field' ? 'txn Fields' : group
  const f = fieldByValue(g, value)
  if (!f) return undefined
  if (g === 'txn Fields' && opName !== 'itxn_field' && fieldByValue('txna Fields', value)?.name === f.name) {
    return undefined
  }
  return f.name
}

interface State {
  program: Uint8Array
  pc: number
  nextpc: number
  labelCount: number
  labels: Map<number, string>
  rerun: boolean
  intc: bigint[]
  bytec: Uint8Array[]
}

function labelFor(dis: State, target: number): string {
  const known = dis.labels.get(target)
  if (known !== undefined) return known
  const label = `label${++dis.labelCount}`
  dis.labels.set(target, label)
  if (target <= dis.pc) dis.rerun = true
  return label
}

function parseIntList(program: Uint8Array, pos: number): [bigint[], number] {
  const [count, used] = uvarint(program, pos)
  if (used <= 0) throw new Error(`could not decode length of int list at pc=${pos}`)
  pos += used
  if (count > BigInt(program.length)) throw new Error('const int list with too many items')
  const out: bigint[] = []
  for (let i = 0; i < Number(count); i++) {
    if (pos >= program.length) throw new Error('const int list ran past end of program')
    const [v, n] = uvarint(program, pos)
    if (n <= 0) throw new Error(`could not decode int const[${i}] at pc=${pos}`)
    out.push(v)
    pos += n
  }
  return [out, pos]
}

function parseBytesList(program: Uint8Array, pos: number): [Uint8Array[], number] {
  const [count, used] = uvarint(program, pos)
  if (used <= 0) throw new Error(`could not decode length of bytes list at pc=${pos}`)
  pos += used
  if (count > BigInt(program.length)) throw new Error('const bytes list with too many items')
  const out: Uint8Array[] = []
  for (let i = 0; i < Number(count); i++) {
    if (pos >= program.length) throw new Error('const bytes list ran past end of program')
    const [len, n] = uvarint(program, pos)
    if (n <= 0) throw new Error(`could not decode []byte const[${i}] at pc=${pos}`)
    pos += n
    const end = BigInt(pos) + len
    if (end > BigInt(program.length)) throw new Error('const bytes list ran past end of program')
    out.push(program.slice(pos, Number(end)))
    pos = Number(end)
  }
  return [out, pos]
}

/** One instruction's text; sets dis.nextpc. */
function disassembleOp(dis: State, spec: OpSpec): string {
  const program = dis.program
  let out = spec.name
  let pc = dis.pc + 1 + (spec.subOpcode !== undefined ? 1 : 0)
  for (const imm of spec.immediates) {
    const name = imm.name.toLowerCase()
    out += ' '
    switch (imm.encoding) {
      case 'uint8':
      case 'int8': {
        if (pc + 1 > program.length) throw new Error(`program end while reading immediate ${name} for ${spec.name}`)
        const b = program[pc]
        if (imm.reference !== undefined) {
          const f = fieldName(imm.reference, spec.name, b)
          if (f === undefined) throw new Error(`invalid immediate ${name} for ${spec.name}: ${b}`)
          out += f
        } else out += imm.encoding === 'int8' ? String((b << 24) >> 24) : String(b)
        if (spec.name === 'intc' && b < dis.intc.length) out += ` // ${dis.intc[b]}`
        if (spec.name === 'bytec' && b < dis.bytec.length) out += ` // ${guessByteFormat(dis.bytec[b])}`
        pc++
        break
      }
      case 'varint (zigzag)':
      case 'int16 (big-endian)': {
        let offset: number
        let len: number
        if (imm.encoding === 'varint (zigzag)') {
          ;[offset, len] = varint(program, pc)
          if (len <= 0) throw new Error(`could not decode label for ${spec.name}`)
        } else {
          if (pc + 2 > program.length) throw new Error(`program end while reading label for ${spec.name}`)
          offset = (((program[pc] << 8) | program[pc + 1]) << 16) >> 16
          len = 2
        }
        const target = imm.encoding === 'varint (zigzag)' && offset < 0 ? pc - 1 + offset : offset + pc + len
        out += labelFor(dis, target)
        pc += len
        break
      }
      case 'varuint': {
        const [v, n] = uvarint(program, pc)
        if (n <= 0) throw new Error(`could not decode immediate ${name} for ${spec.name}`)
        out += String(v)
        pc += n
        break
      }
      case 'varuint length, bytes': {
        const [len, n] = uvarint(program, pc)
        if (n <= 0) throw new Error(`could not decode immediate ${name} for ${spec.name}`)
        pc += n
        const end = BigInt(pc) + len
        if (end > BigInt(program.length)) throw new Error(`could not decode immediate ${name} for ${spec.name}`)
        const constant = program.slice(pc, Number(end))
        out += `0x${hex(constant)} // ${guessByteFormat(constant)}`
        pc = Number(end)
        break
      }
      case 'varuint count, [varuint ...]': {
        const [ints, next] = parseIntList(program, pc)
        if (spec.name === 'intcblock') dis.intc = ints
        out += ints.join(' ')
        pc = next
        break
      }
      case 'varuint count, [varuint length, bytes ...]': {
        const [list, next] = parseBytesList(program, pc)
        if (spec.name === 'bytecblock') dis.bytec = list
        out += list.map((b) => '0x' + hex(b)).join(' ')
        pc = next
        break
      }
      case 'varuint count, [int16 (big-endian) ...]': {
        if (pc >= program.length) throw new Error(`could not decode label count for ${spec.name}`)
        const count = program[pc++]
        const end = pc + 2 * count
        if (end > program.length) throw new Error(`could not decode labels for ${spec.name}`)
        const labels: string[] = []
        for (let i = 0; i < count; i++, pc += 2) {
          const offset = (((program[pc] << 8) | program[pc + 1]) << 16) >> 16
          labels.push(labelFor(dis, end + offset))
        }
        out += labels.join(' ')
        break
      }
    }
  }
  if (spec.name.startsWith('intc_')) {
    const b = +spec.name.slice(5)
    if (b < dis.intc.length) out += ` // ${dis.intc[b]}`
  }
  if (spec.name.startsWith('bytec_')) {
    const b = +spec.name.slice(6)
    if (b < dis.bytec.length) out += ` // ${guessByteFormat(dis.bytec[b])}`
  }
  dis.nextpc = pc
  return out
}

/** Where each instruction's text starts in a disassembly (go's disInfo.pcOffset). */
interface PcOffset {
  pc: number
  offset: number
}

function run(program: Uint8Array, version: number, vlen: number, labels: Map<number, string> | undefined): { text: string; offsets: PcOffset[] } {
  const table = opsFor(version === 0 ? 1 : version)
  const dis: State = {
    program,
    pc: vlen,
    nextpc: vlen,
    labelCount: 0,
    labels: labels ?? new Map(),
    rerun: false,
    intc: [],
    bytec: [],
  }
  let body = ''
  const offsets: PcOffset[] = []
  let stateful = false
  while (dis.pc < program.length) {
    const pending = dis.labels.get(dis.pc)
    if (pending !== undefined) body += `${pending}:\n`
    const op = opAt(table, program, dis.pc)
    if (!op) throw new Error(opSpecError(table, program, dis.pc))
    if (op.modes === MODE_APP) stateful = true
    if (op.name === 'proto' && !dis.labels.has(dis.pc)) labelFor(dis, dis.pc)
    // as go records it: after the op's label, before its text
    offsets.push({ pc: dis.pc, offset: body.length })
    body += disassembleOp(dis, op) + '\n'
    dis.pc = dis.nextpc
  }
  const last = dis.labels.get(dis.pc)
  if (last !== undefined) body += `${last}:\n`
  if (dis.rerun) {
    if (labels) throw new Error('rerun even though we had labels')
    return run(program, version, vlen, dis.labels)
  }
  let header = `#pragma version ${version}\n`
  if (version >= OFF_CURVE_VERSION && !stateful && programHashOnCurve(program)) header += '#pragma autosalt false\n'
  return { text: header + body, offsets: offsets.map((o) => ({ pc: o.pc, offset: o.offset + header.length })) }
}

/** TEAL text for a program; reassembling it gives the same bytes. Throws with go's text if invalid. */
export function disassemble(program: Uint8Array): string {
  const [version, vlen] = uvarint(program, 0)
  if (vlen <= 0) return '// invalid version\n'
  if (version > BigInt(MAX_VERSION)) return `// unsupported version ${version}\n`
  return run(program, Number(version), vlen, undefined).text
}

/**
 * go's pcDetails: the disassembled instruction at `pc` and up to two before it (with any label
 * lines among them and the next instruction's label), joined by `; `. Empty when the program does
 * not disassemble or no instruction starts at `pc`.
 */
export function pcDetails(program: Uint8Array, pc: number): string {
  const MAX_ADDITIONAL_OPCODES = 2
  const [version, vlen] = uvarint(program, 0)
  if (vlen <= 0 || version > BigInt(MAX_VERSION)) return ''
  let dis: { text: string; offsets: PcOffset[] }
  try {
    dis = run(program, Number(version), vlen, undefined)
  } catch {
    return ''
  }
  const i = dis.offsets.findIndex((o) => o.pc === pc)
  if (i < 0) return ''
  const start = dis.offsets[Math.max(0, i - MAX_ADDITIONAL_OPCODES)].offset
  const end = i + 1 < dis.offsets.length ? dis.offsets[i + 1].offset : dis.text.length
  return dis.text.slice(start, end).replace(/\n$/, '').replaceAll('\n', '; ')
}
