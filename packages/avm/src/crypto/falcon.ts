// Falcon-1024 verification in Algorand's deterministic mode (github.com/algorand/falcon,
// falcon_det1024_verify_compressed), for `falcon_verify`. A det1024 signature is the header 0xBA,
// a salt-version byte and the compressed s2; verification restores the ordinary salted form
// (header 0x3A, 40-byte salt = version ‖ logn ‖ "FALCON_DET" ‖ zeros) and runs Falcon's
// falcon_verify: decode the 14-bit public key h, Golomb-Rice-decode s2, hash salt ‖ message to a
// point c with SHAKE256, compute s1 = c − s2·h in Z_q[x]/(x^1024 + 1) (q = 12289, via an NTT) and
// accept when ‖s1‖² + ‖s2‖² ≤ 70265242.
import { shake256 } from '@noble/hashes/sha3.js'

const Q = 12289
const LOGN = 10
const N = 1 << LOGN
/** Public key: header byte 0x0A then 1024 coefficients of 14 bits. */
export const FALCON_PUBKEY_BYTES = 1793
/** Largest det1024 compressed signature: the salted maximum (1462) less the salt, plus the version byte. */
export const FALCON_SIG_MAX_BYTES = 1462 - 40 + 1
const DET_HEADER = 0x3a | 0x80
/** Squared-norm bound for n = 1024 (Falcon's l2bound[10]). */
const L2_BOUND = 70265242

/** Falcon's modq_decode: 1024 coefficients of 14 bits each, all < q. */
function decodePublicKey(pk: Uint8Array): Uint16Array | undefined {
  if (pk.length !== FALCON_PUBKEY_BYTES || pk[0] !== LOGN) return undefined
  const h = new Uint16Array(N)
  let acc = 0
  let accLen = 0
  let u = 0
  for (let i = 1; u < N; i++) {
    acc = ((acc << 8) | pk[i]!) & 0xffffff
    accLen += 8
    if (accLen >= 14) {
      accLen -= 14
      const w = (acc >>> accLen) & 0x3fff
      if (w >= Q) return undefined
      h[u++] = w
    }
  }
  return h
}

/** Falcon's comp_decode: 1024 signed coefficients; undefined unless it consumes exactly `data`. */
function decodeCompressed(data: Uint8Array): Int16Array | undefined {
  const s = new Int16Array(N)
  let acc = 0
  let accLen = 0
  let v = 0
  for (let u = 0; u < N; u++) {
    if (v >= data.length) return undefined
    acc = ((acc << 8) | data[v++]!) >>> 0
    const b = (acc >>> accLen) & 0xff
    const neg = (b & 0x80) !== 0
    let m = b & 0x7f
    for (;;) {
      if (accLen === 0) {
        if (v >= data.length) return undefined
        acc = ((acc << 8) | data[v++]!) >>> 0
        accLen = 8
      }
      accLen--
      if (((acc >>> accLen) & 1) !== 0) break
      m += 128
      if (m > 2047) return undefined
    }
    if (neg && m === 0) return undefined // "-0" is forbidden
    s[u] = neg ? -m : m
    acc &= (1 << accLen) - 1
  }
  if ((acc & ((1 << accLen) - 1)) !== 0) return undefined // unused bits must be zero
  if (v !== data.length) return undefined // only the padded format tolerates trailing bytes
  return s
}

/** Falcon's hash_to_point: 16-bit big-endian words from SHAKE256(salt ‖ msg), kept if < 5q, reduced mod q. */
function hashToPoint(salt: Uint8Array, msg: Uint8Array): Uint16Array {
  const input = new Uint8Array(salt.length + msg.length)
  input.set(salt)
  input.set(msg, salt.length)
  const c = new Uint16Array(N)
  // Rejection keeps 61445/65536 of the words, so 2·N·1.25 bytes almost always suffice.
  let len = 2 * N + 1024
  for (;;) {
    const stream = shake256(input, { dkLen: len })
    let u = 0
    for (let i = 0; i + 1 < stream.length && u < N; i += 2) {
      const w = (stream[i]! << 8) | stream[i + 1]!
      if (w < 61445) c[u++] = w % Q
    }
    if (u === N) return c
    len *= 2
  }
}

function powq(b: number, e: number): number {
  let r = 1
  b %= Q
  while (e > 0) {
    if (e & 1) r = (r * b) % Q
    b = (b * b) % Q
    e >>= 1
  }
  return r
}

/** ψ, a primitive 2N-th root of unity mod q, and the tables of the negacyclic NTT. */
const PSI = (() => {
  for (let g = 2; g < Q; g++) {
    const psi = powq(g, (Q - 1) / (2 * N))
    if (powq(psi, N) === Q - 1) return psi
  }
  throw new Error('no 2048-th root of unity mod 12289')
})()
const PSI_POW = new Uint16Array(N)
const PSI_INV_POW = new Uint16Array(N)
{
  const psiInv = powq(PSI, Q - 2)
  let a = 1
  let b = 1
  for (let i = 0; i < N; i++) {
    PSI_POW[i] = a
    PSI_INV_POW[i] = b
    a = (a * PSI) % Q
    b = (b * psiInv) % Q
  }
}
const N_INV = powq(N, Q - 2)
const BITREV = new Uint16Array(N)
for (let i = 0; i < N; i++) {
  let r = 0
  for (let b = 0; b < LOGN; b++) if (i & (1 << b)) r |= 1 << (LOGN - 1 - b)
  BITREV[i] = r
}

/** In-place cyclic NTT of size N with root ω (iterative Cooley–Tukey). */
function ntt(a: Int32Array, omega: number): void {
  for (let i = 0; i < N; i++) {
    const j = BITREV[i]!
    if (i < j) {
      const t = a[i]!
      a[i] = a[j]!
      a[j] = t
    }
  }
  for (let len = 2; len <= N; len <<= 1) {
    const wLen = powq(omega, N / len)
    const half = len >> 1
    for (let start = 0; start < N; start += len) {
      let w = 1
      for (let k = 0; k < half; k++) {
        const x = a[start + k]!
        const y = (a[start + k + half]! * w) % Q
        a[start + k] = x + y >= Q ? x + y - Q : x + y
        a[start + k + half] = x - y < 0 ? x - y + Q : x - y
        w = (w * wLen) % Q
      }
    }
  }
}

/** a·b mod (x^N + 1, q), coefficients in [0, q). */
function negacyclicMul(a: ArrayLike<number>, b: ArrayLike<number>): Int32Array {
  const fa = new Int32Array(N)
  const fb = new Int32Array(N)
  for (let i = 0; i < N; i++) {
    fa[i] = (a[i]! * PSI_POW[i]!) % Q
    fb[i] = (b[i]! * PSI_POW[i]!) % Q
  }
  const omega = (PSI * PSI) % Q
  ntt(fa, omega)
  ntt(fb, omega)
  for (let i = 0; i < N; i++) fa[i] = (fa[i]! * fb[i]!) % Q
  ntt(fa, powq(omega, Q - 2))
  for (let i = 0; i < N; i++) fa[i] = (((fa[i]! * N_INV) % Q) * PSI_INV_POW[i]!) % Q
  return fa
}

/** The fixed det1024 salt for a salt version. */
function detSalt(version: number): Uint8Array {
  const salt = new Uint8Array(40)
  salt[0] = version
  salt[1] = LOGN
  salt.set(new TextEncoder().encode('FALCON_DET'), 2)
  return salt
}

/**
 * Verifies a salted Falcon-1024 compressed signature body: `salt` is the 40-byte nonce and `s2`
 * the compressed coefficients (the signature minus its header and nonce).
 */
export function falconVerifySalted(publicKey: Uint8Array, salt: Uint8Array, s2Bytes: Uint8Array, msg: Uint8Array): boolean {
  const h = decodePublicKey(publicKey)
  if (h === undefined) return false
  const s2 = decodeCompressed(s2Bytes)
  if (s2 === undefined) return false
  const c = hashToPoint(salt, msg)
  const s2q = new Int32Array(N)
  for (let i = 0; i < N; i++) s2q[i] = s2[i]! < 0 ? s2[i]! + Q : s2[i]!
  const prod = negacyclicMul(s2q, h)
  let norm = 0
  for (let i = 0; i < N; i++) {
    let w = c[i]! - prod[i]!
    if (w < 0) w += Q
    if (w > Q >> 1) w -= Q
    norm += w * w + s2[i]! * s2[i]!
  }
  return norm <= L2_BOUND
}

/** `falcon_verify`: a det1024 compressed signature of `msg` under the 1793-byte public key. */
export function falconVerify(publicKey: Uint8Array, signature: Uint8Array, msg: Uint8Array): boolean {
  if (signature.length < 2 || signature[0] !== DET_HEADER) return false
  if (signature.length > FALCON_SIG_MAX_BYTES) return false
  // Falcon's own check that the salted signature has at least one byte of s2.
  if (signature.length + 39 < 41) return false
  return falconVerifySalted(publicKey, detSalt(signature[1]!), signature.subarray(2), msg)
}
