// Ed25519 verification with go-algorand's acceptance rules. algod verifies through its libsodium
// fork's crypto_sign_ed25519_bv_compatible_verify_detached: S must be canonical (< L), R and A
// must be canonical encodings (y < p, and no "negative zero" x for y = ±1), A must not be one of
// the small-order points, and the equation is checked cofactored: [8](sB − hA − R) = 0.
import { ed25519 } from '@noble/curves/ed25519.js'
import { sha512 } from '@noble/hashes/sha2.js'
import { bytesToBigLE, concatBytes, mod } from './bigint-bytes.ts'

const Point = ed25519.Point
/** Order of the prime subgroup. */
export const ED25519_L = 2n ** 252n + 27742317777372353535851937790883648493n
const P = 2n ** 255n - 19n

/** y (top bit masked) of the small-order points libsodium's ge25519_has_small_order rejects. */
const SMALL_ORDER_Y = [
  0n,
  1n,
  2707385501144840649318225287225658788936804267575313519463743609750303402022n,
  55188659117513257062467267217118295137698188065244968500265048394206261417927n,
  P - 1n,
  P,
  P + 1n,
]

function maskedY(s: Uint8Array): bigint {
  const b = s.slice()
  b[31]! &= 0x7f
  return bytesToBigLE(b)
}

/** libsodium's ge25519_has_small_order: the encoding's y is that of a point of order ≤ 8. */
export function hasSmallOrder(s: Uint8Array): boolean {
  const y = maskedY(s)
  return SMALL_ORDER_Y.includes(y)
}

/** libsodium's ge25519_is_canonical: y < p (the sign bit is ignored). */
export function isCanonicalY(s: Uint8Array): boolean {
  return maskedY(s) < P
}

/** libsodium's ge25519_is_canonical_vartime: y < p and not the "negative zero" encodings of y = ±1. */
export function isCanonicalPoint(s: Uint8Array): boolean {
  if (!isCanonicalY(s)) return false
  if ((s[31]! & 0x80) === 0) return true
  const y = maskedY(s)
  return y !== 1n && y !== P - 1n
}

/** Decodes a point (after canonical checks) or returns undefined when y has no x. */
export function decodePoint(s: Uint8Array): InstanceType<typeof Point> | undefined {
  try {
    return Point.fromBytes(s, true)
  } catch {
    return undefined
  }
}

/** Verifies an ed25519 signature over `message` exactly as go-algorand's SignatureVerifier.VerifyBytes does. */
export function ed25519VerifyBytes(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== 64 || publicKey.length !== 32) return false
  const rBytes = signature.subarray(0, 32)
  const s = bytesToBigLE(signature.subarray(32, 64))
  if (s >= ED25519_L) return false
  if (!isCanonicalPoint(rBytes)) return false
  if (!isCanonicalPoint(publicKey) || hasSmallOrder(publicKey)) return false
  const A = decodePoint(publicKey)
  const R = decodePoint(rBytes)
  if (A === undefined || R === undefined) return false
  const h = mod(bytesToBigLE(sha512(concatBytes(rBytes, publicKey, message))), ED25519_L)
  const check = Point.BASE.multiplyUnsafe(s).subtract(A.multiplyUnsafe(h)).subtract(R)
  return check.clearCofactor().is0()
}

const PROG_DATA = new TextEncoder().encode('ProgData')

/** `ed25519verify`: the signature is over "ProgData" ‖ program hash ‖ data (go's logic.Msg). */
export function ed25519VerifyProgramData(
  programHash: Uint8Array,
  data: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
): boolean {
  return ed25519VerifyBytes(concatBytes(PROG_DATA, programHash, data), signature, publicKey)
}
