// The request and reply shapes handlers see, and algod's two response encodings.
import algosdk from 'algosdk'
import type { Encodable } from 'algosdk'
import { ALGOD_ERRORS, badRequest } from './errors.ts'
import { encodeModelJSON, encodeModelMsgpack } from './required.ts'

/** A parsed request: path parameters from the route table, query and raw body. */
export interface AlgodRequest {
  method: string
  path: string
  params: Record<string, string>
  query: URLSearchParams
  headers: Record<string, string | string[] | undefined>
  body: Uint8Array
}

/** What a handler answers; the server writes it as is. */
export interface AlgodReply {
  status: number
  contentType?: string
  body: Uint8Array | string
}

/** algod's response encodings. */
export type Format = 'json' | 'msgpack'

const JSON_TYPE = 'application/json; charset=UTF-8'
const MSGPACK_TYPE = 'application/msgpack'

/** The `format` query (go's getCodecHandle); an Accept of msgpack also asks for it. */
export function responseFormat(req: AlgodRequest): Format {
  const format = req.query.get('format')
  if (format === null) {
    const accept = req.headers.accept
    return typeof accept === 'string' && accept.includes('msgpack') ? 'msgpack' : 'json'
  }
  if (format === 'json' || format === 'msgpack') return format
  throw badRequest(ALGOD_ERRORS.failedParsingFormatOption)
}

/** A JSON reply as echo's ctx.JSON writes it (encoding/json adds a newline). */
export function jsonReply(value: unknown, status = 200): AlgodReply {
  return { status, contentType: JSON_TYPE, body: algosdk.stringifyJSON(value) + '\n' }
}

/** An SDK model encoded in the asked format, with algod's field names and required zero fields. */
export function modelReply(model: Encodable, format: Format = 'json'): AlgodReply {
  if (format === 'msgpack') return { status: 200, contentType: MSGPACK_TYPE, body: encodeModelMsgpack(model) }
  return { status: 200, contentType: JSON_TYPE, body: encodeModelJSON(model) + '\n' }
}

/** A reply with no body (echo's ctx.NoContent). */
export function emptyReply(status = 200): AlgodReply {
  return { status, body: '' }
}

/** A uint64 path or query parameter; echo's binder rejects anything else with this text. */
export function uintParam(req: AlgodRequest, name: string, value = req.params[name]): bigint {
  if (value === undefined || !/^\d+$/.test(value) || BigInt(value) > 0xffffffffffffffffn) {
    const why = value !== undefined && /^\d+$/.test(value) ? 'value out of range' : 'invalid syntax'
    throw badRequest(`Invalid format for parameter ${name}: error binding string parameter: strconv.ParseUint: parsing ${JSON.stringify(value ?? '')}: ${why}`)
  }
  return BigInt(value)
}

/** An optional uint64 query parameter. */
export function uintQuery(req: AlgodRequest, name: string): bigint | undefined {
  const value = req.query.get(name)
  return value === null ? undefined : uintParam(req, name, value)
}

/** An optional boolean query parameter, parsed as go's strconv.ParseBool. */
export function boolQuery(req: AlgodRequest, name: string): boolean | undefined {
  const value = req.query.get(name)
  if (value === null) return undefined
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false
  throw badRequest(`Invalid format for parameter ${name}: error binding string parameter: strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`)
}
