import { ed25519 } from '@noble/curves/ed25519.js'
import { sha512 } from '@noble/hashes/sha2.js'
import { describe, expect, it } from 'vitest'
import { bigToBytesLE, bytesToBigLE, concatBytes, mod } from '../src/crypto/bigint-bytes.ts'
import { ED25519_L, ed25519VerifyBytes, ed25519VerifyProgramData, hasSmallOrder, isCanonicalPoint } from '../src/crypto/ed25519.ts'
import { hashWithPrefix } from '../src/crypto/hashes.ts'

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'))

// RFC 8032 section 7.1, TEST 1-3 (public key, message, signature).
const rfc8032 = [
  {
    name: 'TEST 1 (empty message)',
    pk: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    msg: '',
    sig: 'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  },
  {
    name: 'TEST 2 (one byte)',
    pk: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    msg: '72',
    sig: '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  },
  {
    name: 'TEST 3 (two bytes)',
    pk: 'fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025',
    msg: 'af82',
    sig: '6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a',
  },
  // go-algorand BenchmarkVerify's ed25519verify_bare case (data/transactions/logic/crypto_test.go);
  // the key is the address C7ZCK6N2AJQMVEP4FRTK2UW45UFR6DKPRJHJVWB5O4VQOZMFPK2KCMR7M4.
  {
    name: 'go-algorand ed25519verify_bare benchmark',
    pk: '17f22579ba0260ca91fc2c66ad52dced0b1f0d4f8a4e9ad83d772b0765857ab4',
    msg: '62fdfc072182654f163f5f0f9a621d729566c74d0aa413bf009c9800418c19cd',
    sig: 'aab40a8b4f1f386504af2473804abbc03bbd94506e8e0c8db881fc2b2c3aee65b867b25caa47fa25ae2105bf1731398df336213707f2d25f9b1d31b3dc133307',
  },
]

// A signer built from RFC 8032 TEST 1's secret key, to forge edge-case signatures that only the
// acceptance rules (not the arithmetic) should reject or accept.
const seed = hex('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60')
const a = (() => {
  const h = sha512(seed).slice(0, 32)
  h[0]! &= 248
  h[31]! &= 127
  h[31]! |= 64
  return mod(bytesToBigLE(h), ED25519_L)
})()
const A = ed25519.Point.BASE.multiply(a).toBytes()

/** A signature whose R is exactly the given encoding: s = r + h·a where R's point is r·B + extra. */
function forge(rEnc: Uint8Array, r: bigint, msg: Uint8Array): Uint8Array {
  const h = mod(bytesToBigLE(sha512(concatBytes(rEnc, A, msg))), ED25519_L)
  return concatBytes(rEnc, bigToBytesLE(mod(r + h * a, ED25519_L), 32))
}

describe('ed25519VerifyBytes', () => {
  it.each(rfc8032)('accepts $name', ({ pk, msg, sig }) => {
    expect(ed25519VerifyBytes(hex(msg), hex(sig), hex(pk))).toBe(true)
  })

  it.each(rfc8032)('rejects $name with the message changed', ({ pk, msg, sig }) => {
    expect(ed25519VerifyBytes(concatBytes(hex(msg), new Uint8Array([0])), hex(sig), hex(pk))).toBe(false)
  })

  it('rejects a non-canonical S (S + L) that verifies arithmetically', () => {
    const { pk, msg, sig } = rfc8032[1]!
    const s = bytesToBigLE(hex(sig).subarray(32)) + ED25519_L
    const bad = concatBytes(hex(sig).subarray(0, 32), bigToBytesLE(s, 32))
    expect(ed25519VerifyBytes(hex(msg), bad, hex(pk))).toBe(false)
  })

  it('accepts a signature that only holds cofactored (R carries an order-8 component)', () => {
    const msg = hex('0102')
    const T = ed25519.Point.fromBytes(hex('26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05'))
    const r = 12345n
    const rEnc = ed25519.Point.BASE.multiply(r).add(T).toBytes()
    // sB − hA − R = −T ≠ 0, but [8](−T) = 0: libsodium's bv-compatible verify accepts.
    expect(ed25519VerifyBytes(msg, forge(rEnc, r, msg), A)).toBe(true)
  })

  it('accepts R = identity in canonical form but rejects its "negative zero" encoding', () => {
    const msg = hex('03')
    const id = hex('0100000000000000000000000000000000000000000000000000000000000000')
    const negZero = id.slice()
    negZero[31] = 0x80
    expect(ed25519VerifyBytes(msg, forge(id, 0n, msg), A)).toBe(true)
    expect(ed25519VerifyBytes(msg, forge(negZero, 0n, msg), A)).toBe(false)
  })

  it('rejects a small-order public key even when the equation holds', () => {
    // A = identity, R = identity, S = 0: sB − hA − R = 0 for every h.
    const id = hex('0100000000000000000000000000000000000000000000000000000000000000')
    expect(ed25519VerifyBytes(hex('aa'), concatBytes(id, new Uint8Array(32)), id)).toBe(false)
  })

  it('rejects keys and signatures of the wrong length', () => {
    const { pk, msg, sig } = rfc8032[0]!
    expect(ed25519VerifyBytes(hex(msg), hex(sig).subarray(1), hex(pk))).toBe(false)
    expect(ed25519VerifyBytes(hex(msg), hex(sig), hex(pk).subarray(1))).toBe(false)
  })
})

describe('ed25519 encoding rules', () => {
  it.each([
    { name: 'identity', enc: '01' + '00'.repeat(31), small: true, canonical: true },
    { name: 'identity with sign bit', enc: '01' + '00'.repeat(30) + '80', small: true, canonical: false },
    { name: 'y = p', enc: 'ed' + 'ff'.repeat(30) + '7f', small: true, canonical: false },
    { name: 'y = p - 1 (order 2)', enc: 'ec' + 'ff'.repeat(30) + '7f', small: true, canonical: true },
    { name: 'RFC 8032 TEST 1 key', enc: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a', small: false, canonical: true },
  ])('$name: small order $small, canonical $canonical', ({ enc, small, canonical }) => {
    expect(hasSmallOrder(hex(enc))).toBe(small)
    expect(isCanonicalPoint(hex(enc))).toBe(canonical)
  })
})

describe('ed25519VerifyProgramData', () => {
  it('verifies a signature over "ProgData" ‖ program hash ‖ data', () => {
    const programHash = hashWithPrefix('Program', hex('0a2001'))
    const data = hex('cafe')
    const signed = concatBytes(new TextEncoder().encode('ProgData'), programHash, data)
    const sig = ed25519.sign(signed, seed)
    expect(ed25519VerifyProgramData(programHash, data, sig, A)).toBe(true)
    expect(ed25519VerifyBytes(data, sig, A)).toBe(false)
  })
})
