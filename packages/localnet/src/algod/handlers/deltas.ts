// /v2/deltas/*: a round's state delta and each group's, as go-codec encodes ledgercore's structs.
import algosdk from 'algosdk'
import { base32Decode, digestText } from '@grove/ledger'
import { ALGOD_ERRORS, badRequest, notFound, sprintf } from '../errors.ts'
import { jsonReply, responseFormat, uintParam } from '../http.ts'
import type { AlgodReply, AlgodRequest, Format } from '../http.ts'
import type { AlgodContext } from '../context.ts'
import { blockToJSONValue, msgpackToJSONValue } from './blocks.ts'

const TXID = /^[A-Z2-7]{52}$/

/** JSON cannot key a map by a struct: go zeroes Txleases before encoding JSON. */
function withoutLeases(delta: Map<string, unknown>): Map<string, unknown> {
  if (!delta.has('Txleases')) return delta
  return new Map([...delta].map(([k, v]) => [k, k === 'Txleases' ? null : v]))
}

const ADDRESS_KEYS = new Set(['Addr', 'AuthAddr', 'Creator'])

/** go-codec's JSON of ledgercore's structs: addresses as text (basics.Address's MarshalText), the header as a block's JSON. */
function deltaToJSONValue(value: unknown, parent = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => deltaToJSONValue(v, parent))
  if (!(value instanceof Map)) return msgpackToJSONValue(value)
  const out: Record<string, unknown> = {}
  for (const [k, v] of value) {
    const key = k instanceof Uint8Array ? algosdk.bytesToBase64(k) : String(k)
    const isAddress = ADDRESS_KEYS.has(key) || (parent === 'Params' && ['m', 'r', 'f', 'c'].includes(key))
    if (isAddress && v instanceof Uint8Array) out[key] = algosdk.encodeAddress(v)
    else if (key === 'Hdr') out[key] = blockToJSONValue(v)
    else out[key] = deltaToJSONValue(v, key)
  }
  return out
}

function reply(value: unknown, format: Format): AlgodReply {
  if (format === 'msgpack') return { status: 200, contentType: 'application/msgpack', body: algosdk.msgpackRawEncode(value) }
  return jsonReply(deltaToJSONValue(value))
}

/** GET /v2/deltas/{round}. */
export function getLedgerStateDelta(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  const round = uintParam(req, 'round')
  const format = responseFormat(req)
  const res = ctx.node.ledgerStateDelta(round)
  if ('error' in res) throw notFound(sprintf(ALGOD_ERRORS.failedRetrievingStateDelta, res.error))
  return reply(format === 'json' ? withoutLeases(res.delta) : res.delta, format)
}

/** GET /v2/deltas/{round}/txn/group: every group of the round with its ids. */
export function getTransactionGroupLedgerStateDeltasForRound(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  const round = uintParam(req, 'round')
  const format = responseFormat(req)
  const groups = ctx.node.groupDeltasForRound(round)
  if (groups === undefined) throw notFound(sprintf(ALGOD_ERRORS.failedRetrievingStateDelta, `round ${round} not found in txnGroupDeltaTracer`))
  const deltas = groups.map((g) => new Map<string, unknown>([['Delta', format === 'json' ? withoutLeases(g.delta) : g.delta], ['Ids', g.ids.map(digestText)]]))
  return reply(new Map([['Deltas', deltas]]), format)
}

/** GET /v2/deltas/txn/group/{id}: by a txid or a group id, both as base32 digests. */
export function getLedgerStateDeltaForTransactionGroup(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  const format = responseFormat(req)
  const id = req.params.id ?? ''
  if (!TXID.test(id)) throw badRequest(ALGOD_ERRORS.noValidTxnSpecified)
  const bytes = base32Decode(id)
  const delta = ctx.node.groupDelta(bytes)
  if (delta === undefined) throw notFound(sprintf(ALGOD_ERRORS.failedRetrievingStateDelta, `unable to find delta for id: ${id}`))
  return reply(format === 'json' ? withoutLeases(delta) : delta, format)
}
