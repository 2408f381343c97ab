// gnark-crypto's GLV scalar decomposition (ecc.PrecomputeLattice / ecc.SplitScalar): s is
// split into (k1, k2) with k1 + k2·λ ≡ s (mod r), and gnark's ScalarMultiplication computes
// [k1]P + [k2]φ(P). In the prime-order subgroup that is [s]P; outside it the result depends on
// the exact split, so go's ec_scalar_mul on such points is reproduced by reproducing the split.
// Go's big.Int Div/Mod are Euclidean and Rsh floors, which the helpers below mirror.

/** A reduced basis (V1, V2) of {(a, b) : a + b·λ ≡ 0 mod r} with gnark's rounding constants. */
export interface Lattice {
  v1: [bigint, bigint]
  v2: [bigint, bigint]
  det: bigint
  b1: bigint
  b2: bigint
  shift: bigint
}

const abs = (x: bigint): bigint => (x < 0n ? -x : x)
/** Euclidean quotient (remainder in [0, |d|)), as go's big.Int Div. */
function ediv(n: bigint, d: bigint): bigint {
  const q = n / d
  return n - q * d < 0n ? (d > 0n ? q - 1n : q + 1n) : q
}
/** Euclidean remainder, as go's big.Int Mod. */
function emod(n: bigint, d: bigint): bigint {
  const m = n % d
  return m < 0n ? m + abs(d) : m
}
/** go's rounding(): the closest integer to n/d, ties down. */
function rounding(n: bigint, d: bigint): bigint {
  const q = ediv(n, d)
  return emod(n, d) > d >> 1n ? q + 1n : q
}
function isqrt(n: bigint): bigint {
  if (n < 2n) return n
  let x = BigInt(Math.floor(Math.sqrt(Number(n))))
  for (;;) {
    const y = (x + n / x) >> 1n
    if (abs(y - x) <= 1n) {
      x = y
      while (x * x > n) x--
      while ((x + 1n) * (x + 1n) <= n) x++
      return x
    }
    x = y
  }
}
function bitLen(x: bigint): number {
  return x === 0n ? 0 : abs(x).toString(2).length
}

/** gnark's PrecomputeLattice(r, λ): partial extended Euclid stopped at √r. */
export function precomputeLattice(r: bigint, lambda: bigint): Lattice {
  let r0 = r
  let t0 = 0n
  let r1 = lambda
  let t1 = 1n
  const root = isqrt(r)
  while (r1 > root) {
    const q = ediv(r0, r1)
    ;[r0, t0, r1, t1] = [r1, t1, emod(r0, r1), t0 - q * t1]
  }
  const q = ediv(r0, r1)
  const rr = emod(r0, r1)
  const tt = t0 - q * t1
  const v1: [bigint, bigint] = [r1, -t1]
  // the shorter of (r0, t0) and (rr, tt)
  const v2: [bigint, bigint] = r0 * r0 + t0 * t0 > rr * rr + tt * tt ? [rr, -tt] : [r0, -t0]
  const det = v1[0] * v2[1] - v1[1] * v2[0]
  const shift = BigInt(2 * (((bitLen(det) + 32) >> 6) << 6))
  return { v1, v2, det, shift, b1: rounding(v2[1] << shift, det), b2: rounding(v1[1] << shift, det) }
}

/** gnark's SplitScalar: (k1, k2), possibly negative, with k1 + k2·λ ≡ s (mod r). */
export function splitScalar(s: bigint, l: Lattice): [bigint, bigint] {
  const a = (s * l.b1) >> l.shift
  const b = -(s * l.b2) >> l.shift
  return [s - (a * l.v1[0] + b * l.v2[0]), -(a * l.v1[1] + b * l.v2[1])]
}
