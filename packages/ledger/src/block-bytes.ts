// A block as bytes, the way the chain keeps and logs it (go's data/bookkeeping encoding): the
// header's hash prefix, payset commitments, splicing a sealed header and its payset into one
// canonical block, splitting the header back out, and reading a logged block's round, txn
// counter and payset size without decoding it.

import { createHash } from 'node:crypto'
import algosdk from 'algosdk'
import { msgpackValueEnd } from './convert.ts'
import { encodedCommitments } from './merkle.ts'
import { concat } from './bytes.ts'

export const BH = new TextEncoder().encode('BH')
/** SHA-512 of the concatenated parts. */
export function sha512(...parts: Uint8Array[]): Uint8Array {
  const h = createHash('sha512')
  for (const p of parts) h.update(p)
  return new Uint8Array(h.digest())
}

/** The header's Merkle and vector commitments (merkle.ts) over a payset's transactions and entries, by their encodings. */
export function paysetCommitments(txnBytes: Uint8Array[], stibBytes: Uint8Array[]): algosdk.TxnCommitments {
  const roots = encodedCommitments(stibBytes.map((stib, i) => ({ txn: txnBytes[i], stib })))
  return new algosdk.TxnCommitments({ nativeSha512_256Commitment: roots.sha512_256, sha256Commitment: roots.sha256, sha512Commitment: roots.sha512 })
}

/** A msgpack map's entry count and where its first key starts (fixmap, map 16 or map 32). */
function mapHead(b: Uint8Array): { count: number; bodyStart: number } {
  const t = b[0]
  if (t >= 0x80 && t <= 0x8f) return { count: t & 0x0f, bodyStart: 1 }
  if (t === 0xde) return { count: (b[1] << 8) | b[2], bodyStart: 3 }
  return { count: new DataView(b.buffer, b.byteOffset + 1).getUint32(0), bodyStart: 5 }
}

/** The bytes of the value at key `key` (a short string, under 32 bytes) in the msgpack map `b`, as encoded, or undefined when absent. */
export function mapValue(b: Uint8Array, key: string): Uint8Array | undefined {
  const want = new TextEncoder().encode(key)
  const { count, bodyStart } = mapHead(b)
  let at = bodyStart
  for (let i = 0; i < count; i++) {
    const keyEnd = msgpackValueEnd(b, at)
    const valueEnd = msgpackValueEnd(b, keyEnd)
    // a fixstr key: its head byte, then the text
    if (keyEnd - at === want.length + 1 && b[at] === (0xa0 | want.length) && want.every((c, j) => b[at + 1 + j] === c)) return b.subarray(keyEnd, valueEnd)
    at = valueEnd
  }
  return undefined
}

/** The msgpack map `b` without its entry at key `key` (a short string), as encoded, or undefined when absent: a canonical map stays canonical. */
export function withoutKey(b: Uint8Array, key: string): Uint8Array | undefined {
  const want = new TextEncoder().encode(key)
  const { count, bodyStart } = mapHead(b)
  let at = bodyStart
  for (let i = 0; i < count; i++) {
    const keyEnd = msgpackValueEnd(b, at)
    const valueEnd = msgpackValueEnd(b, keyEnd)
    if (keyEnd - at === want.length + 1 && b[at] === (0xa0 | want.length) && want.every((c, j) => b[at + 1 + j] === c)) {
      return concat(containerPrefix(0x80, count - 1), b.subarray(bodyStart, at), b.subarray(valueEnd))
    }
    at = valueEnd
  }
  return undefined
}

/** msgpack's shortest prefix of a map (0x80) or array (0x90) of `n` entries. */
function containerPrefix(fix: 0x80 | 0x90, n: number): Uint8Array {
  if (n <= 15) return new Uint8Array([fix | n])
  const wide = fix === 0x80 ? [0xde, 0xdf] : [0xdc, 0xdd]
  if (n <= 0xffff) return new Uint8Array([wide[0], n >> 8, n & 0xff])
  return new Uint8Array([wide[1], n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff])
}

const TXNS_KEY = new Uint8Array([0xa4, ...new TextEncoder().encode('txns')])

/** Whether the key bytes `b[from, to)` sort after "txns". */
function afterTxns(b: Uint8Array, from: number, to: number): boolean {
  for (let i = 0; i < 4; i++) {
    if (from + i >= to) return false
    if (b[from + i] !== TXNS_KEY[i + 1]) return b[from + i] > TXNS_KEY[i + 1]
  }
  return to - from > 4
}

/**
 * A block's canonical msgpack from its header's and payset entries' own canonical encodings
 * (the ones the commitments hashed): go's block is the header's map with `txns` added at its
 * sorted place, so splicing gives algosdk's encodeMsgpack(block) without encoding it all again.
 */
export function spliceBlock(header: Uint8Array, stibs: Uint8Array[]): Uint8Array {
  if (stibs.length === 0) return header
  const { count, bodyStart } = mapHead(header)
  let at = bodyStart
  for (let i = 0; i < count; i++) {
    const keyEnd = msgpackValueEnd(header, at)
    // header keys are short ASCII strings (fixstr): compare their bytes as canonical msgpack sorts them
    if (afterTxns(header, at + 1, keyEnd)) break
    at = msgpackValueEnd(header, keyEnd)
  }
  return concat(containerPrefix(0x80, count + 1), header.subarray(bodyStart, at), TXNS_KEY, containerPrefix(0x90, stibs.length), ...stibs, header.subarray(at))
}

/** spliceBlock undone: a block's header encoding (its map without `txns`), decoded alone when a replayed header is read or a fork's base header kept. */
export function splitBlock(block: Uint8Array): Uint8Array {
  const { count, bodyStart } = mapHead(block)
  let at = bodyStart
  for (let i = 0; i < count; i++) {
    const keyEnd = msgpackValueEnd(block, at)
    const valueEnd = msgpackValueEnd(block, keyEnd)
    if (keyEnd - at === TXNS_KEY.length && TXNS_KEY.every((b, j) => block[at + j] === b)) {
      return concat(containerPrefix(0x80, count - 1), block.subarray(bodyStart, at), block.subarray(valueEnd))
    }
    at = valueEnd
  }
  return block
}

/** A block's header object, decoded from the block's canonical encoding. */
export function decodeHeader(block: Uint8Array): algosdk.BlockHeader {
  return algosdk.decodeMsgpack(splitBlock(block), algosdk.BlockHeader)
}

/** The msgpack unsigned integer at `at` (-1n for anything else). */
function readUint(b: Uint8Array, at: number): bigint {
  const t = b[at]
  if (t <= 0x7f) return BigInt(t)
  const view = new DataView(b.buffer, b.byteOffset + at + 1)
  if (t === 0xcc) return BigInt(b[at + 1])
  if (t === 0xcd) return BigInt(view.getUint16(0))
  if (t === 0xce) return BigInt(view.getUint32(0))
  if (t === 0xcf) return view.getBigUint64(0)
  return -1n
}

const RND_KEY = new Uint8Array([0xa3, ...new TextEncoder().encode('rnd')])
const TC_KEY = new Uint8Array([0xa2, ...new TextEncoder().encode('tc')])

/** A logged block as replay checks it, read without decoding: its round, txn counter (0 when omitted, as msgpack omits zeros) and payset size. */
export interface StoredBlock {
  round: bigint
  txnCounter: bigint
  entries: number
  bytes: Uint8Array
  /** Whether its state delta will be among the last DELTA_LOOKBACK rounds kept once replay ends. */
  keepDelta: boolean
}

export function storedBlock(bytes: Uint8Array, keepDelta: boolean): StoredBlock {
  const out: StoredBlock = { round: 0n, txnCounter: 0n, entries: 0, bytes, keepDelta }
  const { count, bodyStart } = mapHead(bytes)
  let at = bodyStart
  const is = (key: Uint8Array, end: number): boolean => end - at === key.length && key.every((b, j) => bytes[at + j] === b)
  for (let i = 0; i < count; i++) {
    const keyEnd = msgpackValueEnd(bytes, at)
    if (is(RND_KEY, keyEnd)) out.round = readUint(bytes, keyEnd)
    else if (is(TC_KEY, keyEnd)) out.txnCounter = readUint(bytes, keyEnd)
    else if (is(TXNS_KEY, keyEnd)) {
      const a = bytes[keyEnd]
      const view = new DataView(bytes.buffer, bytes.byteOffset + keyEnd + 1)
      out.entries = a >= 0x90 && a <= 0x9f ? a & 0x0f : a === 0xdc ? view.getUint16(0) : view.getUint32(0)
    }
    at = msgpackValueEnd(bytes, keyEnd)
  }
  return out
}
