// v13+ automatic salting: a stateless program's LogicSig address SHA512/256("Program" ‖ bytes)
// must not decode as an ed25519 point. Decoding matches filippo.io/edwards25519 Point.SetBytes,
// which accepts non-canonical y: y is read little-endian with the sign bit ignored, reduced mod
// p, and the encoding is a point iff (y²−1)/(d·y²+1) is a square mod p.
import { sha512_256 } from '@noble/hashes/sha2.js'

const P = (1n << 255n) - 19n
const D = 37095705934669439343138083508754565189542113879843219016388785533085940283555n

function modPow(base: bigint, exp: bigint): bigint {
  let result = 1n
  base %= P
  while (exp > 0n) {
    if (exp & 1n) result = (result * base) % P
    base = (base * base) % P
    exp >>= 1n
  }
  return result
}

/** Do these 32 bytes decode as an ed25519 point (non-canonical y accepted)? */
export function isEdwards25519Point(bytes: Uint8Array): boolean {
  let y = 0n
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(i === 31 ? bytes[i] & 0x7f : bytes[i])
  y %= P
  const y2 = (y * y) % P
  const u = (y2 - 1n + P) % P
  const v = (D * y2 + 1n) % P
  if (v === 0n) return u === 0n
  // u/v is a square iff u·v is (v ≠ 0): Euler's criterion on u·v avoids an inversion.
  const uv = (u * v) % P
  if (uv === 0n) return true
  return modPow(uv, (P - 1n) / 2n) === 1n
}

const PREFIX = new TextEncoder().encode('Program')

/** SHA512/256("Program" ‖ program): the LogicSig's address. */
export function programHash(program: Uint8Array): Uint8Array {
  const buf = new Uint8Array(PREFIX.length + program.length)
  buf.set(PREFIX)
  buf.set(program, PREFIX.length)
  return sha512_256(buf)
}

/** Does the program's LogicSig address decode as an ed25519 point? */
export function programHashOnCurve(program: Uint8Array): boolean {
  return isEdwards25519Point(programHash(program))
}
