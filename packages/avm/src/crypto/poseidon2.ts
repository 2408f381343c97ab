// gnark-crypto's Poseidon2 (width 2, x⁵ S-box, 6 full and 50 partial rounds) in the
// Merkle–Damgård mode go-algorand's `poseidon2` opcode uses: `NewMerkleDamgardHasher()`, a zero
// IV, and for each 32-byte block `state = perm(state, block)[1] + block`. Round keys are
// Keccak-256 iterated on the parameter string, as gnark's NewParameters derives them.
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bigIntToBytes, bytesToBigInt, mod } from './field-elements.ts'
import { BLS12_381_R, BN254_R } from './ec-params.ts'

/** A Poseidon2 configuration of the `poseidon2` opcode. */
export interface Poseidon2Config {
  modulus: bigint
  /** The parameter string gnark seeds its round keys with. */
  seed: string
}

const FULL_ROUNDS = 6
const PARTIAL_ROUNDS = 50

/** `poseidon2 BN254t2`. */
export const POSEIDON2_BN254: Poseidon2Config = { modulus: BN254_R, seed: 'Poseidon2-BN254[t=2,rF=6,rP=50,d=5]' }
/** `poseidon2 BLS12_381t2`. */
export const POSEIDON2_BLS12_381: Poseidon2Config = {
  modulus: BLS12_381_R,
  seed: 'Poseidon2-BLS12_381[t=2,rF=6,rP=50,d=5]',
}

/** Round keys: two per full round, one (for state[0]) per partial round, in round order. */
function roundKeys(cfg: Poseidon2Config): bigint[][] {
  let keys = keysCache.get(cfg)
  if (keys) return keys
  keys = []
  let rnd = keccak_256(new TextEncoder().encode(cfg.seed))
  const next = (): bigint => {
    rnd = keccak_256(rnd)
    return mod(bytesToBigInt(rnd), cfg.modulus)
  }
  const half = FULL_ROUNDS / 2
  for (let i = 0; i < FULL_ROUNDS + PARTIAL_ROUNDS; i++) {
    const full = i < half || i >= half + PARTIAL_ROUNDS
    keys.push(full ? [next(), next()] : [next()])
  }
  keysCache.set(cfg, keys)
  return keys
}
const keysCache = new Map<Poseidon2Config, bigint[][]>()

function sbox(x: bigint, p: bigint): bigint {
  const x2 = (x * x) % p
  return (((x2 * x2) % p) * x) % p
}

/** The Poseidon2 permutation of a width-2 state [a, b]. */
export function poseidon2Permutation(cfg: Poseidon2Config, a: bigint, b: bigint): [bigint, bigint] {
  const p = cfg.modulus
  const keys = roundKeys(cfg)
  const half = FULL_ROUNDS / 2
  // external matrix circ(2,1): [2 1; 1 2]
  let t = a + b
  a = (a + t) % p
  b = (b + t) % p
  for (let i = 0; i < FULL_ROUNDS + PARTIAL_ROUNDS; i++) {
    const k = keys[i]
    if (i < half || i >= half + PARTIAL_ROUNDS) {
      a = sbox((a + k[0]) % p, p)
      b = sbox((b + k[1]) % p, p)
      t = a + b
      a = (a + t) % p
      b = (b + t) % p
    } else {
      a = sbox((a + k[0]) % p, p)
      // internal matrix [2 1; 1 3]
      t = a + b
      a = (a + t) % p
      b = (2n * b + t) % p
    }
  }
  return [a, b]
}

/**
 * Poseidon2 Merkle–Damgård hash of `data`, a concatenation of 32-byte big-endian field
 * elements, as a 32-byte digest. Throws go-algorand's texts for empty input, a length that is
 * not a multiple of 32, and an element not below the modulus.
 */
export function poseidon2(cfg: Poseidon2Config, data: Uint8Array): Uint8Array {
  if (data.length === 0) throw new Error('the input data cannot be empty')
  if (data.length % 32 !== 0) throw new Error('the input data must be a multiple of 32 bytes')
  const p = cfg.modulus
  let state = 0n
  for (let i = 0; i < data.length; i += 32) {
    const block = bytesToBigInt(data, i, i + 32)
    if (block >= p) throw new Error('invalid poseidon2 input invalid fr.Element encoding')
    const [, out] = poseidon2Permutation(cfg, state, block)
    state = (out + block) % p
  }
  return bigIntToBytes(state, 32)
}
