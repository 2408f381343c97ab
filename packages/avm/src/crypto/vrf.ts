// ECVRF-ED25519-SHA512-Elligator2 (draft-irtf-cfrg-vrf-03) verification as Algorand's libsodium
// fork implements it (crypto_vrf_ietfdraft03_verify), for `vrf_verify VrfAlgorand`. Details that
// differ from a strict reading of the draft and that we reproduce: the public key is rejected if
// its y is that of a small-order point; s is reduced mod L rather than rejected when ≥ L; point
// decoding requires y < p but accepts the "negative zero" sign bit.
import { ed25519 } from '@noble/curves/ed25519.js'
import { sha512 } from '@noble/hashes/sha2.js'
import { bigToBytesLE, bytesToBigLE, concatBytes, invMod, mod, powMod } from './bigint-bytes.ts'
import { ED25519_L, decodePoint, hasSmallOrder, isCanonicalY } from './ed25519.ts'

const Point = ed25519.Point
type EdPoint = InstanceType<typeof Point>
const P = 2n ** 255n - 19n
/** Montgomery A of curve25519. */
const A = 486662n
const SUITE = 0x04

/** VRF output length (SHA-512). */
export const VRF_OUTPUT_BYTES = 64
/** Proof length: Gamma (32) ‖ c (16) ‖ s (32). */
export const VRF_PROOF_BYTES = 80
/** Public key length. */
export const VRF_PUBKEY_BYTES = 32

/** Decodes a point with libsodium's _vrf_ietfdraft03_string_to_point rules (y < p). */
function stringToPoint(s: Uint8Array): EdPoint | undefined {
  if (!isCanonicalY(s)) return undefined
  return decodePoint(s)
}

/** libsodium's ge25519_from_uniform: Elligator2 of a 32-byte string, then multiplied by the cofactor. */
export function elligator2(r: Uint8Array): Uint8Array {
  const xSign = r[31]! & 0x80
  const rr = r.slice()
  rr[31]! &= 0x7f
  const u = mod(bytesToBigLE(rr), P)
  // x = −A / (1 + 2u²); if x³ + Ax² + x is not a square, take −x − A instead.
  let x = mod(-A * invMod(mod(2n * u * u + 1n, P), P), P)
  const e = mod(x * x * x + A * x * x + x, P)
  const chi = powMod(e, (P - 1n) / 2n, P)
  if (chi === P - 1n) x = mod(-x - A, P)
  // Birational map to Edwards y = (x − 1)/(x + 1); the sign of the Edwards x comes from r.
  const y = mod((x - 1n) * invMod(mod(x + 1n, P), P), P)
  const enc = bigToBytesLE(y, 32)
  enc[31]! |= xSign
  const pt = Point.fromBytes(enc, true)
  return pt.clearCofactor().toBytes()
}

function hashToCurve(y: Uint8Array, alpha: Uint8Array): EdPoint {
  const r = sha512(concatBytes(new Uint8Array([SUITE, 0x01]), y, alpha)).subarray(0, 32)
  const rr = r.slice()
  rr[31]! &= 0x7f
  return Point.fromBytes(elligator2(rr), true)
}

function hashPoints(...points: EdPoint[]): Uint8Array {
  return sha512(concatBytes(new Uint8Array([SUITE, 0x02]), ...points.map((p) => p.toBytes()))).subarray(0, 16)
}

/**
 * Verifies a VRF proof for message `alpha` under `publicKey`. Returns whether it verified and the
 * 64-byte output, which is all zeros when it did not (as go's VrfPubkey.Verify leaves it).
 */
export function vrfVerify(publicKey: Uint8Array, proof: Uint8Array, alpha: Uint8Array): { ok: boolean; output: Uint8Array } {
  const fail = { ok: false, output: new Uint8Array(VRF_OUTPUT_BYTES) }
  if (publicKey.length !== VRF_PUBKEY_BYTES || proof.length !== VRF_PROOF_BYTES) return fail
  if (hasSmallOrder(publicKey)) return fail
  const Y = stringToPoint(publicKey)
  if (Y === undefined) return fail
  const gamma = stringToPoint(proof.subarray(0, 32))
  if (gamma === undefined) return fail
  const c = bytesToBigLE(proof.subarray(32, 48))
  const s = mod(bytesToBigLE(proof.subarray(48, 80)), ED25519_L)
  // libsodium hashes Y re-encoded from the decoded point, not the caller's bytes.
  const H = hashToCurve(Y.toBytes(), alpha)
  const U = Point.BASE.multiplyUnsafe(s).subtract(Y.multiplyUnsafe(c))
  const V = H.multiplyUnsafe(s).subtract(gamma.multiplyUnsafe(c))
  const cPrime = hashPoints(H, gamma, U, V)
  for (let i = 0; i < 16; i++) if (cPrime[i] !== proof[32 + i]) return fail
  const output = sha512(concatBytes(new Uint8Array([SUITE, 0x03]), gamma.clearCofactor().toBytes()))
  return { ok: true, output }
}
