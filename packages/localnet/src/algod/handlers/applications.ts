// /v2/applications/* and /v2/assets/*: creatable params and boxes.
import algosdk from 'algosdk'
import { ALGOD_ERRORS, badRequest, notFound } from '../errors.ts'
import { jsonReply, modelReply, uintParam, uintQuery } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'

/** GET /v2/applications/{application-id}. */
export function getApplicationByID(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  const app = ctx.node.application(uintParam(req, 'application-id'))
  if (!app) throw notFound(ALGOD_ERRORS.appDoesNotExist)
  return modelReply(app)
}

/** GET /v2/assets/{asset-id}. */
export function getAssetByID(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  const asset = ctx.node.asset(uintParam(req, 'asset-id'))
  if (!asset) throw notFound(ALGOD_ERRORS.assetDoesNotExist)
  return modelReply(asset)
}

/** GET /v2/applications/{application-id}/boxes?max=: box names; max 0 means all (algod's default limit is off). */
export function getApplicationBoxes(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  const appId = uintParam(req, 'application-id')
  const max = uintQuery(req, 'max') ?? 0n
  const names = ctx.node.boxNames(appId)
  if (max !== 0n && BigInt(names.length) > max) {
    return jsonReply(
      { message: 'Result limit exceeded', data: { 'max-api-box-per-application': 0, max, 'total-boxes': names.length } },
      400,
    )
  }
  return modelReply(new algosdk.modelsv2.BoxesResponse({ boxes: names.map((name) => new algosdk.modelsv2.BoxDescriptor({ name })) }))
}

/** Decodes goal's `encoding:value` app-call argument form used for box names. */
export function parseBoxName(encoded: string): Uint8Array {
  const colon = encoded.indexOf(':')
  if (colon < 0) throw badRequest(`all arguments and box names should be of the form 'encoding:value'`)
  const encoding = encoded.slice(0, colon)
  const value = encoded.slice(colon + 1)
  switch (encoding) {
    case 'str':
    case 'string':
      return new TextEncoder().encode(value)
    case 'b64':
    case 'base64':
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) throw badRequest(`illegal base64 data at input byte ${value.length}`)
      return algosdk.base64ToBytes(value)
    case 'int':
    case 'integer':
      if (!/^\d+$/.test(value) || BigInt(value) > 0xffffffffffffffffn) throw badRequest(`strconv.ParseUint: parsing ${JSON.stringify(value)}: invalid syntax`)
      return algosdk.encodeUint64(BigInt(value))
    case 'addr':
    case 'address':
      if (!algosdk.isValidAddress(value)) throw badRequest(`failed to decode address ${value} from base 32`)
      return algosdk.decodeAddress(value).publicKey
    default:
      throw badRequest(`unknown encoding: ${encoding}`)
  }
}

/** GET /v2/applications/{application-id}/box?name=encoding:value. */
export function getApplicationBoxByName(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  const appId = uintParam(req, 'application-id')
  const name = parseBoxName(req.query.get('name') ?? '')
  const box = ctx.node.box(appId, name)
  if (!box) throw notFound(ALGOD_ERRORS.boxDoesNotExist)
  return modelReply(box)
}
