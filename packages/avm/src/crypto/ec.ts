// The AVM's elliptic-curve opcodes (`ec_add`, `ec_scalar_mul`, `ec_pairing_check`,
// `ec_multi_scalar_mul`, `ec_subgroup_check`, `ec_map_to`) over BN254 and BLS12-381, with
// go-algorand's encodings and error texts (data/transactions/logic/pairing.go over gnark-crypto).
//
// Encoding: a point is its affine x ‖ y, each coordinate big-endian and padded to the field
// size (32 bytes for BN254, 48 for BLS12-381); a G2 coordinate is an Fp2 element written real
// part first (gnark's A0 ‖ A1). The point at infinity is all zeros. Coordinates must be below
// the modulus and the point on the curve; only pairing checks also demand the prime-order
// subgroup. Arithmetic comes from @noble/curves; BN254's SVDW map to curve, which noble lacks,
// is implemented here from RFC 9380 §6.6.1 with gnark's choice Z = 1.
import { bls12_381 } from '@noble/curves/bls12-381.js'
import { bn254 } from '@noble/curves/bn254.js'
import { pippenger } from '@noble/curves/abstract/curve.js'
import type { IField } from '@noble/curves/abstract/modular.js'
import type { Fp2 } from '@noble/curves/abstract/tower.js'
import type { WeierstrassPoint, WeierstrassPointCons } from '@noble/curves/abstract/weierstrass.js'
import { bytesToBigInt, writeBigInt } from './field-elements.ts'
import { precomputeLattice, splitScalar } from './glv.ts'
import type { Lattice } from './glv.ts'

/** The `EC Groups` field names. */
export type EcGroupName = 'BN254g1' | 'BN254g2' | 'BLS12_381g1' | 'BLS12_381g2'

/** Size of an encoded scalar (ec_multi_scalar_mul) and the longest ec_scalar_mul scalar. */
export const SCALAR_SIZE = 32

/** One group of one curve: its field, point constructor and codec. */
interface Group<T> {
  name: EcGroupName
  /** Bytes of one base-field element. */
  fpSize: number
  /** Base-field elements per coordinate: 1 (G1) or 2 (G2). */
  degree: 1 | 2
  /** Bytes of an encoded point. */
  size: number
  p: bigint
  F: IField<T>
  Point: WeierstrassPointCons<T>
  fromLimbs(limbs: bigint[]): T
  toLimbs(t: T): bigint[]
  /** gnark's GLV endomorphism φ(x, y) = (ω·x, y) and its lattice, see scalarMul. */
  phi(pt: WeierstrassPoint<T>): WeierstrassPoint<T>
  lattice: Lattice
  /** Largest point count go's ec_multi_scalar_mul sums by plain scalar multiplications. */
  multiMulThreshold: number
  /** go's MapToG1 / MapToG2 of a field element given as base-field limbs. */
  mapTo(limbs: bigint[]): WeierstrassPoint<T>
}

type G1Point = WeierstrassPoint<bigint>
type G2Point = WeierstrassPoint<Fp2>

const fp = {
  fromLimbs: (l: bigint[]): bigint => l[0],
  toLimbs: (t: bigint): bigint[] => [t],
}
const fp2 = {
  fromLimbs: (l: bigint[]): Fp2 => ({ c0: l[0], c1: l[1] }),
  toLimbs: (t: Fp2): bigint[] => [t.c0, t.c1],
}

// ---------------------------------------------------------------------------------------------
// Decoding and encoding

/** go's bytesToBN254Field / bytesToBLS12381Field: any length, value below the modulus. */
function fieldElement(b: Uint8Array, start: number, end: number, p: bigint): bigint {
  const x = bytesToBigInt(b, start, end)
  if (x >= p) throw new Error(`field element ${x} larger than modulus ${p}`)
  return x
}

function isOnCurve<T>(g: Group<T>, x: T, y: T): boolean {
  const { F } = g
  const b = g.Point.CURVE().b
  return F.eql(F.sqr(y), F.add(F.mul(F.sqr(x), x), b))
}

/** Decodes one point at `offset` (exactly `g.size` bytes) and checks it is on the curve. */
function readPoint<T>(g: Group<T>, b: Uint8Array, offset: number): WeierstrassPoint<T> {
  const limbs: bigint[] = []
  for (let i = 0; i < 2 * g.degree; i++) {
    const start = offset + i * g.fpSize
    limbs.push(fieldElement(b, start, start + g.fpSize, g.p))
  }
  if (limbs.every((l) => l === 0n)) return g.Point.ZERO
  const x = g.fromLimbs(limbs.slice(0, g.degree))
  const y = g.fromLimbs(limbs.slice(g.degree))
  if (!isOnCurve(g, x, y)) throw new Error('point not on curve')
  return new g.Point(x, y, g.F.ONE)
}

/** go's bytesTo…G1/G2: one point of exactly the group's size. */
function decodePoint<T>(g: Group<T>, b: Uint8Array): WeierstrassPoint<T> {
  if (b.length !== g.size) throw new Error(`bad length ${b.length}. Expected ${g.size}`)
  return readPoint(g, b, 0)
}

/** go's bytesTo…G1s/G2s: a non-empty concatenation of points, optionally in the subgroup. */
function decodePoints<T>(g: Group<T>, b: Uint8Array, checkSubgroup: boolean): WeierstrassPoint<T>[] {
  if (b.length % g.size !== 0) throw new Error(`bad length ${b.length}. Expected ${g.size} multiple`)
  if (b.length === 0) throw new Error('empty input')
  const points: WeierstrassPoint<T>[] = []
  for (let off = 0; off < b.length; off += g.size) {
    const pt = readPoint(g, b, off)
    if (checkSubgroup && !pt.isTorsionFree()) throw new Error('wrong subgroup')
    points.push(pt)
  }
  return points
}

function encodePoint<T>(g: Group<T>, pt: WeierstrassPoint<T>): Uint8Array {
  const out = new Uint8Array(g.size)
  if (pt.is0()) return out
  const { x, y } = pt.toAffine()
  const limbs = [...g.toLimbs(x), ...g.toLimbs(y)]
  for (let i = 0; i < limbs.length; i++) writeBigInt(limbs[i], g.fpSize, out, i * g.fpSize)
  return out
}

// ---------------------------------------------------------------------------------------------
// Arithmetic

/**
 * [k]P by double-and-add over the whole scalar, valid for any on-curve point (noble's formulas
 * are complete; its multiply rejects k ≥ r and splits scalars its own way).
 */
function mul<T>(pt: WeierstrassPoint<T>, k: bigint, zero: WeierstrassPoint<T>): WeierstrassPoint<T> {
  if (k === 0n || pt.is0()) return zero
  let acc = zero
  for (let i = k.toString(2).length - 1; i >= 0; i--) {
    acc = acc.double()
    if ((k >> BigInt(i)) & 1n) acc = acc.add(pt)
  }
  return acc
}

/**
 * gnark's ScalarMultiplication: s split by GLV into k1 + k2·λ, then [k1]P + [k2]φ(P). That is
 * [s]P in the prime-order subgroup; for other on-curve points it is what go computes.
 */
function scalarMul<T>(g: Group<T>, pt: WeierstrassPoint<T>, s: bigint): WeierstrassPoint<T> {
  const [k1, k2] = splitScalar(s, g.lattice)
  const zero = g.Point.ZERO
  const a = mul(pt, k1 < 0n ? -k1 : k1, zero)
  const b = mul(g.phi(pt), k2 < 0n ? -k2 : k2, zero)
  return (k1 < 0n ? a.negate() : a).add(k2 < 0n ? b.negate() : b)
}

// ---------------------------------------------------------------------------------------------
// BN254 map to curve: RFC 9380 Shallue–van de Woestijne (A = 0), Z = 1, as gnark's
// mapToCurve1 / mapToCurve2; MapToG2 then clears the cofactor as gnark does
// (Fuentes-Castañeda et al.: [x]P + ψ([3x]P) + ψ²([x]P) + ψ³(P)).

/** The field operations SVDW needs, for Fp and Fp2 alike. */
interface SvdwField<T> {
  F: IField<T>
  /** The integer n as a field element. */
  int(n: bigint): T
  isSquare(a: T): boolean
  sgn0(a: T): number
}

function svdw<T>(field: SvdwField<T>, b: T): (u: T) => { x: T; y: T } {
  const { F } = field
  const Z = F.ONE
  const gZ = F.add(F.mul(F.sqr(Z), Z), b)
  const c1 = gZ
  const c2 = F.neg(F.div(Z, F.add(F.ONE, F.ONE)))
  const threeZ2 = F.mul(F.sqr(Z), field.int(3n))
  let c3 = F.sqrt(F.neg(F.mul(gZ, threeZ2)))
  if (field.sgn0(c3) === 1) c3 = F.neg(c3)
  const c4 = F.div(F.mul(field.int(4n), F.neg(gZ)), threeZ2)
  const g = (x: T): T => F.add(F.mul(F.sqr(x), x), b)
  const inv0 = (a: T): T => (F.is0(a) ? F.ZERO : F.inv(a))
  return (u: T) => {
    let tv1 = F.mul(F.sqr(u), c1)
    const tv2 = F.add(F.ONE, tv1)
    tv1 = F.sub(F.ONE, tv1)
    const tv3 = inv0(F.mul(tv1, tv2))
    const tv4 = F.mul(F.mul(F.mul(u, tv1), tv3), c3)
    const x1 = F.sub(c2, tv4)
    const x2 = F.add(c2, tv4)
    const x3 = F.add(F.mul(F.sqr(F.mul(F.sqr(tv2), tv3)), c4), Z)
    const e1 = field.isSquare(g(x1))
    const x = e1 ? x1 : field.isSquare(g(x2)) ? x2 : x3
    let y = F.sqrt(g(x))
    if (field.sgn0(u) !== field.sgn0(y)) y = F.neg(y)
    return { x, y }
  }
}

const bnFp = bn254.fields.Fp
const bnFp2 = bn254.fields.Fp2
const bnHalfP = (bnFp.ORDER - 1n) / 2n

const bnSvdwG1 = svdw<bigint>(
  {
    F: bnFp,
    int: (n) => n,
    isSquare: (a) => a === 0n || bnFp.pow(a, bnHalfP) === 1n,
    sgn0: (a) => Number(a & 1n),
  },
  bn254.G1.Point.CURVE().b,
)

const bnSvdwG2 = svdw<Fp2>(
  {
    F: bnFp2,
    int: (n) => ({ c0: n, c1: 0n }),
    // an Fp2 element is a square iff its norm c0² + c1² is a square in Fp (u² = -1)
    isSquare: (a) => {
      const n = bnFp.add(bnFp.sqr(a.c0), bnFp.sqr(a.c1))
      return n === 0n || bnFp.pow(n, bnHalfP) === 1n
    },
    sgn0: (a) => Number(a.c0 & 1n) | (a.c0 === 0n ? Number(a.c1 & 1n) : 0),
  },
  bn254.G2.Point.CURVE().b,
)

// ψ(x, y) = (conj(x)·ξ^((p-1)/3), conj(y)·ξ^((p-1)/2)) with ξ = 9 + u, the twist's Frobenius.
const bnXi = { c0: 9n, c1: 1n }
const bnPsiX = bnFp2.pow(bnXi, (bnFp.ORDER - 1n) / 3n)
const bnPsiY = bnFp2.pow(bnXi, (bnFp.ORDER - 1n) / 2n)
const BN_X = 4965661367192848881n

const conj = (a: Fp2): Fp2 => ({ c0: a.c0, c1: bnFp.neg(a.c1) })

function bnPsi(pt: G2Point): G2Point {
  if (pt.is0()) return pt
  const { x, y } = pt.toAffine()
  return new bn254.G2.Point(bnFp2.mul(conj(x), bnPsiX), bnFp2.mul(conj(y), bnPsiY), bnFp2.ONE)
}

function bnClearCofactorG2(pt: G2Point): G2Point {
  const zero = bn254.G2.Point.ZERO
  const xP = mul(pt, BN_X, zero)
  const p1 = bnPsi(xP.double().add(xP))
  const p2 = bnPsi(bnPsi(xP))
  const p3 = bnPsi(bnPsi(bnPsi(pt)))
  return xP.add(p1).add(p2).add(p3)
}

// ---------------------------------------------------------------------------------------------
// The four groups

// gnark's cube roots of unity ω (φ on G2 uses ω²) and GLV eigenvalues λ, with φ(P) = [λ]P on
// the prime-order subgroups.
const BN_OMEGA = 2203960485148121921418603742825762020974279258880205651966n
const BN_LATTICE = precomputeLattice(bn254.fields.Fr.ORDER, 4407920970296243842393367215006156084916469457145843978461n)
const BLS_OMEGA =
  4002409555221667392624310435006688643935503118305586438271171395842971157480381377015405980053539358417135540939436n
const BLS_LATTICE = precomputeLattice(bls12_381.fields.Fr.ORDER, 228988810152649578064853576960394133503n)

function phiG1(Point: WeierstrassPointCons<bigint>, F: IField<bigint>, omega: bigint) {
  return (pt: G1Point): G1Point => new Point(F.mul(pt.X, omega), pt.Y, pt.Z)
}
function phiG2(Point: WeierstrassPointCons<Fp2>, F: IField<Fp2>, omega: bigint, Fp: IField<bigint>) {
  const w2 = { c0: Fp.sqr(omega), c1: 0n }
  return (pt: G2Point): G2Point => new Point(F.mul(pt.X, w2), pt.Y, pt.Z)
}

const BN254_G1: Group<bigint> = {
  name: 'BN254g1',
  multiMulThreshold: 3,
  phi: phiG1(bn254.G1.Point, bnFp, BN_OMEGA),
  lattice: BN_LATTICE,
  fpSize: 32,
  degree: 1,
  size: 64,
  p: bnFp.ORDER,
  F: bnFp,
  Point: bn254.G1.Point,
  ...fp,
  mapTo: ([u]) => {
    const { x, y } = bnSvdwG1(u)
    return new bn254.G1.Point(x, y, 1n)
  },
}

const BN254_G2: Group<Fp2> = {
  name: 'BN254g2',
  multiMulThreshold: 2,
  phi: phiG2(bn254.G2.Point, bnFp2, BN_OMEGA, bnFp),
  lattice: BN_LATTICE,
  fpSize: 32,
  degree: 2,
  size: 128,
  p: bnFp.ORDER,
  F: bnFp2,
  Point: bn254.G2.Point,
  ...fp2,
  mapTo: (limbs) => {
    const { x, y } = bnSvdwG2(fp2.fromLimbs(limbs))
    return bnClearCofactorG2(new bn254.G2.Point(x, y, bnFp2.ONE))
  },
}

const blsFp = bls12_381.fields.Fp
// noble's hashers return cofactor-cleared points, though typed as affine coordinates; for G1
// (m = 1) the map takes the bare scalar rather than the bigint[] its typing says
const blsMapG1 = bls12_381.G1.mapToCurve as unknown as (u: bigint) => G1Point
const blsMapG2 = bls12_381.G2.mapToCurve as unknown as (u: bigint[]) => G2Point

const BLS12_381_G1: Group<bigint> = {
  name: 'BLS12_381g1',
  multiMulThreshold: 2,
  phi: phiG1(bls12_381.G1.Point, bls12_381.fields.Fp, BLS_OMEGA),
  lattice: BLS_LATTICE,
  fpSize: 48,
  degree: 1,
  size: 96,
  p: blsFp.ORDER,
  F: blsFp,
  Point: bls12_381.G1.Point,
  ...fp,
  // RFC 9380 simplified SWU through the 11-isogeny, then h_eff: what gnark's MapToG1 computes
  mapTo: ([u]) => blsMapG1(u),
}

const BLS12_381_G2: Group<Fp2> = {
  name: 'BLS12_381g2',
  multiMulThreshold: 2,
  phi: phiG2(bls12_381.G2.Point, bls12_381.fields.Fp2, BLS_OMEGA, bls12_381.fields.Fp),
  lattice: BLS_LATTICE,
  fpSize: 48,
  degree: 2,
  size: 192,
  p: blsFp.ORDER,
  F: bls12_381.fields.Fp2,
  Point: bls12_381.G2.Point,
  ...fp2,
  mapTo: (limbs) => blsMapG2(limbs),
}

const GROUPS = {
  BN254g1: BN254_G1,
  BN254g2: BN254_G2,
  BLS12_381g1: BLS12_381_G1,
  BLS12_381g2: BLS12_381_G2,
}

/** Encoded size in bytes of a point of `group`. */
export function pointSize(group: EcGroupName): number {
  return GROUPS[group].size
}

// Each public function dispatches once on the group so the generic helpers get a concrete T.
function withGroup<R>(group: EcGroupName, f: <T>(g: Group<T>) => R): R {
  switch (group) {
    case 'BN254g1':
      return f(BN254_G1)
    case 'BN254g2':
      return f(BN254_G2)
    case 'BLS12_381g1':
      return f(BLS12_381_G1)
    case 'BLS12_381g2':
      return f(BLS12_381_G2)
  }
}

// ---------------------------------------------------------------------------------------------
// The opcodes' computations

/** `ec_add`: A + B of two encoded points. */
export function ecAdd(group: EcGroupName, a: Uint8Array, b: Uint8Array): Uint8Array {
  return withGroup(group, (g) => {
    const pa = decodePoint(g, a)
    const pb = decodePoint(g, b)
    return encodePoint(g, pa.add(pb))
  })
}

/** `ec_scalar_mul`: [k]A for a big-endian scalar of at most 32 bytes. */
export function ecScalarMul(group: EcGroupName, a: Uint8Array, k: Uint8Array): Uint8Array {
  if (k.length > SCALAR_SIZE) throw new Error(`ec_scalar_mul scalar len is ${k.length}, exceeds 32`)
  return withGroup(group, (g) => encodePoint(g, scalarMul(g, decodePoint(g, a), bytesToBigInt(k))))
}

/**
 * `ec_multi_scalar_mul`: Σ [k_i]P_i for concatenated points and 32-byte scalars. Points need not
 * be in the subgroup. As in go, up to a small per-group threshold of points the sum is of
 * scalar multiplications by the full scalars; above it go runs gnark's MultiExp, which reduces
 * each scalar mod r first (the same result for subgroup points), done here with Pippenger.
 */
export function ecMultiScalarMul(group: EcGroupName, points: Uint8Array, scalars: Uint8Array): Uint8Array {
  return withGroup(group, (g) => {
    const pts = decodePoints(g, points, false)
    if (scalars.length !== SCALAR_SIZE * pts.length) {
      throw new Error(`bad scalars length ${scalars.length}. Expected ${SCALAR_SIZE * pts.length}`)
    }
    const ks = pts.map((_, i) => bytesToBigInt(scalars, i * SCALAR_SIZE, (i + 1) * SCALAR_SIZE))
    if (pts.length > g.multiMulThreshold) {
      const r = g.Point.Fn.ORDER
      return encodePoint(g, pippenger(g.Point, pts, ks.map((k) => k % r)))
    }
    let sum = g.Point.ZERO
    for (let i = 0; i < pts.length; i++) sum = sum.add(scalarMul(g, pts[i], ks[i]))
    return encodePoint(g, sum)
  })
}

/** `ec_subgroup_check`: whether an on-curve point is in the prime-order subgroup. */
export function ecSubgroupCheck(group: EcGroupName, a: Uint8Array): boolean {
  return withGroup(group, (g) => decodePoint(g, a).isTorsionFree())
}

/**
 * `ec_map_to`: gnark's MapToG1 / MapToG2 of a field element. G1 takes any byte string whose
 * value is below p; G2 takes exactly two concatenated field elements (real part first).
 */
export function ecMapTo(group: EcGroupName, fe: Uint8Array): Uint8Array {
  return withGroup(group, (g) => {
    let limbs: bigint[]
    if (g.degree === 1) {
      limbs = [fieldElement(fe, 0, fe.length, g.p)]
    } else {
      if (fe.length !== 2 * g.fpSize) throw new Error(`bad encoded element length: ${fe.length}`)
      limbs = [fieldElement(fe, 0, g.fpSize, g.p), fieldElement(fe, g.fpSize, 2 * g.fpSize, g.p)]
    }
    return encodePoint(g, g.mapTo(limbs))
  })
}

/** A curve's pairing: its two groups and the product of pairings of filtered pairs. */
interface Pairing {
  g1: Group<bigint>
  g2: Group<Fp2>
  isOne(pairs: { g1: G1Point; g2: G2Point }[]): boolean
}

const PAIRINGS: Record<'BN254' | 'BLS12_381', Pairing> = {
  BN254: {
    g1: BN254_G1,
    g2: BN254_G2,
    isOne: (pairs) => bn254.fields.Fp12.eql(bn254.pairingBatch(pairs), bn254.fields.Fp12.ONE),
  },
  BLS12_381: {
    g1: BLS12_381_G1,
    g2: BLS12_381_G2,
    isOne: (pairs) => bls12_381.fields.Fp12.eql(bls12_381.pairingBatch(pairs), bls12_381.fields.Fp12.ONE),
  },
}

/**
 * `ec_pairing_check`: whether Π e(P_i, Q_i) = 1. For a g1 immediate A holds the G1 points and B
 * the G2 points; for g2 the roles swap. Every point must be in the prime-order subgroup.
 */
export function ecPairingCheck(group: EcGroupName, a: Uint8Array, b: Uint8Array): boolean {
  const swap = group === 'BN254g2' || group === 'BLS12_381g2'
  const curve = PAIRINGS[group.startsWith('BN254') ? 'BN254' : 'BLS12_381']
  const g1 = decodePoints(curve.g1, swap ? b : a, true)
  const g2 = decodePoints(curve.g2, swap ? a : b, true)
  if (g1.length !== g2.length) throw new Error('invalid inputs sizes')
  // e(O, Q) = e(P, O) = 1, so pairs with infinity drop out (as in gnark's Miller loop)
  const pairs = []
  for (let i = 0; i < g1.length; i++) if (!g1[i].is0() && !g2[i].is0()) pairs.push({ g1: g1[i], g2: g2[i] })
  return pairs.length === 0 || curve.isOne(pairs)
}
