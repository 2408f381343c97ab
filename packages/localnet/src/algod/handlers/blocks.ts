// /v2/blocks/{round}: the block in msgpack (algod's exact bytes) or JSON, whole or header only.
import algosdk from 'algosdk'
import { ALGOD_ERRORS, notFound } from '../errors.ts'
import { boolQuery, jsonReply, responseFormat, uintParam } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'

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

/** GET /v2/blocks/{round}?format=&header-only=. */
export function getBlock(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  const round = uintParam(req, 'round')
  const format = responseFormat(req)
  const headerOnly = boolQuery(req, 'header-only') ?? false
  const bytes = ctx.node.blockMsgpack(round, headerOnly)
  if (!bytes) throw notFound(ALGOD_ERRORS.failedLookingUpLedger)
  if (format === 'msgpack') return { status: 200, contentType: 'application/msgpack', body: bytes }
  return jsonReply(msgpackToJSONValue(algosdk.msgpackRawDecodeAsMap(bytes)))
}
