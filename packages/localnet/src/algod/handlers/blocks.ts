// /v2/blocks/{round}*: the block in msgpack (algod's exact bytes) or JSON, whole or header only;
// its hash, transaction ids and Merkle proofs; and what a dev-mode node says of state proofs.
import { createHash } from 'node:crypto'
import algosdk from 'algosdk'
import { digestText, paysetLeaves, stibHash, txnProof } from '@grove/ledger'
import { ALGOD_ERRORS, badRequest, notFound } from '../errors.ts'
import { boolQuery, jsonReply, responseFormat, uintParam } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'
import { blockResponse } from '../models.ts'

const BH = new TextEncoder().encode('BH')

/** go-codec's JSON for msgpack data: maps become objects, byte strings base64. */
export function msgpackToJSONValue(value: unknown): unknown {
  if (value instanceof Uint8Array) return algosdk.bytesToBase64(value)
  if (Array.isArray(value)) return value.map(msgpackToJSONValue)
  if (value instanceof Map) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of value) out[k instanceof Uint8Array ? algosdk.bytesToBase64(k) : String(k)] = msgpackToJSONValue(v)
    return out
  }
  return value
}

/** Block fields of go type basics.Address, which go-codec's JSON writes as checksummed base32 (its MarshalText). */
const ADDRESS_KEYS = new Set(['prp', 'fees', 'rwd', 'snd', 'rcv', 'close', 'asnd', 'arcv', 'aclose', 'fadd', 'sgnr', 'rekey'])
const ADDRESS_LIST_KEYS = new Set(['apat', 'sa', 'partupdrmv', 'partupdabs'])
/** Address fields inside a parent: asset params' manager/reserve/freeze/clawback, an access entry's address. */
const NESTED_ADDRESS_KEYS: Record<string, Set<string>> = { apar: new Set(['m', 'r', 'f', 'c']), al: new Set(['d']) }

/** A block as algod's JSON shows it: go-codec's base64 for bytes, but addresses and the branch as text. */
export function blockToJSONValue(value: unknown, parent = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => blockToJSONValue(v, parent))
  if (!(value instanceof Map)) return msgpackToJSONValue(value)
  const out: Record<string, unknown> = {}
  for (const [k, v] of value) {
    const key = k instanceof Uint8Array ? algosdk.bytesToBase64(k) : String(k)
    const isAddress = ADDRESS_KEYS.has(key) || NESTED_ADDRESS_KEYS[parent]?.has(key) === true
    if (isAddress && v instanceof Uint8Array) out[key] = algosdk.encodeAddress(v)
    else if (ADDRESS_LIST_KEYS.has(key) && Array.isArray(v)) out[key] = v.map((a) => (a instanceof Uint8Array ? algosdk.encodeAddress(a) : a))
    else if (key === 'prev' && v instanceof Uint8Array) out[key] = `blk-${digestText(v)}`
    else out[key] = blockToJSONValue(v, key)
  }
  return out
}

/**
 * Block `round` as algod's msgpack response (blockResponse around the ledger's encoded block). On a
 * fork, the remote's history up to the fork round is the remote's own responses, cert and all (read
 * once and pinned, RemoteState.blockMsgpack), so a follower of the chain (the analytics service)
 * reads the remote's history and then the fork's blocks, which chain from it; the fork's own genesis
 * at the fork round is not served.
 */
async function blockBytes(ctx: AlgodContext, round: bigint, headerOnly: boolean): Promise<Uint8Array> {
  const fork = ctx.node.fork
  if (fork?.servesBlock(round) === true) return fork.blockMsgpack(round, headerOnly)
  const block = ctx.node.encodedBlock(round, headerOnly)
  if (!block) throw notFound(ALGOD_ERRORS.failedLookingUpLedger)
  return blockResponse(block)
}

/** GET /v2/blocks/{round}?format=&header-only=. */
export async function getBlock(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const round = uintParam(req, 'round')
  const format = responseFormat(req)
  const headerOnly = boolQuery(req, 'header-only') ?? false
  const bytes = await blockBytes(ctx, round, headerOnly)
  if (format === 'msgpack') return { status: 200, contentType: 'application/msgpack', body: bytes }
  return jsonReply(blockToJSONValue(algosdk.msgpackRawDecodeAsMap(bytes)))
}

/** Block `round` as objects: on a fork, the remote's up to the fork round (blockBytes). */
async function blockAt(ctx: AlgodContext, req: AlgodRequest): Promise<algosdk.Block> {
  const round = uintParam(req, 'round')
  if (ctx.node.fork?.servesBlock(round) === true) return algosdk.decodeMsgpack(await ctx.node.fork.blockMsgpack(round), algosdk.modelsv2.BlockResponse).block
  const block = ctx.node.block(round)
  if (!block) throw notFound(ALGOD_ERRORS.failedLookingUpLedger)
  return block
}

/** GET /v2/blocks/{round}/hash: the header's hash (go's BlockHeader.Hash) in base32. */
export async function getBlockHash(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const block = await blockAt(ctx, req)
  const hash = createHash('sha512-256').update(BH).update(algosdk.encodeMsgpack(block.header)).digest()
  return jsonReply({ blockHash: digestText(new Uint8Array(hash)) })
}

/** GET /v2/blocks/{round}/txids: the ids of the block's top-level transactions, in order. */
export async function getBlockTxids(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const block = await blockAt(ctx, req)
  return jsonReply({ blockTxids: paysetLeaves(block.payset, block.header.genesisID, block.header.genesisHash).map((l) => l.txn.txID()) })
}

/** GET /v2/blocks/{round}/transactions/{txid}/proof?hashtype=: a Merkle (or SHA-256 vector commitment) proof. */
export async function getTransactionProof(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const txid = req.params.txid ?? ''
  if (!/^[A-Z2-7]{52}$/.test(txid)) throw badRequest(ALGOD_ERRORS.noValidTxnSpecified)
  const hashtype = req.query.get('hashtype') ?? 'sha512_256'
  if (hashtype !== 'sha512_256' && hashtype !== 'sha256') throw badRequest('invalid hash type')
  // go answers a block it does not have here with 500; it is the client's round: 404 as GetBlock answers it
  const block = await blockAt(ctx, req)
  // the block's own genesis id: on a fork, the remote's for the remote's blocks
  const leaves = paysetLeaves(block.payset, block.header.genesisID, block.header.genesisHash)
  const idx = leaves.findIndex((l) => l.txn.txID() === txid)
  if (idx < 0) throw notFound(ALGOD_ERRORS.transactionNotFound)
  const { proof, treeDepth } = txnProof(leaves, idx, hashtype)
  return jsonReply({ proof: algosdk.bytesToBase64(proof), stibhash: algosdk.bytesToBase64(stibHash(leaves[idx], hashtype)), idx, treedepth: treeDepth, hashtype })
}

/**
 * Dev mode runs no state proofs: a past round has none (404, as algod). A round past the tip gets
 * algod's text with 400, as its box listing answers it (its state proof routes answer 500).
 */
function noStateProof(ctx: AlgodContext, req: AlgodRequest): never {
  const round = uintParam(req, 'round')
  if (round > ctx.node.lastRound()) throw badRequest(ALGOD_ERRORS.roundGreaterThanTheLatest)
  throw notFound('no state proof can be found for that round')
}

/** GET /v2/blocks/{round}/lightheader/proof. */
export function getLightBlockHeaderProof(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  return noStateProof(ctx, req)
}

/** GET /v2/stateproofs/{round}. */
export function getStateProof(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  return noStateProof(ctx, req)
}
