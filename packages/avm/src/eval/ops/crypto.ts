// Hash, signature, VRF and Falcon opcodes (go-algorand data/transactions/logic/crypto.go).
// step() has already checked argument counts and types and charged the cost (per curve for
// the ecdsa_* ops, per 64/128-byte chunk for the hashes); these handlers pop, compute, push,
// or throw with go's texts.
import { ecdsaDecompress, ecdsaRecover, ecdsaVerify } from '../../crypto/ecdsa.ts'
import type { EcdsaCurve } from '../../crypto/ecdsa.ts'
import { ed25519VerifyBytes, ed25519VerifyProgramData } from '../../crypto/ed25519.ts'
import { FALCON_PUBKEY_BYTES, falconVerify } from '../../crypto/falcon.ts'
import { hashWithPrefix, keccak256, sha256, sha3_256, sha512, sha512_256 } from '../../crypto/hashes.ts'
import { sumhash512 } from '../../crypto/sumhash512.ts'
import { VRF_PROOF_BYTES, VRF_PUBKEY_BYTES, vrfVerify } from '../../crypto/vrf.ts'
import type { EvalContext, Instr, OpHandler } from '../context.ts'
import { AvmError } from '../errors.ts'
import type { Uint64 } from '../values.ts'

/** Replaces the top of the stack (a byte string) with hash(top). */
function hashOp(hash: (data: Uint8Array) => Uint8Array): OpHandler {
  return (cx) => {
    const last = cx.stack.length - 1
    cx.stack[last] = hash(cx.stack[last] as Uint8Array)
  }
}

// The program hash ed25519verify signs over, computed once per evaluation as go caches it.
const programHashes = new WeakMap<EvalContext, Uint8Array>()
function programHash(cx: EvalContext): Uint8Array {
  let h = programHashes.get(cx)
  if (h === undefined) {
    h = hashWithPrefix('Program', cx.program)
    programHashes.set(cx, h)
  }
  return h
}

/** Pops data, signature and public key, checks their sizes, pushes verify(...) as 0/1. */
function ed25519Op(verify: (cx: EvalContext, data: Uint8Array, sig: Uint8Array, pk: Uint8Array) => boolean): OpHandler {
  return (cx) => {
    const s = cx.stack
    const pk = s[s.length - 1] as Uint8Array
    const sig = s[s.length - 2] as Uint8Array
    const data = s[s.length - 3] as Uint8Array
    if (pk.length !== 32) throw new AvmError('invalid public key')
    if (sig.length !== 64) throw new AvmError('invalid signature')
    s.length -= 2
    s[s.length - 1] = verify(cx, data, sig, pk) ? 1 : 0
  }
}

/** The curve named by the op's immediate, as go's ecdsaCurveSpecByField plus its version check. */
function curveOf(cx: EvalContext, ins: Instr): EcdsaCurve {
  const f = ins.field
  if (f === undefined || f.version > cx.version) throw new AvmError(`invalid curve ${ins.imm[0]}`)
  if (f.name !== 'Secp256k1' && f.name !== 'Secp256r1') throw new AvmError(`unsupported curve ${f.value}`)
  return f.name
}

/** Op handlers by name. */
export const handlers: Record<string, OpHandler> = {
  sha256: hashOp(sha256),
  keccak256: hashOp(keccak256),
  sha512_256: hashOp(sha512_256),
  sha3_256: hashOp(sha3_256),
  sha512: hashOp(sha512),
  sumhash512: hashOp(sumhash512),

  ed25519verify: ed25519Op((cx, data, sig, pk) => ed25519VerifyProgramData(programHash(cx), data, sig, pk)),
  ed25519verify_bare: ed25519Op((_cx, data, sig, pk) => ed25519VerifyBytes(data, sig, pk)),

  ecdsa_verify: (cx, ins) => {
    const curve = curveOf(cx, ins)
    const s = cx.stack
    const n = s.length
    const msg = s[n - 5] as Uint8Array
    if (msg.length !== 32) throw new AvmError(`the signed data must be 32 bytes long, not ${msg.length}`)
    const ok = ecdsaVerify(
      curve,
      msg,
      s[n - 4] as Uint8Array,
      s[n - 3] as Uint8Array,
      s[n - 2] as Uint8Array,
      s[n - 1] as Uint8Array,
    )
    s.length = n - 4
    s[n - 5] = ok ? 1 : 0
  },

  ecdsa_pk_decompress: (cx, ins) => {
    const curve = curveOf(cx, ins)
    const s = cx.stack
    const last = s.length - 1
    const pk = ecdsaDecompress(curve, s[last] as Uint8Array)
    if (pk === undefined) throw new AvmError(curve === 'Secp256k1' ? 'invalid pubkey' : 'invalid compressed pubkey')
    s[last] = pk.x
    s.push(pk.y)
  },

  ecdsa_pk_recover: (cx, ins) => {
    const curve = curveOf(cx, ins)
    if (curve !== 'Secp256k1') throw new AvmError(`unsupported curve ${ins.field!.value}`)
    const s = cx.stack
    const n = s.length
    const recid = s[n - 3] as Uint64
    if (recid > 3) throw new AvmError(`invalid recovery id: ${recid}`)
    const r = ecdsaRecover(s[n - 4] as Uint8Array, Number(recid), s[n - 2] as Uint8Array, s[n - 1] as Uint8Array)
    if ('error' in r) throw new AvmError(`pubkey recover failed: ${r.error}`)
    s.length = n - 2
    s[n - 4] = r.x
    s[n - 3] = r.y
  },

  vrf_verify: (cx, ins) => {
    const s = cx.stack
    const n = s.length
    const proof = s[n - 2] as Uint8Array
    const pk = s[n - 1] as Uint8Array
    if (proof.length !== VRF_PROOF_BYTES) throw new AvmError(`vrf proof wrong size ${proof.length} != ${VRF_PROOF_BYTES}`)
    if (pk.length !== VRF_PUBKEY_BYTES) throw new AvmError(`vrf pubkey wrong size ${pk.length} != ${VRF_PUBKEY_BYTES}`)
    const f = ins.field
    if (f === undefined || f.version > cx.version) throw new AvmError(`invalid VRF standard VrfStandard(${ins.imm[0]})`)
    if (f.name !== 'VrfAlgorand') throw new AvmError(`unsupported vrf_verify standard ${f.name}`)
    const { ok, output } = vrfVerify(pk, proof, s[n - 3] as Uint8Array)
    s.length = n - 1
    s[n - 3] = output
    s[n - 2] = ok ? 1 : 0
  },

  falcon_verify: (cx) => {
    const s = cx.stack
    const n = s.length
    const pk = s[n - 1] as Uint8Array
    if (pk.length !== FALCON_PUBKEY_BYTES) {
      throw new AvmError(`invalid public key size ${pk.length} != ${FALCON_PUBKEY_BYTES}`)
    }
    const ok = falconVerify(pk, s[n - 2] as Uint8Array, s[n - 3] as Uint8Array)
    s.length = n - 2
    s[n - 3] = ok ? 1 : 0
  },
}
