import { bls12_381 } from '@noble/curves/bls12-381.js'
import { bn254 } from '@noble/curves/bn254.js'
import { describe, expect, it } from 'vitest'
import { BLS12_381_R, BN254_R } from '../src/crypto/ec-params.ts'
import { precomputeLattice, splitScalar } from '../src/crypto/glv.ts'

// gnark's GLV constants: the eigenvalue λ, the cube root ω with φ(x, y) = (ωx, y) on G1 (ω² on
// G2), and the curve seed x₀ that cofactor clearing and subgroup checks multiply by.
const CURVES = [
  {
    name: 'BN254',
    r: BN254_R,
    lambda: 4407920970296243842393367215006156084916469457145843978461n,
    omega: 2203960485148121921418603742825762020974279258880205651966n,
    seed: 4965661367192848881n,
    curve: bn254,
  },
  {
    name: 'BLS12-381',
    r: BLS12_381_R,
    lambda: 228988810152649578064853576960394133503n,
    omega: 4002409555221667392624310435006688643935503118305586438271171395842971157480381377015405980053539358417135540939436n,
    seed: 15132376222941642752n,
    curve: bls12_381,
  },
]

describe('GLV split', () => {
  it.each(CURVES)('$name: φ acts as [λ] on the G1 and G2 generators', ({ lambda, omega, curve }) => {
    const G = curve.G1.Point.BASE
    expect(new curve.G1.Point(curve.fields.Fp.mul(G.X, omega), G.Y, G.Z).equals(G.multiply(lambda))).toBe(true)
    const H = curve.G2.Point.BASE
    const w2 = { c0: curve.fields.Fp.sqr(omega), c1: 0n }
    expect(new curve.G2.Point(curve.fields.Fp2.mul(H.X, w2), H.Y, H.Z).equals(H.multiply(lambda))).toBe(true)
  })

  it.each(CURVES)('$name: the lattice vectors lie in the kernel of (a, b) ↦ a + bλ mod r', ({ r, lambda }) => {
    const l = precomputeLattice(r, lambda)
    expect((l.v1[0] + l.v1[1] * lambda) % r).toBe(0n)
    expect((l.v2[0] + l.v2[1] * lambda) % r).toBe(0n)
    expect(l.det === r || l.det === -r).toBe(true)
  })

  it.each(CURVES)('$name: splits any 256-bit scalar into halves with k1 + k2λ ≡ s', ({ r, lambda }) => {
    const l = precomputeLattice(r, lambda)
    for (const s of [0n, 1n, 12345n, r - 1n, r, r + 1n, (1n << 255n) + 987654321n, (1n << 256n) - 1n]) {
      const [k1, k2] = splitScalar(s, l)
      expect((((k1 + k2 * lambda - s) % r) + r) % r, `s=${s}`).toBe(0n)
      expect(k1 < 1n << 130n && k1 > -(1n << 130n) && k2 < 1n << 130n && k2 > -(1n << 130n)).toBe(true)
    }
  })

  it.each(CURVES)('$name: leaves the seed unsplit, so gnark\'s [x₀] is exact on every point', ({ r, lambda, seed }) => {
    expect(splitScalar(seed, precomputeLattice(r, lambda))).toEqual([seed, 0n])
  })
})
