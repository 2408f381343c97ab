// The AVM's stack values. A uint64 is a JS number while it is a safe integer (< 2^53) and a
// bigint from 2^53 up; the form is canonical, so `===` compares uint64s and the common small
// values stay on V8's fast integer path. Byte strings are Uint8Array (never mutated in place).

/** A value on the AVM stack, in scratch space or in state. */
export type StackValue = number | bigint | Uint8Array

/** A uint64 in canonical form. */
export type Uint64 = number | bigint

export const MAX_UINT64 = 0xffff_ffff_ffff_ffffn
const MAX_SAFE = Number.MAX_SAFE_INTEGER

/** Canonical form of a uint64 given as bigint (caller guarantees 0 ≤ x ≤ 2^64-1). */
export function u64(x: bigint): Uint64 {
  return x <= BigInt(MAX_SAFE) ? Number(x) : x
}

/** The uint64 as a bigint. */
export function big(x: Uint64): bigint {
  return typeof x === 'bigint' ? x : BigInt(x)
}

export function isUint64(v: StackValue): v is Uint64 {
  return typeof v !== 'object'
}

export function isBytes(v: StackValue): v is Uint8Array {
  return typeof v === 'object'
}

/** 8-byte big-endian encoding (itob). */
export function uint64ToBytes(x: Uint64): Uint8Array {
  const out = new Uint8Array(8)
  new DataView(out.buffer).setBigUint64(0, big(x))
  return out
}

/** Big-endian bytes (at most 8) to a canonical uint64 (btoi). */
export function bytesToUint64(b: Uint8Array): Uint64 {
  let x = 0n
  for (const byte of b) x = (x << 8n) | BigInt(byte)
  return u64(x)
}

const encoder = new TextEncoder()
/** UTF-8 bytes of a string (keys, type names, ...). */
export function utf8(s: string): Uint8Array {
  return encoder.encode(s)
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
