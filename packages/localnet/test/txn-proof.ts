// Checking algod's transaction proofs as a light client does: the leaf from the transaction, then
// up the tree by the proof's siblings to the root the block header commits to.
import { createHash } from 'node:crypto'

/** What /v2/blocks/{round}/transactions/{txid}/proof answers, its byte fields decoded. */
export interface TxnProof {
  proof: Uint8Array
  stibhash: Uint8Array
  treedepth: number | bigint
  idx: number | bigint
}

/** The proof's hash family: the header's txn (SHA-512/256) or txn256 (SHA-256) commitment. */
export type ProofHash = 'sha512-256' | 'sha256'

export function hash(type: ProofHash, ...parts: Uint8Array[]): Uint8Array {
  const h = createHash(type)
  for (const p of parts) h.update(p)
  return new Uint8Array(h.digest())
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** A transaction id's 32 bytes (unpadded base32). */
export function base32Decode(s: string): Uint8Array {
  const out: number[] = []
  let bits = 0
  let value = 0
  for (const c of s) {
    value = (value << 5) | BASE32.indexOf(c)
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return new Uint8Array(out)
}

/**
 * The Merkle root `proof` leads to from the leaf of `leafId` (the txid's bytes for sha512-256, the
 * transaction's "TX"-prefixed SHA-256 for sha256): leaf = H("TL" ‖ leafId ‖ stibhash), each level
 * H("MA" ‖ left ‖ right). The txn256 tree is a vector commitment: its leaf index is bit-reversed.
 */
export function proofRoot(proof: TxnProof, leafId: Uint8Array, type: ProofHash): Uint8Array {
  const tag = (s: string) => new TextEncoder().encode(s)
  let node = hash(type, tag('TL'), leafId, proof.stibhash)
  const depth = Number(proof.treedepth)
  let pos = Number(proof.idx)
  if (type === 'sha256') pos = parseInt(pos.toString(2).padStart(depth, '0').split('').reverse().join('') || '0', 2)
  for (let l = 0; l < depth; l++) {
    const sibling = proof.proof.subarray(l * 32, l * 32 + 32)
    node = pos % 2 === 0 ? hash(type, tag('MA'), node, sibling) : hash(type, tag('MA'), sibling, node)
    pos = Math.floor(pos / 2)
  }
  return node
}
