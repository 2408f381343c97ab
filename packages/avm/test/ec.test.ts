import { bls12_381 } from '@noble/curves/bls12-381.js'
import { bn254 } from '@noble/curves/bn254.js'
import { hash_to_field } from '@noble/curves/abstract/hash-to-curve.js'
import type { Fp2 } from '@noble/curves/abstract/tower.js'
import type { WeierstrassPoint } from '@noble/curves/abstract/weierstrass.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { describe, expect, it } from 'vitest'
import type { EcGroupName } from '../src/crypto/ec.ts'
import { ecAdd, ecMapTo, ecMultiScalarMul, ecPairingCheck, ecScalarMul, ecSubgroupCheck, pointSize } from '../src/crypto/ec.ts'
import { BLS12_381_P, BLS12_381_R, BN254_P, BN254_R } from '../src/crypto/ec-params.ts'
import { bigIntToBytes } from '../src/crypto/field-elements.ts'

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'))
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex')
const cat = (...parts: Uint8Array[]): Uint8Array => Uint8Array.from(Buffer.concat(parts))
const scalar = (k: bigint, size = 32): Uint8Array => bigIntToBytes(k, size)

// Independent encoders (noble point → go's byte layout) so tests do not lean on ec.ts's codec.
type AnyPoint = WeierstrassPoint<bigint> | WeierstrassPoint<Fp2>
function enc(group: EcGroupName, pt: AnyPoint): Uint8Array {
  const fpSize = group.startsWith('BN254') ? 32 : 48
  if (pt.is0()) return new Uint8Array(pointSize(group))
  const { x, y } = pt.toAffine() as { x: bigint | Fp2; y: bigint | Fp2 }
  const limbs = [x, y].flatMap((c) => (typeof c === 'bigint' ? [c] : [c.c0, c.c1]))
  return cat(...limbs.map((l) => bigIntToBytes(l, fpSize)))
}

const POINTS = {
  BN254g1: bn254.G1.Point,
  BN254g2: bn254.G2.Point,
  BLS12_381g1: bls12_381.G1.Point,
  BLS12_381g2: bls12_381.G2.Point,
} as const
const ORDER: Record<EcGroupName, bigint> = { BN254g1: BN254_R, BN254g2: BN254_R, BLS12_381g1: BLS12_381_R, BLS12_381g2: BLS12_381_R }
const MODULUS: Record<EcGroupName, bigint> = { BN254g1: BN254_P, BN254g2: BN254_P, BLS12_381g1: BLS12_381_P, BLS12_381g2: BLS12_381_P }
const GROUPS = Object.keys(POINTS) as EcGroupName[]

const base = (g: EcGroupName): AnyPoint => POINTS[g].BASE
const mulPt = (g: EcGroupName, k: bigint): AnyPoint => (POINTS[g].BASE as WeierstrassPoint<bigint>).multiply(k % ORDER[g])

// An on-curve point outside the prime-order subgroup: the first x = 1, 2, ... (real x for G2)
// whose y² is a square; with a cofactor in the billions such a point is never in the subgroup.
function offSubgroup(g: 'BN254g2' | 'BLS12_381g1' | 'BLS12_381g2'): Uint8Array {
  const Point = POINTS[g]
  for (let i = 1n; ; i++) {
    try {
      if (g === 'BLS12_381g1') {
        const F = bls12_381.fields.Fp
        const y = F.sqrt(F.add(F.mul(F.sqr(i), i), bls12_381.G1.Point.CURVE().b))
        return enc(g, new bls12_381.G1.Point(i, y, 1n))
      }
      const F = g === 'BN254g2' ? bn254.fields.Fp2 : bls12_381.fields.Fp2
      const x = { c0: i, c1: 0n }
      const y = F.sqrt(F.add(F.mul(F.sqr(x), x), (Point as typeof bn254.G2.Point).CURVE().b))
      return enc(g, new (Point as typeof bn254.G2.Point)(x, y, F.ONE))
    } catch {
      // not a square: try the next x
    }
  }
}

/** Textbook double-and-add built from ec_add alone. */
function plainMul(g: EcGroupName, p: Uint8Array, k: bigint): Uint8Array {
  let acc: Uint8Array = new Uint8Array(pointSize(g))
  for (const bit of k.toString(2)) {
    acc = ecAdd(g, acc, acc)
    if (bit === '1') acc = ecAdd(g, acc, p)
  }
  return acc
}

describe('ec_add', () => {
  it.each(GROUPS)('%s: G + G = [2]G', (g) => {
    expect(toHex(ecAdd(g, enc(g, base(g)), enc(g, base(g))))).toBe(toHex(enc(g, mulPt(g, 2n))))
  })

  it.each(GROUPS)('%s: the all-zero encoding is the identity', (g) => {
    const zero = new Uint8Array(pointSize(g))
    const p = enc(g, mulPt(g, 12345n))
    expect(toHex(ecAdd(g, zero, p))).toBe(toHex(p))
    expect(toHex(ecAdd(g, p, zero))).toBe(toHex(p))
    expect(toHex(ecAdd(g, zero, zero))).toBe(toHex(zero))
  })

  it.each(GROUPS)('%s: P + (-P) encodes as zeros', (g) => {
    const p = mulPt(g, 77n)
    expect(ecAdd(g, enc(g, p), enc(g, p.negate() as AnyPoint)).every((b) => b === 0)).toBe(true)
  })

  it.each(GROUPS)('%s: rejects a point one byte short or long with go\'s text', (g) => {
    const size = pointSize(g)
    const p = enc(g, base(g))
    expect(() => ecAdd(g, new Uint8Array(size + 1), p)).toThrow(`bad length ${size + 1}. Expected ${size}`)
    expect(() => ecAdd(g, p, new Uint8Array(size - 1))).toThrow(`bad length ${size - 1}. Expected ${size}`)
  })

  it.each(GROUPS)('%s: rejects a coordinate equal to the modulus, printed in decimal', (g) => {
    const size = pointSize(g)
    const bad = new Uint8Array(size)
    bad.set(bigIntToBytes(MODULUS[g], g.startsWith('BN254') ? 32 : 48))
    const p = MODULUS[g]
    expect(() => ecAdd(g, bad, enc(g, base(g)))).toThrow(`field element ${p} larger than modulus ${p}`)
  })

  it.each(GROUPS)('%s: rejects a point off the curve', (g) => {
    const p = enc(g, base(g))
    p[p.length - 1] ^= 1
    expect(() => ecAdd(g, p, p)).toThrow('point not on curve')
  })
})

describe('ec_scalar_mul', () => {
  it.each(GROUPS)('%s: [k]G matches the curve library for small, large and 32-byte k', (g) => {
    for (const k of [0n, 1n, 2n, 0x2f53n, (1n << 256n) - 2n]) {
      const want = k % ORDER[g] === 0n ? new Uint8Array(pointSize(g)) : enc(g, mulPt(g, k))
      expect(toHex(ecScalarMul(g, enc(g, base(g)), scalar(k)))).toBe(toHex(want))
    }
  })

  it.each(GROUPS)('%s: treats the scalar as unsigned big-endian of any length up to 32', (g) => {
    expect(toHex(ecScalarMul(g, enc(g, base(g)), hex('02')))).toBe(toHex(enc(g, mulPt(g, 2n))))
    expect(toHex(ecScalarMul(g, enc(g, base(g)), new Uint8Array()))).toBe(toHex(new Uint8Array(pointSize(g))))
  })

  it.each(GROUPS)('%s: [r]G is the identity', (g) => {
    expect(ecScalarMul(g, enc(g, base(g)), scalar(ORDER[g])).every((b) => b === 0)).toBe(true)
  })

  it('rejects a 33-byte scalar with go\'s text', () => {
    expect(() => ecScalarMul('BN254g1', enc('BN254g1', base('BN254g1')), new Uint8Array(33))).toThrow(
      'ec_scalar_mul scalar len is 33, exceeds 32',
    )
  })

  it.each(['BN254g2', 'BLS12_381g1', 'BLS12_381g2'] as const)(
    '%s: off the subgroup, small scalars multiply plainly and large ones follow gnark\'s GLV split',
    (g) => {
      const p = offSubgroup(g)
      expect(toHex(ecScalarMul(g, p, scalar(2n)))).toBe(toHex(ecAdd(g, p, p)))
      expect(toHex(ecScalarMul(g, p, scalar(3n)))).toBe(toHex(ecAdd(g, ecAdd(g, p, p), p)))
      // r does not annihilate a point outside the subgroup
      expect(ecScalarMul(g, p, scalar(ORDER[g])).every((b) => b === 0)).toBe(false)
      // a full-size scalar splits into k1 + k2λ and φ is not [λ] off the subgroup, so gnark's
      // result differs from textbook double-and-add, which it matches inside the subgroup
      const k = (1n << 255n) + 77n
      expect(toHex(ecScalarMul(g, p, scalar(k)))).not.toBe(toHex(plainMul(g, p, k)))
      const q = enc(g, mulPt(g, 99n))
      expect(toHex(ecScalarMul(g, q, scalar(k)))).toBe(toHex(plainMul(g, q, k)))
    },
  )
})

describe('ec_multi_scalar_mul', () => {
  it.each(GROUPS)('%s: Σ k_i P_i equals the sum of scalar_muls', (g) => {
    const p1 = enc(g, mulPt(g, 5n))
    const p2 = enc(g, mulPt(g, 9n))
    const k1 = scalar(0x2f53n)
    const k2 = new Uint8Array(32).fill(0xfe)
    const want = ecAdd(g, ecScalarMul(g, p1, k1), ecScalarMul(g, p2, k2))
    expect(toHex(ecMultiScalarMul(g, cat(p1, p2), cat(k1, k2)))).toBe(toHex(want))
  })

  it.each(GROUPS)('%s: above go\'s small-input threshold (bucket method) the sum is the same', (g) => {
    const pts = [3n, 5n, 7n, 11n, 13n].map((k) => enc(g, mulPt(g, k)))
    const ks = [1n, 0x2f53n, (1n << 256n) - 1n, 0n, 987654321n].map((k) => scalar(k))
    let want: Uint8Array = new Uint8Array(pointSize(g))
    for (let i = 0; i < pts.length; i++) want = ecAdd(g, want, ecScalarMul(g, pts[i], ks[i]))
    expect(toHex(ecMultiScalarMul(g, cat(...pts), cat(...ks)))).toBe(toHex(want))
  })

  it.each(['BN254g2', 'BLS12_381g1', 'BLS12_381g2'] as const)(
    '%s: like gnark\'s MultiExp, many points outside the subgroup get scalars reduced mod r',
    (g) => {
      const p = offSubgroup(g)
      const zero = new Uint8Array(32)
      const k = scalar(ORDER[g] + 5n)
      // one point: gnark's scalar multiplication by the unreduced scalar
      expect(toHex(ecMultiScalarMul(g, p, k))).toBe(toHex(ecScalarMul(g, p, k)))
      // four points (above every threshold): the scalar is reduced to 5 first
      expect(toHex(ecMultiScalarMul(g, cat(p, p, p, p), cat(k, zero, zero, zero)))).toBe(toHex(ecScalarMul(g, p, scalar(5n))))
    },
  )

  it.each(GROUPS)('%s: a zero scalar gives the identity and 1 gives the point', (g) => {
    const p = enc(g, base(g))
    expect(ecMultiScalarMul(g, p, new Uint8Array(32)).every((b) => b === 0)).toBe(true)
    expect(toHex(ecMultiScalarMul(g, p, scalar(1n)))).toBe(toHex(p))
  })

  it.each(GROUPS)('%s: rejects empty input, ragged points and a scalar count mismatch', (g) => {
    const size = pointSize(g)
    const p = enc(g, base(g))
    expect(() => ecMultiScalarMul(g, new Uint8Array(), new Uint8Array())).toThrow('empty input')
    expect(() => ecMultiScalarMul(g, new Uint8Array(size + 1), new Uint8Array(64))).toThrow(
      `bad length ${size + 1}. Expected ${size} multiple`,
    )
    expect(() => ecMultiScalarMul(g, cat(p, p), new Uint8Array(32))).toThrow('bad scalars length 32. Expected 64')
  })
})

describe('ec_subgroup_check', () => {
  it.each(GROUPS)('%s: the identity and multiples of the generator are in the subgroup', (g) => {
    expect(ecSubgroupCheck(g, new Uint8Array(pointSize(g)))).toBe(true)
    expect(ecSubgroupCheck(g, enc(g, mulPt(g, 31337n)))).toBe(true)
  })

  it.each(['BN254g2', 'BLS12_381g1', 'BLS12_381g2'] as const)('%s: an on-curve point outside the subgroup fails', (g) => {
    expect(ecSubgroupCheck(g, offSubgroup(g))).toBe(false)
  })

  it.each(GROUPS)('%s: rejects a wrong length', (g) => {
    expect(() => ecSubgroupCheck(g, new Uint8Array(pointSize(g) - 1))).toThrow('bad length')
  })
})

describe('ec_pairing_check', () => {
  const pairs = [
    ['BN254g1', 'BN254g2'],
    ['BLS12_381g1', 'BLS12_381g2'],
  ] as const

  it.each(pairs)('%s: e(-G1, G2)·e(G1, G2) = 1 in either argument order', (g1, g2) => {
    const a = cat(enc(g1, base(g1).negate() as AnyPoint), enc(g1, base(g1)))
    const b = cat(enc(g2, base(g2)), enc(g2, base(g2)))
    expect(ecPairingCheck(g1, a, b)).toBe(true)
    expect(ecPairingCheck(g2, b, a)).toBe(true)
    expect(ecPairingCheck(g1, cat(enc(g1, base(g1)), enc(g1, base(g1))), b)).toBe(false)
  })

  it.each(pairs)('%s: bilinearity e([6]G1, G2) = e([2]G1, [3]G2)', (g1, g2) => {
    const a = cat(enc(g1, mulPt(g1, 6n)), enc(g1, mulPt(g1, 2n).negate() as AnyPoint))
    const b = cat(enc(g2, base(g2)), enc(g2, mulPt(g2, 3n)))
    expect(ecPairingCheck(g1, a, b)).toBe(true)
  })

  it.each(pairs)('%s: pairs with the identity count as 1', (g1, g2) => {
    expect(ecPairingCheck(g1, new Uint8Array(pointSize(g1)), enc(g2, base(g2)))).toBe(true)
  })

  it.each(pairs)('%s: rejects empty input and unequal counts', (g1, g2) => {
    const b = enc(g2, base(g2))
    expect(() => ecPairingCheck(g1, new Uint8Array(), b)).toThrow('empty input')
    expect(() => ecPairingCheck(g1, cat(enc(g1, base(g1)), enc(g1, base(g1))), b)).toThrow('invalid inputs sizes')
  })

  it('rejects a G2 point outside the subgroup', () => {
    expect(() => ecPairingCheck('BN254g1', enc('BN254g1', base('BN254g1')), offSubgroup('BN254g2'))).toThrow('wrong subgroup')
  })
})

// gnark-crypto's hash_vectors_test.go (BN254, its own QUUX suites) and RFC 9380 appendix J
// (BLS12-381): encode_to_curve = map_to(hash_to_field(msg)), and map_to is go's ec_map_to.
describe('ec_map_to', () => {
  it.each([
    ['0cb81538a98a2e3580076eed495256611813f6dae9e16d3d4f8de7af0e9833e1', '1bb8810e2ceaf04786d4efd216fc2820ddd9363712efc736ada11049d8af5925', '1efbf8d54c60d865cce08437668ea30f5bf90d287dbd9b5af31da852915e8f11'],
    ['0ba35e127276e9000b33011860904ddee28f1d48ddd3577e2a797ef4a5e62319', '0da4a96147df1f35b0f820bd35c6fac3b80e8e320de7c536b1e054667b22c332', '189bd3fbffe4c8740d6543754d95c790e44cd2d162858e3b733d2b8387983bb7'],
    ['11852286660cd970e9d7f46f99c7cca2b75554245e91b9b19d537aa6147c28fc', '2ff727cfaaadb3acab713fa22d91f5fddab3ed77948f3ef6233d7ea9b03f4da1', '304080768fd2f87a852155b727f97db84b191e41970506f0326ed4046d1141aa'],
    ['174d1c85d8a690a876cc1deba0166d30569fafdb49cb3ed28405bd1c5357a1cc', '11a2eaa8e3e89de056d1b3a288a7f733c8a1282efa41d28e71af065ab245df9b', '060f37c447ac29fd97b9bb83be98ddccf15e34831a9cdf5493b7fede0777ae06'],
    ['073b81432b4cf3a8a9076201500d1b94159539f052a6e0928db7f2df74bff672', '27409dccc6ee4ce90e24744fda8d72c0bc64e79766f778da0c1c0ef1c186ea84', '1ac201a542feca15e77f30370da183514dc99d8a0b2c136d64ede35cd0b51dc0'],
  ])('BN254g1 maps u=%s by SVDW (gnark vector)', (u, x, y) => {
    expect(toHex(ecMapTo('BN254g1', hex(u)))).toBe(x + y)
  })

  const bnG2Dst = 'QUUX-V01-CS02-with-BN254G2_XMD:SHA-256_SVDW_NU_'
  it.each([
    ['abc', ['7290337032722028742894312496454770035215478865307401781131202361899492945880', '18605632812439984129247614998320701910992924251662446522071513278020164236983', '18565926515830203734257806009639634340842708214357641080049757818108383758101', '21026435153745179081072575128771379049563093023676092614267505429710510687357']],
    ['', ['2222545202255207121622252341720884612662004487208664408317925491033383016781', '3167015911722190124689644160541231412539898594125261078778351544051685395067', '20450065928984038040963910334909877834263207751235246619699259708122680403961', '4743914079645712786687283872900604142971897405422186449887746314931053675188']],
    ['abcdef0123456789', ['7148036967840401493869354348463445038937751410382870212181508408551260940454', '20374759774184409322905764368361574346849498692562411327726753719663647349306', '10483260641720359876745669935893009958901176103433938324656495809668720301952', '4967329811281913502786824686629199594924414673725274625361393684486574196665']],
  ])('BN254g2 maps hash_to_field(%j) by SVDW and clears the cofactor (gnark vector)', (msg, coords) => {
    const [u] = hash_to_field(new TextEncoder().encode(msg), 1, { DST: bnG2Dst, p: BN254_P, m: 2, k: 128, expand: 'xmd', hash: sha256 })
    const out = ecMapTo('BN254g2', cat(scalar(u[0]), scalar(u[1])))
    expect(toHex(out)).toBe(coords.map((c) => toHex(scalar(BigInt(c)))).join(''))
    expect(ecSubgroupCheck('BN254g2', out)).toBe(true)
  })

  it('BLS12_381g1 maps hash_to_field("") by SSWU (RFC 9380 J.9.2)', () => {
    const [u] = hash_to_field(new Uint8Array(), 1, { DST: 'QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_NU_', p: BLS12_381_P, m: 1, k: 128, expand: 'xmd', hash: sha256 })
    expect(toHex(ecMapTo('BLS12_381g1', scalar(u[0], 48)))).toBe(
      '184bb665c37ff561a89ec2122dd343f20e0f4cbcaec84e3c3052ea81d1834e192c426074b02ed3dca4e7676ce4ce48ba' +
        '04407b8d35af4dacc809927071fc0405218f1401a6d15af775810e4e460064bcc9468beeba82fdc751be70476c888bf3',
    )
  })

  it('BLS12_381g2 maps hash_to_field("") by SSWU (RFC 9380 J.10.2)', () => {
    const [u] = hash_to_field(new Uint8Array(), 1, { DST: 'QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_NU_', p: BLS12_381_P, m: 2, k: 128, expand: 'xmd', hash: sha256 })
    expect(toHex(ecMapTo('BLS12_381g2', cat(scalar(u[0], 48), scalar(u[1], 48))))).toBe(
      '00e7f4568a82b4b7dc1f14c6aaa055edf51502319c723c4dc2688c7fe5944c213f510328082396515734b6612c4e7bb7' +
        '126b855e9e69b1f691f816e48ac6977664d24d99f8724868a184186469ddfd4617367e94527d4b74fc86413483afb35b' +
        '0caead0fd7b6176c01436833c79d305c78be307da5f6af6c133c47311def6ff1e0babf57a0fb5539fce7ee12407b0a42' +
        '1498aadcf7ae2b345243e281ae076df6de84455d766ab6fcdaad71fab60abb2e8b980a440043cd305db09d283c895e3d',
    )
  })

  it.each(['BN254g1', 'BLS12_381g1'] as const)('%s accepts a short field element (go: int 27; itob)', (g) => {
    expect(ecSubgroupCheck(g, ecMapTo(g, scalar(27n, 8)))).toBe(true)
  })

  it.each([
    ['BN254g2', 8, 'bad encoded element length: 8'],
    ['BLS12_381g2', 8, 'bad encoded element length: 8'],
    ['BN254g2', 65, 'bad encoded element length: 65'],
  ] as const)('%s rejects a %i-byte element', (g, len, text) => {
    expect(() => ecMapTo(g, new Uint8Array(len))).toThrow(text)
  })

  it.each(GROUPS)('%s rejects an element equal to the modulus', (g) => {
    const p = MODULUS[g]
    const size = g.startsWith('BN254') ? 32 : 48
    const fe = g.endsWith('g2') ? cat(bigIntToBytes(p, size), new Uint8Array(size)) : bigIntToBytes(p, size)
    expect(() => ecMapTo(g, fe)).toThrow(`field element ${p} larger than modulus ${p}`)
  })
})
