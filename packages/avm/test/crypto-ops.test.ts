import { ed25519 } from '@noble/curves/ed25519.js'
import { describe, expect, it } from 'vitest'
import { concatBytes } from '../src/crypto/bigint-bytes.ts'
import { hashWithPrefix } from '../src/crypto/hashes.ts'
import { EvalContext, MODE_SIG } from '../src/eval/context.ts'
import type { Instr } from '../src/eval/context.ts'
import { AvmError } from '../src/eval/errors.ts'
import { handlers } from '../src/eval/ops/crypto.ts'
import type { StackValue } from '../src/eval/values.ts'
import { HARNESS_PROTO } from '../src/proto.ts'
import { fieldByName, fieldByValue, opsFor } from '../src/spec/index.ts'

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'))
const toHex = (v: StackValue | undefined): string => Buffer.from(v as Uint8Array).toString('hex')
const PROGRAM = hex('0a2001')

function context(version: number, stack: StackValue[]): EvalContext {
  const env = { proto: HARNESS_PROTO, mode: MODE_SIG, txnGroup: [], groupIndex: 0, lsigArgs: [], ledger: undefined, appId: 0 } as const
  const cx = new EvalContext(PROGRAM, version, opsFor(version), env, { remaining: 100_000 })
  cx.stack = stack
  return cx
}

/** Runs one handler as step() would after its generic checks; `field` is a name or a raw immediate byte. */
function exec(op: string, stack: StackValue[], opts: { group?: string; field?: string | number; version?: number } = {}): StackValue[] {
  const version = opts.version ?? 14
  const { group, field } = opts
  const f =
    group === undefined || field === undefined
      ? undefined
      : typeof field === 'number'
        ? fieldByValue(group, field)
        : fieldByName(group, field)
  const imm = typeof field === 'number' ? field : (f?.value ?? 0)
  const ins = { spec: opsFor(14).byName.get(op), field: f, imm: [imm] } as unknown as Instr
  const cx = context(version, stack)
  handlers[op]!(cx, ins)
  return cx.stack
}

function error(run: () => unknown): string {
  try {
    run()
  } catch (e) {
    if (e instanceof AvmError) return e.message
    throw e
  }
  throw new Error('no error')
}

const k1 = { group: 'ECDSA Curves', field: 'Secp256k1' }
const r1 = { group: 'ECDSA Curves', field: 'Secp256r1' }
const vrfStd = { group: 'VRF Standards', field: 'VrfAlgorand' }

describe('crypto op handlers', () => {
  it('has a handler for every crypto op in the v14 table', () => {
    const ops = ['sha256', 'keccak256', 'sha512_256', 'sha3_256', 'sha512', 'sumhash512', 'ed25519verify', 'ed25519verify_bare',
      'ecdsa_verify', 'ecdsa_pk_decompress', 'ecdsa_pk_recover', 'vrf_verify', 'falcon_verify']
    for (const op of ops) {
      expect(opsFor(14).byName.has(op), op).toBe(true)
      expect(typeof handlers[op], op).toBe('function')
    }
  })

  it.each([
    { op: 'sha256', digest: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad' },
    { op: 'keccak256', digest: '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45' },
    { op: 'sha512_256', digest: '53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23' },
    { op: 'sha3_256', digest: '3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532' },
  ])('$op replaces the top of the stack with its digest', ({ op, digest }) => {
    const s = exec(op, [5, new TextEncoder().encode('abc')])
    expect(s).toHaveLength(2)
    expect(s[0]).toBe(5)
    expect(toHex(s[1])).toBe(digest)
  })

  it('sumhash512 pushes the 64-byte go-sumhash digest', () => {
    const s = exec('sumhash512', [new Uint8Array()])
    expect(toHex(s[0])).toBe('591591c93181f8f90054d138d6fa85b63eeeb416e6fd201e8375ba05d3cb55391047b9b64e534042562cc61944930c0075f906f16710cdade381ee9dd47d10a0')
  })

  describe('ed25519verify and ed25519verify_bare', () => {
    const seed = hex('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60')
    const pk = ed25519.getPublicKey(seed)
    const data = hex('62fdfc07')
    const progSig = ed25519.sign(concatBytes(new TextEncoder().encode('ProgData'), hashWithPrefix('Program', PROGRAM), data), seed)
    const bareSig = ed25519.sign(data, seed)

    it.each([
      { op: 'ed25519verify', sig: progSig, want: 1 },
      { op: 'ed25519verify', sig: bareSig, want: 0 },
      { op: 'ed25519verify_bare', sig: bareSig, want: 1 },
      { op: 'ed25519verify_bare', sig: progSig, want: 0 },
    ])('$op pushes $want for its own signing domain', ({ op, sig, want }) => {
      expect(exec(op, [data, sig, pk])).toEqual([want])
    })

    it.each(['ed25519verify', 'ed25519verify_bare'])('%s fails with go\'s texts on bad sizes', (op) => {
      expect(error(() => exec(op, [data, bareSig, pk.subarray(1)]))).toBe('invalid public key')
      expect(error(() => exec(op, [data, bareSig.subarray(1), pk]))).toBe('invalid signature')
    })
  })

  describe('ecdsa', () => {
    const hash = hex('71a5910445820f57989c027bdf9391c80097874d249e0f38bf90834fdec2877f')
    const k1Args = ['5eb27782eb1a5df8de9a5d51613ad5ca730840ddf4af919c6feb15cde14f9978', '0cb3c0d636ed991ee030d09c295de3121eb166cb9e1552cf0ef0fb2358f35f0f',
      '79de0699673571df1de8486718d06a3e7838f6831ec4ef3fb963788fbfb773b7', 'd76446a3393af3e2eefada16df80cc6a881a56f4cf41fa2ab4769c5708ce878d'].map(hex)

    it('ecdsa_verify pops five values and pushes 1 for a valid signature', () => {
      expect(exec('ecdsa_verify', [9, hash, ...k1Args], k1)).toEqual([9, 1])
    })

    it('ecdsa_verify pushes 0 for an all-zero key (go-algorand TestEcdsaWithSecp256k1)', () => {
      const e = new Uint8Array()
      expect(exec('ecdsa_verify', [new Uint8Array(32), e, e, e, e], k1)).toEqual([0])
    })

    it('ecdsa_verify rejects data that is not 32 bytes', () => {
      const e = new Uint8Array()
      expect(error(() => exec('ecdsa_verify', [new Uint8Array(31), e, e, e, e], k1))).toBe('the signed data must be 32 bytes long, not 31')
    })

    it('ecdsa ops reject a curve the program version does not have, or an unknown one', () => {
      expect(error(() => exec('ecdsa_verify', [hash, ...k1Args], { ...r1, version: 6 }))).toBe('invalid curve 1')
      expect(error(() => exec('ecdsa_pk_decompress', [hash], { group: 'ECDSA Curves', field: 7 }))).toBe('invalid curve 7')
    })

    it('ecdsa_pk_decompress replaces the key with x and pushes y', () => {
      const s = exec('ecdsa_pk_decompress', [hex('03' + toHex(k1Args[2]))], k1)
      expect(s.map((v) => toHex(v))).toEqual([toHex(k1Args[2]), toHex(k1Args[3])])
    })

    it.each([
      { curve: k1, text: 'invalid pubkey' },
      { curve: r1, text: 'invalid compressed pubkey' },
    ])('ecdsa_pk_decompress on $curve.field fails with "$text"', ({ curve, text }) => {
      expect(error(() => exec('ecdsa_pk_decompress', [hex('05' + '11'.repeat(32))], curve))).toBe(text)
    })

    it('ecdsa_pk_recover pops four values and pushes x and y', () => {
      // Recover the benchmark key, which one of the four recovery ids yields.
      const outs = [0, 1, 2, 3].map((id) => {
        try {
          return exec('ecdsa_pk_recover', [7, hash, id, k1Args[0]!, k1Args[1]!], k1)
        } catch {
          return undefined
        }
      })
      const hit = outs.find((s) => s !== undefined && toHex(s[1]) === toHex(k1Args[2]))
      expect(hit?.[0]).toBe(7)
      expect(toHex(hit?.[2])).toBe(toHex(k1Args[3]))
      expect(hit).toHaveLength(3)
    })

    it.each([
      { name: 'recovery id 4', stack: () => [hash, 4, k1Args[0]!, k1Args[1]!], curve: k1, text: 'invalid recovery id: 4' },
      { name: 'a 31-byte r', stack: () => [hash, 0, k1Args[0]!.subarray(1), k1Args[1]!], curve: k1, text: 'pubkey recover failed: invalid signature length' },
      { name: 'a 31-byte hash', stack: () => [hash.subarray(1), 0, k1Args[0]!, k1Args[1]!], curve: k1, text: 'pubkey recover failed: invalid message length, need 32 bytes' },
      { name: 'r = 0', stack: () => [hash, 0, new Uint8Array(32), k1Args[1]!], curve: k1, text: 'pubkey recover failed: recovery failed' },
      { name: 'Secp256r1', stack: () => [hash, 0, k1Args[0]!, k1Args[1]!], curve: r1, text: 'unsupported curve 1' },
    ])('ecdsa_pk_recover fails for $name', ({ stack, curve, text }) => {
      expect(error(() => exec('ecdsa_pk_recover', stack(), curve))).toBe(text)
    })
  })

  describe('vrf_verify', () => {
    const pk = hex('3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c')
    const proof = hex('ae5b66bdf04b4c010bfe32b2fc126ead2107b697634f6f7337b9bff8785ee111200095ece87dde4dbe87343f6df3b107d91798c8a7eb1245d3bb9c5aafb093358c13e6ae1111a55717e895fd15f99f07')

    it('pops three values and pushes the output and 1 for a valid proof', () => {
      const s = exec('vrf_verify', [hex('72'), proof, pk], vrfStd)
      expect(s).toHaveLength(2)
      expect(toHex(s[0])).toBe('94f4487e1b2fec954309ef1289ecb2e15043a2461ecc7b2ae7d4470607ef82eb1cfa97d84991fe4a7bfdfd715606bc27e2967a6c557cfb5875879b671740b7d8')
      expect(s[1]).toBe(1)
    })

    it('pushes 64 zero bytes and 0 for an all-zero key and proof (go-algorand TestVrfVerify)', () => {
      const s = exec('vrf_verify', [hex('3344'), new Uint8Array(80), new Uint8Array(32)], vrfStd)
      expect([toHex(s[0]), s[1]]).toEqual(['00'.repeat(64), 0])
    })

    it.each([
      { name: 'proof', stack: () => [hex('1122'), hex('2233'), hex('3344')], text: 'vrf proof wrong size 2 != 80' },
      { name: 'pubkey', stack: () => [hex('1122'), new Uint8Array(80), hex('3344')], text: 'vrf pubkey wrong size 2 != 32' },
    ])('fails on a wrong-size $name', ({ stack, text }) => {
      expect(error(() => exec('vrf_verify', stack(), vrfStd))).toBe(text)
    })

    it('fails on an unknown standard', () => {
      expect(error(() => exec('vrf_verify', [hex('72'), proof, pk], { group: 'VRF Standards', field: 3 }))).toBe('invalid VRF standard VrfStandard(3)')
    })
  })

  describe('falcon_verify', () => {
    it('fails on a public key of the wrong size', () => {
      expect(error(() => exec('falcon_verify', [hex('00'), hex('ba00'), new Uint8Array(1792)]))).toBe('invalid public key size 1792 != 1793')
    })

    it('pushes 0 for a signature that does not decode', () => {
      const pk = new Uint8Array(1793)
      pk[0] = 0x0a
      expect(exec('falcon_verify', [3, hex('00'), hex('ba00'), pk])).toEqual([3, 0])
    })
  })
})
