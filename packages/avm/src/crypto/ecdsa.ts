// ECDSA for the AVM's ecdsa_* opcodes, reproducing what go-algorand calls: for secp256k1 the
// libsecp256k1 wrapper (compact 64-byte r‖s, overflowing r or s rejected, high S rejected,
// recovery ids 0..3), for secp256r1 Go's crypto/ecdsa (any-length r and s in [1, n), high S
// accepted, key checked on the curve first). The arithmetic runs on @noble/curves points; the
// acceptance rules are spelled out here so they match go's byte for byte.
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { p256 } from '@noble/curves/nist.js'
import { bigToBytesBE, bytesToBigBE, invMod, mod, powMod } from './bigint-bytes.ts'

/** The curves behind the `ECDSA Curves` field group. */
export type EcdsaCurve = 'Secp256k1' | 'Secp256r1'

type WPoint = InstanceType<typeof secp256k1.Point>
interface CurveDef {
  Point: typeof secp256k1.Point
  p: bigint
  n: bigint
  a: bigint
  b: bigint
}

function def(point: typeof secp256k1.Point): CurveDef {
  const c = point.CURVE()
  return { Point: point, p: c.p, n: c.n, a: c.a, b: c.b }
}
const CURVES: Record<EcdsaCurve, CurveDef> = {
  Secp256k1: def(secp256k1.Point),
  Secp256r1: def(p256.Point as unknown as typeof secp256k1.Point),
}

function onCurve(c: CurveDef, x: bigint, y: bigint): boolean {
  if (x >= c.p || y >= c.p) return false
  return mod(y * y - (x * x * x + c.a * x + c.b), c.p) === 0n
}

/** √(x³ + ax + b) with the requested parity, or undefined if x is not on the curve (both p ≡ 3 mod 4). */
function liftX(c: CurveDef, x: bigint, odd: boolean): bigint | undefined {
  if (x >= c.p) return undefined
  const rhs = mod(x * x * x + c.a * x + c.b, c.p)
  let y = powMod(rhs, (c.p + 1n) / 4n, c.p)
  if ((y * y) % c.p !== rhs) return undefined
  if ((y & 1n) === 1n) {
    if (!odd) y = c.p - y
  } else if (odd && y !== 0n) {
    y = c.p - y
  }
  return y
}

function point(c: CurveDef, x: bigint, y: bigint): WPoint {
  return c.Point.fromAffine({ x, y })
}

/** ECDSA core check: R = (e/s)G + (r/s)Q is finite and R.x ≡ r (mod n). r, s already in [1, n). */
function verifyCore(c: CurveDef, e: bigint, r: bigint, s: bigint, q: WPoint): boolean {
  const w = invMod(s, c.n)
  const u1 = mod(e * w, c.n)
  const u2 = mod(r * w, c.n)
  const R = c.Point.BASE.multiplyUnsafe(u1).add(q.multiplyUnsafe(u2))
  if (R.is0()) return false
  return mod(R.toAffine().x, c.n) === r
}

/**
 * `ecdsa_verify`: whether (r, s) signs the 32-byte hash under public key (x, y). The caller has
 * checked the hash length. x and y are big-endian byte strings of any length.
 */
export function ecdsaVerify(
  curve: EcdsaCurve,
  hash: Uint8Array,
  sigR: Uint8Array,
  sigS: Uint8Array,
  pkX: Uint8Array,
  pkY: Uint8Array,
): boolean {
  const c = CURVES[curve]
  const e = mod(bytesToBigBE(hash), c.n)
  if (curve === 'Secp256k1') {
    // go concatenates r‖s and hands libsecp256k1 exactly 64 bytes, split at byte 32.
    if (sigR.length + sigS.length !== 64) return false
    const sig = new Uint8Array(64)
    sig.set(sigR)
    sig.set(sigS, sigR.length)
    const r = bytesToBigBE(sig.subarray(0, 32))
    const s = bytesToBigBE(sig.subarray(32))
    if (r === 0n || s === 0n || r >= c.n || s >= c.n) return false
    if (s > c.n >> 1n) return false
    // go-ethereum's Marshal keeps only the low 32 bytes of each coordinate.
    const x = bytesToBigBE(bigToBytesBE(bytesToBigBE(pkX), 32))
    const y = bytesToBigBE(bigToBytesBE(bytesToBigBE(pkY), 32))
    if (!onCurve(c, x, y)) return false
    return verifyCore(c, e, r, s, point(c, x, y))
  }
  const x = bytesToBigBE(pkX)
  const y = bytesToBigBE(pkY)
  if (!onCurve(c, x, y)) return false
  const r = bytesToBigBE(sigR)
  const s = bytesToBigBE(sigS)
  if (r === 0n || s === 0n || r >= c.n || s >= c.n) return false
  return verifyCore(c, e, r, s, point(c, x, y))
}

/**
 * `ecdsa_pk_decompress`: the 33-byte SEC1 compressed key as 32-byte x and y, or undefined when it
 * is not a valid compressed point.
 */
export function ecdsaDecompress(curve: EcdsaCurve, pubkey: Uint8Array): { x: Uint8Array; y: Uint8Array } | undefined {
  if (pubkey.length !== 33) return undefined
  const prefix = pubkey[0]
  if (prefix !== 2 && prefix !== 3) return undefined
  const c = CURVES[curve]
  const x = bytesToBigBE(pubkey.subarray(1))
  const y = liftX(c, x, prefix === 3)
  if (y === undefined) return undefined
  return { x: bigToBytesBE(x, 32), y: bigToBytesBE(y, 32) }
}

/** Why a secp256k1 recovery failed, in go-ethereum's secp256k1 package's words. */
export type RecoverError = 'invalid message length, need 32 bytes' | 'invalid signature length' | 'recovery failed'

/**
 * `ecdsa_pk_recover` on secp256k1 (libsecp256k1's ecdsa_recover): the public key as 32-byte x and
 * y, or the error text go reports. `recid` is 0..3 (the caller rejects larger values).
 */
export function ecdsaRecover(
  hash: Uint8Array,
  recid: number,
  sigR: Uint8Array,
  sigS: Uint8Array,
): { x: Uint8Array; y: Uint8Array } | { error: RecoverError } {
  if (hash.length !== 32) return { error: 'invalid message length, need 32 bytes' }
  if (sigR.length + sigS.length !== 64) return { error: 'invalid signature length' }
  const c = CURVES.Secp256k1
  const sig = new Uint8Array(64)
  sig.set(sigR)
  sig.set(sigS, sigR.length)
  const r = bytesToBigBE(sig.subarray(0, 32))
  const s = bytesToBigBE(sig.subarray(32))
  if (r === 0n || s === 0n || r >= c.n || s >= c.n) return { error: 'recovery failed' }
  const rx = recid & 2 ? r + c.n : r
  const ry = liftX(c, rx, (recid & 1) === 1)
  if (ry === undefined) return { error: 'recovery failed' }
  const R = point(c, rx, ry)
  const e = mod(bytesToBigBE(hash), c.n)
  const rInv = invMod(r, c.n)
  const u1 = mod(-e * rInv, c.n)
  const u2 = mod(s * rInv, c.n)
  const Q = c.Point.BASE.multiplyUnsafe(u1).add(R.multiplyUnsafe(u2))
  if (Q.is0()) return { error: 'recovery failed' }
  const q = Q.toAffine()
  return { x: bigToBytesBE(q.x, 32), y: bigToBytesBE(q.y, 32) }
}
