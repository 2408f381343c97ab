// POST /v2/teal/dryrun: algod 4.x's developer endpoint (go-algorand removed it in 5.0, #6651),
// kept because the seed spec lists it and older tools call it. This handler decodes the request
// as go's TealDryrun does (strict JSON first, then msgpack), fills the defaults from the latest
// block, and answers the dryrun result (../dryrun.ts) as JSON (go has no msgpack reply here).
import algosdk from 'algosdk'
import { consensusOf } from '@grove/ledger'
import { dryrun, type DryrunRequest, type DryrunSource } from '../dryrun.ts'
import { badRequest } from '../errors.ts'
import { jsonReply } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'

/** algod's cap on a dryrun request body (MaxTealDryrunBytes). */
export const MAX_TEAL_DRYRUN_BYTES = 1_000_000

/** go's text when a msgpack body is not a map (the first byte is read, then refused). */
const NOT_A_STRUCT = 'msgpack decode error [pos 1]: only encoded map or array can be decoded into a struct'

/** DryrunRequest's fields. */
const REQUEST_FIELDS = new Set(['txns', 'accounts', 'apps', 'protocol-version', 'round', 'latest-timestamp', 'sources'])

type Fields = (name: string) => unknown

function num(v: unknown): bigint {
  if (v === undefined || v === null) return 0n
  if (typeof v === 'number' || typeof v === 'bigint') return BigInt(v)
  throw new Error('expected an integer')
}

function list(v: unknown): unknown[] {
  if (v === undefined || v === null) return []
  if (!Array.isArray(v)) throw new Error('expected an array')
  return v
}

function sourceOf(get: Fields): DryrunSource {
  const s = get('source')
  const field = get('field-name')
  return { fieldName: typeof field === 'string' ? field : '', source: typeof s === 'string' ? s : '', txnIndex: Number(num(get('txn-index'))), appIndex: num(get('app-index')) }
}

/** The request from a body's top-level fields, each sub-object decoded by `decode`. */
function requestOf(get: Fields, decode: <T extends algosdk.Encodable>(v: unknown, c: algosdk.EncodableClass<T>) => T, field: (o: unknown) => Fields): DryrunRequest {
  const pv = get('protocol-version')
  return {
    txns: list(get('txns')).map((t) => decode(t, algosdk.SignedTransaction)),
    accounts: list(get('accounts')).map((a) => decode(a, algosdk.modelsv2.Account)),
    apps: list(get('apps')).map((a) => decode(a, algosdk.modelsv2.Application)),
    protocolVersion: typeof pv === 'string' ? pv : '',
    round: num(get('round')),
    latestTimestamp: num(get('latest-timestamp')),
    sources: list(get('sources')).map((s) => sourceOf(field(s))),
  }
}

function fromJSON(text: string): DryrunRequest | undefined {
  let body: unknown
  try {
    body = algosdk.parseJSON(text, { intDecoding: algosdk.IntDecoding.BIGINT })
  } catch {
    return undefined
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined
  // go's strict JSON handle refuses unknown fields (and then tries msgpack)
  if (Object.keys(body).some((k) => !REQUEST_FIELDS.has(k))) return undefined
  const field = (o: unknown): Fields => (k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined)
  try {
    return requestOf(field(body), (v, c) => algosdk.decodeJSON(algosdk.stringifyJSON(v), c), field)
  } catch {
    return undefined
  }
}

function fromMsgpack(body: Uint8Array): DryrunRequest {
  if (body.length === 0) throw badRequest('EOF')
  const first = body[0]
  const container = (first >= 0x80 && first <= 0x9f) || first === 0xdc || first === 0xdd || first === 0xde || first === 0xdf
  if (!container) throw badRequest(NOT_A_STRUCT)
  try {
    const root = algosdk.msgpackRawDecodeAsMap(body)
    const field = (o: unknown): Fields => (k) => (o instanceof Map ? (o as Map<unknown, unknown>).get(k) : undefined)
    return requestOf(field(root), (v, c) => algosdk.decodeMsgpack(algosdk.msgpackRawEncode(v), c), field)
  } catch (e) {
    throw badRequest(`msgpack decode error: ${e instanceof Error ? e.message : String(e)}`)
  }
}

/** POST /v2/teal/dryrun: runs LogicSigs and app programs over the uploaded state, with traces. */
export function tealDryrun(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  if (req.body.length > MAX_TEAL_DRYRUN_BYTES) throw badRequest('http: request body too large')
  // go tries strict JSON first and, when that fails, reports the msgpack decoder's error
  const dr = fromJSON(new TextDecoder().decode(req.body)) ?? fromMsgpack(req.body)
  // go looks the version up in config.Consensus: any protocol this ledger runs is known
  if (dr.protocolVersion !== '' && consensusOf(dr.protocolVersion) === undefined) throw badRequest('unsupported protocol version')
  if (dr.protocolVersion === '' || dr.round === 0n || dr.latestTimestamp === 0n) {
    const latest = ctx.node.lastRound()
    const header = ctx.node.block(latest)?.header
    dr.protocolVersion ||= ctx.node.protocol
    if (dr.round === 0n) dr.round = latest + 1n
    if (dr.latestTimestamp === 0n) dr.latestTimestamp = header?.timestamp ?? 0n
  }
  const reply = jsonReply(dryrun(dr))
  // go's encoding/json escapes these inside strings (a disassembled byte string may hold them)
  return { ...reply, body: String(reply.body).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) }
}
