// A block's transaction commitments and proofs, as go's bookkeeping/txn_merkle.go and
// crypto/merklearray build them: a Merkle tree over (txid, hash of the SignedTxnInBlock)
// leaves for the header's `txn`, and vector-commitment trees (leaves in bit-reversed order,
// padded with "MB" bottom leaves) for `txn256` and `txn512`.

import { createHash } from 'node:crypto'
import algosdk from 'algosdk'
import { sha512_256 } from './hash.ts'

/** go's crypto hash types used for transaction commitments. */
export type HashType = 'sha512_256' | 'sha256' | 'sha512'

const enc = new TextEncoder()
const TL = enc.encode('TL')
const MA = enc.encode('MA')
const MB = enc.encode('MB')
const TX = enc.encode('TX')
const STIB = enc.encode('STIB')

function hashWith(type: HashType, ...parts: Uint8Array[]): Uint8Array {
  if (type === 'sha512_256') return sha512_256(...parts)
  const h = createHash(type)
  for (const p of parts) h.update(p)
  return new Uint8Array(h.digest())
}

function digestSize(type: HashType): number {
  return type === 'sha512' ? 64 : 32
}

/** A payset entry with the full transaction its id is computed from. */
export interface PaysetLeaf {
  txn: algosdk.Transaction
  stib: algosdk.SignedTxnInBlock
}

/**
 * The payset's transactions with the genesis id and hash the block encoding drops put back
 * (go's Block.DecodeSignedTxn), so their ids are the ones clients know.
 */
export function paysetLeaves(payset: algosdk.SignedTxnInBlock[], genesisID: string, genesisHash: Uint8Array): PaysetLeaf[] {
  return payset.map((stib) => {
    const raw = stib.signedTxn.signedTxn.txn.toEncodingData()
    const full = new Map(raw)
    full.set('gh', genesisHash)
    if (stib.hasGenesisID) full.set('gen', genesisID)
    return { txn: algosdk.Transaction.fromEncodingData(full), stib }
  })
}

/** A payset entry by its canonical encodings: the full transaction (genesis id and hash put back) and the SignedTxnInBlock. */
export interface EncodedLeaf {
  txn: Uint8Array
  stib: Uint8Array
  /** The raw leaves, made once for the trees that share them (native; SHA-256 for txn256 and txn512). */
  raw?: { native?: Uint8Array; sha256?: Uint8Array }
}

const encodings = new WeakMap<PaysetLeaf, EncodedLeaf>()

/** A leaf's canonical encodings, made once for all three trees. */
function encoded(leaf: PaysetLeaf): EncodedLeaf {
  let e = encodings.get(leaf)
  if (e === undefined) encodings.set(leaf, (e = { txn: algosdk.encodeMsgpack(leaf.txn), stib: algosdk.encodeMsgpack(leaf.stib) }))
  return e
}

/** The 64-byte raw leaf: the transaction id and the SignedTxnInBlock hash (SHA-256 ones outside the native tree). */
function rawLeaf(leaf: EncodedLeaf, type: HashType): Uint8Array {
  const inner = type === 'sha512_256' ? 'sha512_256' : 'sha256'
  const raw = (leaf.raw ??= {})
  const kept = inner === 'sha512_256' ? raw.native : raw.sha256
  if (kept !== undefined) return kept
  const out = new Uint8Array(64)
  out.set(hashWith(inner, TX, leaf.txn))
  out.set(hashWith(inner, STIB, leaf.stib), 32)
  if (inner === 'sha512_256') raw.native = out
  else raw.sha256 = out
  return out
}

/** The hash of a SignedTxnInBlock in the proof response (`stibhash`). */
export function stibHash(leaf: PaysetLeaf, type: 'sha512_256' | 'sha256'): Uint8Array {
  return hashWith(type, STIB, encoded(leaf).stib)
}

/** A built tree: levels from leaves up to the root. */
interface Tree {
  levels: Uint8Array[][]
  type: HashType
  vector: boolean
}

function build(leafHashes: Uint8Array[], type: HashType, vector: boolean): Tree {
  const levels: Uint8Array[][] = []
  if (leafHashes.length === 0) return { levels, type, vector }
  levels.push(leafHashes)
  const size = digestSize(type)
  while (levels[levels.length - 1].length > 1) {
    const below = levels[levels.length - 1]
    const up: Uint8Array[] = []
    for (let i = 0; i < below.length; i += 2) {
      // a missing right child hashes as zeros, as go's pair does
      const right = below[i + 1] ?? new Uint8Array(size)
      up.push(hashWith(type, MA, below[i], right))
    }
    levels.push(up)
  }
  return { levels, type, vector }
}

/** Bits of the vector commitment's leaf positions (go's pathLen). */
function pathLength(n: number): number {
  return n <= 1 ? 1 : Math.ceil(Math.log2(n))
}

function reverseBits(x: number, bits: number): number {
  let r = 0
  for (let i = 0; i < bits; i++) r |= ((x >> i) & 1) << (bits - 1 - i)
  return r
}

function tree(leaves: EncodedLeaf[], type: HashType): Tree {
  const leafHash = (l: EncodedLeaf): Uint8Array => hashWith(type, TL, rawLeaf(l, type))
  if (type === 'sha512_256') return build(leaves.map(leafHash), type, false)
  const bits = pathLength(leaves.length)
  const padded = leaves.length <= 1 ? 1 : 2 ** bits
  const hashes: Uint8Array[] = []
  for (let pos = 0; pos < padded; pos++) {
    const idx = leaves.length <= 1 ? pos : reverseBits(pos, bits)
    hashes.push(idx < leaves.length ? leafHash(leaves[idx]) : hashWith(type, MB))
  }
  return build(hashes, type, true)
}

function root(t: Tree): Uint8Array {
  const top = t.levels[t.levels.length - 1]
  return top === undefined ? new Uint8Array(digestSize(t.type)) : top[0]
}

/** The header's three transaction commitments (txn, txn256, txn512) of a payset. */
export function txnCommitments(leaves: PaysetLeaf[]): { sha512_256: Uint8Array; sha256: Uint8Array; sha512: Uint8Array } {
  return encodedCommitments(leaves.map(encoded))
}

/** txnCommitments from leaves already encoded (a new block's: its transactions' and entries' bytes are at hand). */
export function encodedCommitments(leaves: EncodedLeaf[]): { sha512_256: Uint8Array; sha256: Uint8Array; sha512: Uint8Array } {
  return { sha512_256: root(tree(leaves, 'sha512_256')), sha256: root(tree(leaves, 'sha256')), sha512: root(tree(leaves, 'sha512')) }
}

/** A single-leaf proof: sibling hashes bottom-up, concatenated (go's GetConcatenatedProof). */
export interface TxnProof {
  proof: Uint8Array
  treeDepth: number
}

/** Proves transaction `idx` of the payset in the tree of `type` (go's ProveSingleLeaf). */
export function txnProof(leaves: PaysetLeaf[], idx: number, type: 'sha512_256' | 'sha256'): TxnProof {
  const t = tree(leaves.map(encoded), type)
  const depth = t.levels.length - 1
  let pos = t.vector ? reverseBits(idx, depth) : idx
  const size = digestSize(type)
  const proof = new Uint8Array(depth * size)
  for (let l = 0; l < depth; l++) {
    const sibling = t.levels[l][pos ^ 1]
    if (sibling !== undefined) proof.set(sibling, l * size)
    pos >>= 1
  }
  return { proof, treeDepth: depth }
}
