// gnark-crypto's MiMC hash (Miyaguchi–Preneel over the x⁵ MiMC block cipher), as go-algorand's
// `mimc` opcode calls it: `NewMiMC()`, `Write(data)`, `Sum(nil)`. Round constants come from
// Keccak-256 iterated on the seed "seed", as gnark derives them, so they are computed here
// rather than tabulated.
import { keccak_256 } from '@noble/hashes/sha3.js'
import { bigIntToBytes, bytesToBigInt, mod } from './field-elements.ts'
import { BLS12_381_R, BN254_R } from './ec-params.ts'

/** A MiMC configuration of the `mimc` opcode: the scalar field and the number of rounds. */
export interface MimcConfig {
  modulus: bigint
  rounds: number
}

/** `mimc BN254Mp110`: BN254's scalar field, 110 rounds. */
export const MIMC_BN254: MimcConfig = { modulus: BN254_R, rounds: 110 }
/** `mimc BLS12_381Mp111`: BLS12-381's scalar field, 111 rounds. */
export const MIMC_BLS12_381: MimcConfig = { modulus: BLS12_381_R, rounds: 111 }

const constantsCache = new Map<MimcConfig, bigint[]>()

/** gnark's round constants: c_i = keccak^(i+2)("seed") mod r. */
function constants(cfg: MimcConfig): bigint[] {
  let cs = constantsCache.get(cfg)
  if (cs) return cs
  cs = []
  let rnd = keccak_256(new TextEncoder().encode('seed'))
  for (let i = 0; i < cfg.rounds; i++) {
    rnd = keccak_256(rnd)
    cs.push(mod(bytesToBigInt(rnd), cfg.modulus))
  }
  constantsCache.set(cfg, cs)
  return cs
}

/**
 * MiMC of `data`, a concatenation of 32-byte big-endian field elements, as a 32-byte digest.
 * Throws go-algorand's texts for empty input, a length that is not a multiple of 32, and an
 * element not below the modulus.
 */
export function mimc(cfg: MimcConfig, data: Uint8Array): Uint8Array {
  if (data.length === 0) throw new Error('the input data cannot be empty')
  if (data.length % 32 !== 0) throw new Error('the input data must be a multiple of 32 bytes')
  const p = cfg.modulus
  const elems: bigint[] = []
  for (let i = 0; i < data.length; i += 32) {
    const e = bytesToBigInt(data, i, i + 32)
    if (e >= p) throw new Error('invalid mimc input invalid fr.Element encoding')
    elems.push(e)
  }
  const cs = constants(cfg)
  let h = 0n
  for (const m of elems) {
    // encrypt m under key h, then h = E_h(m) + h + m
    let x = m
    for (const c of cs) {
      const t = (x + h + c) % p
      const t2 = (t * t) % p
      x = (((t2 * t2) % p) * t) % p
    }
    h = (x + h + h + m) % p
  }
  return bigIntToBytes(h, 32)
}
