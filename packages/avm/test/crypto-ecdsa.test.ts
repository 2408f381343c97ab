import { secp256k1 } from '@noble/curves/secp256k1.js'
import { p256 } from '@noble/curves/nist.js'
import { describe, expect, it } from 'vitest'
import { bigToBytesBE, bytesToBigBE } from '../src/crypto/bigint-bytes.ts'
import { ecdsaDecompress, ecdsaRecover, ecdsaVerify } from '../src/crypto/ecdsa.ts'
import type { EcdsaCurve } from '../src/crypto/ecdsa.ts'
import { keccak256, sha256 } from '../src/crypto/hashes.ts'

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'))
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex')

// go-algorand BenchmarkVerify's "ecdsa_verify k1" and "ecdsa_verify r1" programs
// (data/transactions/logic/crypto_test.go): hash, r, s, public key x, y.
const signed: Record<EcdsaCurve, { hash: string; r: string; s: string; x: string; y: string }> = {
  Secp256k1: {
    hash: '71a5910445820f57989c027bdf9391c80097874d249e0f38bf90834fdec2877f',
    r: '5eb27782eb1a5df8de9a5d51613ad5ca730840ddf4af919c6feb15cde14f9978',
    s: '0cb3c0d636ed991ee030d09c295de3121eb166cb9e1552cf0ef0fb2358f35f0f',
    x: '79de0699673571df1de8486718d06a3e7838f6831ec4ef3fb963788fbfb773b7',
    y: 'd76446a3393af3e2eefada16df80cc6a881a56f4cf41fa2ab4769c5708ce878d',
  },
  Secp256r1: {
    hash: '71a5910445820f57989c027bdf9391c80097874d249e0f38bf90834fdec2877f',
    r: 'c010fc83ea196d6f5ce8a44637060bdcfb5bf1199cfc5bb893684d450c4f160c',
    s: '8e391a7b9cd75a99e8ebfe703036caebd9e91ae8339bd7e2abfb0f273eb8e972',
    x: '13e49a19378bbfa8d55ac81a35b87d7bae456c79fcf04a78803d8eb45b253fab',
    y: 'a2d237cd897ca70787abf04d2155c6dc2fbe26fd642e0472cd75c13dc919ef1a',
  },
}
const order: Record<EcdsaCurve, bigint> = { Secp256k1: secp256k1.Point.CURVE().n, Secp256r1: p256.Point.CURVE().n }
const curves: EcdsaCurve[] = ['Secp256k1', 'Secp256r1']

function verify(curve: EcdsaCurve, change: Partial<Record<'hash' | 'r' | 's' | 'x' | 'y', Uint8Array>> = {}): boolean {
  const v = signed[curve]
  return ecdsaVerify(
    curve,
    change.hash ?? hex(v.hash),
    change.r ?? hex(v.r),
    change.s ?? hex(v.s),
    change.x ?? hex(v.x),
    change.y ?? hex(v.y),
  )
}

describe('ecdsaVerify', () => {
  it.each(curves)('accepts go-algorand %s benchmark signature', (curve) => {
    expect(verify(curve)).toBe(true)
  })

  it.each(curves)('%s rejects a different hash', (curve) => {
    const h = hex(signed[curve].hash)
    h[0]! ^= 1
    expect(verify(curve, { hash: h })).toBe(false)
  })

  it('secp256k1 rejects the high-S twin of a valid signature, as libsecp256k1 does', () => {
    const s = order.Secp256k1 - bytesToBigBE(hex(signed.Secp256k1.s))
    expect(verify('Secp256k1', { s: bigToBytesBE(s, 32) })).toBe(false)
  })

  it("secp256r1 accepts the high-S twin, as Go's crypto/ecdsa does", () => {
    const s = order.Secp256r1 - bytesToBigBE(hex(signed.Secp256r1.s))
    expect(verify('Secp256r1', { s: bigToBytesBE(s, 32) })).toBe(true)
  })

  it('secp256k1 takes r‖s as 64 bytes split at 32, whatever the individual lengths', () => {
    const v = signed.Secp256k1
    const rs = hex(v.r + v.s)
    expect(verify('Secp256k1', { r: rs.subarray(0, 31), s: rs.subarray(31) })).toBe(true)
    expect(verify('Secp256k1', { r: rs.subarray(0, 31), s: rs.subarray(32) })).toBe(false)
  })

  it('secp256r1 reads r and s as big-endian integers of any length', () => {
    const v = signed.Secp256r1
    expect(verify('Secp256r1', { r: hex('0000' + v.r) })).toBe(true)
  })

  it.each(curves)('%s rejects a key that is not on the curve', (curve) => {
    const y = hex(signed[curve].y)
    y[31]! ^= 1
    expect(verify(curve, { y })).toBe(false)
  })

  it.each(curves)('%s rejects an all-zero key and signature', (curve) => {
    const z = new Uint8Array(32)
    expect(verify(curve, { r: z, s: z, x: z, y: z })).toBe(false)
  })
})

describe('ecdsaDecompress', () => {
  it.each(curves)('%s decompresses the benchmark key to its x and y', (curve) => {
    const v = signed[curve]
    const prefix = (hex(v.y)[31]! & 1) === 1 ? '03' : '02'
    const out = ecdsaDecompress(curve, hex(prefix + v.x))
    expect(out && toHex(out.x)).toBe(v.x)
    expect(out && toHex(out.y)).toBe(v.y)
  })

  it.each(curves)('%s rejects a wrong prefix, a wrong length and an x off the curve', (curve) => {
    const v = signed[curve]
    expect(ecdsaDecompress(curve, hex('04' + v.x))).toBeUndefined()
    expect(ecdsaDecompress(curve, hex('02' + v.x + '00'))).toBeUndefined()
    expect(ecdsaDecompress(curve, hex('02' + 'ff'.repeat(32)))).toBeUndefined()
  })
})

describe('ecdsaRecover', () => {
  // go-algorand TestEcdsaEthAddress: the signer of keccak256("hello from ethereum") has the
  // Ethereum address 0x5ce9454909639d2d17a3f753ce7d93fa0b9ab12e.
  const hash = keccak256(new TextEncoder().encode('hello from ethereum'))
  const r = hex('745e8f55ac6189ee89ed707c36694868e3903988fbf776c8096c45da2e60c638')
  const s = hex('30c8e4a9b5d2eb53ddc6294587dd00bed8afe2c45dd72f6b4cf752e46d5ba681')

  it('recovers the key whose Ethereum address go-algorand expects', () => {
    const out = ecdsaRecover(hash, 0, r, s)
    if ('error' in out) throw new Error(out.error)
    const addr = keccak256(new Uint8Array([...out.x, ...out.y])).subarray(12)
    expect(toHex(addr)).toBe('5ce9454909639d2d17a3f753ce7d93fa0b9ab12e')
  })

  it('recovers the benchmark secp256k1 key with one of the recovery ids', () => {
    const v = signed.Secp256k1
    const keys = [0, 1, 2, 3].map((id) => ecdsaRecover(hex(v.hash), id, hex(v.r), hex(v.s)))
    const found = keys.filter((k) => !('error' in k) && toHex(k.x) === v.x && toHex(k.y) === v.y)
    expect(found.length).toBe(1)
  })

  it.each([
    { name: 'a 31-byte hash', args: [hash.subarray(1), 0, r, s] as const, error: 'invalid message length, need 32 bytes' },
    { name: 'a 63-byte signature', args: [hash, 0, r.subarray(1), s] as const, error: 'invalid signature length' },
    { name: 'r = 0', args: [hash, 0, new Uint8Array(32), s] as const, error: 'recovery failed' },
    { name: 's ≥ n', args: [hash, 0, r, hex('ff'.repeat(32))] as const, error: 'recovery failed' },
  ])('fails with "$error" for $name', ({ args, error }) => {
    expect(ecdsaRecover(...args)).toEqual({ error })
  })
})

describe('agreement with signatures made by @noble/curves', () => {
  // Fixed keys and messages, so both recovery-id parities and both curves get exercised.
  const cases = Array.from({ length: 16 }, (_, i) => ({ i, sk: sha256(new Uint8Array([i + 1])), msg: sha256(new Uint8Array([i + 1, 0xee])) }))

  it.each(cases)('secp256k1 key $i: verify accepts and recover returns the signer', ({ sk, msg }) => {
    const sig = secp256k1.sign(msg, sk, { prehash: false, format: 'recovered' })
    const pub = secp256k1.getPublicKey(sk, false)
    const [recid, r, s] = [sig[0]!, sig.subarray(1, 33), sig.subarray(33)]
    expect(ecdsaVerify('Secp256k1', msg, r, s, pub.subarray(1, 33), pub.subarray(33))).toBe(true)
    const out = ecdsaRecover(msg, recid, r, s)
    expect('error' in out ? out.error : toHex(new Uint8Array([4, ...out.x, ...out.y]))).toBe(toHex(pub))
  })

  it.each(cases)('secp256r1 key $i: verify accepts', ({ sk, msg }) => {
    const sig = p256.sign(msg, sk, { prehash: false })
    const pub = p256.getPublicKey(sk, false)
    expect(ecdsaVerify('Secp256r1', msg, sig.subarray(0, 32), sig.subarray(32), pub.subarray(1, 33), pub.subarray(33))).toBe(true)
  })
})
