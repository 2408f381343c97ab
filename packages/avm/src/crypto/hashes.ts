// The AVM's plain hash opcodes, each a thin wrapper over @noble/hashes (SHA-256 over the AVM's
// own, faster on the short inputs programs hash: sha256.ts) so the opcode handlers and the rest
// of the AVM (program hashes, addresses) share one implementation.
import { sha512 as nobleSha512, sha512_256 as nobleSha512_256 } from '@noble/hashes/sha2.js'
import { keccak_256, sha3_256 as nobleSha3_256 } from '@noble/hashes/sha3.js'
import { sha256 as shortSha256 } from './sha256.ts'

/** SHA-256 (FIPS 180-4), the `sha256` opcode. */
export function sha256(data: Uint8Array): Uint8Array {
  return shortSha256(data)
}

/** SHA-512/256 (FIPS 180-4), Algorand's standard hash and the `sha512_256` opcode. */
export function sha512_256(data: Uint8Array): Uint8Array {
  return nobleSha512_256(data)
}

/** NIST SHA3-256 (FIPS 202), the `sha3_256` opcode. */
export function sha3_256(data: Uint8Array): Uint8Array {
  return nobleSha3_256(data)
}

/** Ethereum's pre-standard Keccak-256, the `keccak256` opcode. */
export function keccak256(data: Uint8Array): Uint8Array {
  return keccak_256(data)
}

/** SHA-512 (FIPS 180-4), the v13 `sha512` opcode. */
export function sha512(data: Uint8Array): Uint8Array {
  return nobleSha512(data)
}

/** SHA-512/256 of a domain-separation prefix followed by data, as go-algorand's `crypto.HashObj` does. */
export function hashWithPrefix(prefix: string, data: Uint8Array): Uint8Array {
  const p = new TextEncoder().encode(prefix)
  const buf = new Uint8Array(p.length + data.length)
  buf.set(p)
  buf.set(data, p.length)
  return nobleSha512_256(buf)
}
