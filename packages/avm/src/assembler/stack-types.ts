// Static stack types for the assembler's type tracking, with go-algorand's naming
// ("[5]byte", "uint64 (<= 1)", "bool", ...) because those names appear in its error texts.
import { namedType } from '../spec/index.ts'

/** The underlying AVM type of a stack slot. */
export type AvmType = 'none' | 'any' | 'uint64' | '[]byte'

/** A stack type: name, AVM type and bounds (value bounds for uint64, length bounds for bytes). */
export interface StackType {
  name: string
  avm: AvmType
  min: bigint
  max: bigint
}

export const MAX_U64 = 0xffff_ffff_ffff_ffffn
export const MAX_STRING_SIZE = 4096n
export const MAX_BYTE_MATH_SIZE = 64n

/** A stack type named as go's NewStackType would name it (unless `name` is given). */
export function stackType(avm: AvmType, min: bigint, max: bigint, name?: string): StackType {
  let n: string = avm
  if (min === max) {
    if (avm === '[]byte') n = `[${min}]byte`
    else if (avm === 'uint64') n = `${min}`
  } else if (min === 0n && max !== 0n) {
    if (avm === '[]byte' && max !== MAX_STRING_SIZE) n = `[<=${max}]byte`
    else if (avm === 'uint64' && max !== MAX_U64) n += ` (<= ${max})`
  } else if (min !== 0n && max !== 0n) {
    if (avm === '[]byte') n = `[${min}-${max}]byte`
    else if (avm === 'uint64') n += ` (${min}-${max})`
  }
  return { name: name ?? n, avm, min, max }
}

export const StackAny: StackType = { name: 'any', avm: 'any', min: 0n, max: 0n }
export const StackNone: StackType = { name: 'none', avm: 'none', min: 0n, max: 0n }
export const StackUint64 = stackType('uint64', 0n, MAX_U64)
export const StackBytes = stackType('[]byte', 0n, MAX_STRING_SIZE)
export const StackZeroUint64 = stackType('uint64', 0n, 0n, '0')

/** Same name, AVM type and bounds (go compares StackType structs with ==). */
export function sameType(a: StackType, b: StackType): boolean {
  return a.name === b.name && a.avm === b.avm && a.min === b.min && a.max === b.max
}

/** Could a value of type `st` satisfy `expected`? */
export function overlaps(st: StackType, expected: StackType): boolean {
  if (st.avm === 'none' || expected.avm === 'none') return false
  if (st.avm === 'any' || expected.avm === 'any') return true
  if (st.avm !== expected.avm) return false
  return st.min <= expected.max && st.max >= expected.min
}

/** The smallest type covering both. */
export function union(a: StackType, b: StackType): StackType {
  if (a.avm !== b.avm) return StackAny
  return stackType(a.avm, a.min < b.min ? a.min : b.min, a.max > b.max ? a.max : b.max)
}

/** Only the AVM type, bounds dropped. */
export function widened(t: StackType): StackType {
  if (t.avm === '[]byte') return StackBytes
  if (t.avm === 'uint64') return StackUint64
  return StackAny
}

/** The constant value of a single-valued uint64 type. */
export function constInt(t: StackType): bigint | undefined {
  return t.avm === 'uint64' && t.min === t.max ? t.min : undefined
}

/** Is this a concrete (uint64 or bytes) type? */
export function typed(t: StackType): boolean {
  return t.avm === 'uint64' || t.avm === '[]byte'
}

const byName = new Map<string, StackType>()

/** The stack type langspec calls `name` ('uint64', '[]byte', 'bool', '[32]byte', 'boxName', ...). */
export function typeFromName(name: string): StackType {
  const cached = byName.get(name)
  if (cached) return cached
  let t: StackType
  const fixed = /^\[(\d+)\]byte$/.exec(name)
  if (fixed) t = stackType('[]byte', BigInt(fixed[1]), BigInt(fixed[1]), name)
  else if (name === 'any') t = StackAny
  else if (name === 'none') t = StackNone
  else if (name === 'uint64') t = StackUint64
  else if (name === '[]byte') t = StackBytes
  else {
    const nt = namedType(name)
    if (!nt) throw new Error(`unknown stack type ${name}`)
    const max = nt.avmType === 'uint64' && nt.bound[1] >= 2 ** 63 ? MAX_U64 : BigInt(nt.bound[1])
    t = stackType(nt.avmType as AvmType, BigInt(nt.bound[0]), max, name)
  }
  byName.set(name, t)
  return t
}
