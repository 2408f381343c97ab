// /v2/applications/* and /v2/assets/*: creatable params and boxes.
import algosdk from 'algosdk'
import { ALGOD_ERRORS, AlgodError, badRequest, notFound } from '../errors.ts'
import { jsonReply, modelReply, uintParam, uintQuery } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'
import { applicationResponse, assetResponse, boxResponse } from '../models.ts'

/** GET /v2/applications/{application-id}. */
export async function getApplicationByID(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const appId = uintParam(req, 'application-id')
  await ctx.node.fork?.ensureApp(appId)
  const app = ctx.node.application(appId)
  if (!app) throw notFound(ALGOD_ERRORS.appDoesNotExist)
  return modelReply(applicationResponse(app))
}

/** GET /v2/assets/{asset-id}. */
export async function getAssetByID(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const assetId = uintParam(req, 'asset-id')
  await ctx.node.fork?.ensureAsset(assetId)
  const asset = ctx.node.asset(assetId)
  if (!asset) throw notFound(ALGOD_ERRORS.assetDoesNotExist)
  return modelReply(assetResponse(asset))
}

/** go-algorand's default `MaxAPIBoxPerApplication` (config v25 on): the most boxes one listing returns. */
export const MAX_API_BOX_PER_APPLICATION = 100_000n
/** go's maxBoxFetchBytes: a page stops before its names (with the 11-byte `bx:` ‖ app key prefix) and values pass this, but always holds one box. */
export const MAX_BOX_FETCH_BYTES = 1_000_000
/** Bytes go's box keys carry before the name: `bx:` ‖ uint64(app). */
const BOX_KEY_PREFIX_BYTES = 11

/** go's applicationBoxesMaxKeys: the legacy listing's cap (one more than the server's, to detect an excess). */
function legacyMaxKeys(requested: bigint, algodMax: bigint): bigint | undefined {
  if (requested === 0n) return algodMax === 0n ? undefined : algodMax + 1n
  if (requested <= algodMax || algodMax === 0n) return requested
  return algodMax + 1n
}

/** Compares byte strings as go compares strings. */
function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!
  return a.length - b.length
}

const startsWith = (name: Uint8Array, prefix: Uint8Array): boolean => prefix.length <= name.length && prefix.every((x, i) => name[i] === x)

/** A query parameter in goal's `encoding:value` form, refused with go's `invalid <what>: ` texts. */
function encodedQuery(value: string, what: string): Uint8Array {
  try {
    return parseBoxName(value)
  } catch (e) {
    if (e instanceof AlgodError) throw badRequest(`invalid ${what}: ${e.message}`)
    throw e
  }
}

/**
 * The app's boxes (name → value) as they were after `round`: the live boxes with the kept rounds'
 * box changes after `round` undone (each round's delta carries every changed box's old value).
 * Undefined when a round in between is no longer kept (go's RoundOffsetError).
 */
function boxesAtRound(ctx: AlgodContext, appId: bigint, round: bigint, latest: bigint): Map<string, Uint8Array> | undefined {
  const latin1 = (b: Uint8Array) => String.fromCharCode(...b)
  const boxes = new Map<string, Uint8Array>()
  for (const name of ctx.node.boxNames(appId)) boxes.set(latin1(name), ctx.node.box(appId, name)!.value)
  const key = latin1(new Uint8Array([...new TextEncoder().encode('bx:'), ...algosdk.encodeUint64(appId)]))
  for (let r = latest; r > round; r--) {
    const found = ctx.node.ledgerStateDelta(r)
    if (!('delta' in found)) return undefined
    const mods = found.delta.get('KvMods') as Map<string, Map<string, Uint8Array | null>> | undefined
    for (const [k, mod] of mods ?? []) {
      if (!k.startsWith(key)) continue
      const old = mod.get('OldData')
      if (old) boxes.set(k.slice(key.length), old)
      else boxes.delete(k.slice(key.length))
    }
  }
  return boxes
}

/**
 * GET /v2/applications/{application-id}/boxes. Without limit, next, prefix, include=values or
 * round: every box name, unsorted in go (sorted here), or algod's "Result limit exceeded" when
 * there are more than `max` (or than the server's cap). With any of them, algod 4.x's pagination
 * mode: names after `next` (exclusive; the last name of the previous page, as `next-token` gives
 * it) that start with `prefix`, in byte order, at most `limit` (capped by the server's) and about
 * MAX_BOX_FETCH_BYTES, values with include=values, `round` (the latest by default; a round the node
 * still keeps deltas for) and `next-token` when more exist.
 */
export async function getApplicationBoxes(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const appId = uintParam(req, 'application-id')
  // a fork lists the remote's boxes too (pinned once, then local writes win)
  await ctx.node.fork?.ensureBoxList(appId)
  // bound in the order of the API definition's parameters, as the generated wrapper does
  const max = uintQuery(req, 'max') ?? 0n
  let limit = uintQuery(req, 'limit') ?? 0n
  const next = req.query.get('next')
  const prefix = req.query.get('prefix')
  const includeValues = req.query
    .getAll('include')
    .flatMap((v) => v.split(','))
    .includes('values')
  const round = uintQuery(req, 'round')

  const latest = ctx.node.lastRound()
  if (round !== undefined && round > latest) throw badRequest(ALGOD_ERRORS.roundGreaterThanTheLatest)

  if (limit === 0n && next === null && !includeValues && !prefix && round === undefined) {
    const names = ctx.node.boxNames(appId)
    const cap = legacyMaxKeys(max, MAX_API_BOX_PER_APPLICATION)
    if (cap !== undefined && BigInt(names.length) > cap) {
      return jsonReply({ message: 'Result limit exceeded', data: { 'max-api-box-per-application': MAX_API_BOX_PER_APPLICATION, max, 'total-boxes': names.length } }, 400)
    }
    return modelReply(new algosdk.modelsv2.BoxesResponse({ boxes: names.map((name) => new algosdk.modelsv2.BoxDescriptor({ name })) }))
  }

  if (MAX_API_BOX_PER_APPLICATION > 0n && (limit === 0n || limit > MAX_API_BOX_PER_APPLICATION)) limit = MAX_API_BOX_PER_APPLICATION
  const cursor = next ? encodedQuery(next, 'next token') : undefined
  const wanted = prefix ? encodedQuery(prefix, 'prefix') : new Uint8Array()

  const boxes = boxesAtRound(ctx, appId, round ?? latest, latest)
  if (!boxes) throw badRequest(ALGOD_ERRORS.roundTooOld)
  const bytes = (k: string) => Uint8Array.from(k, (c) => c.charCodeAt(0))
  const matching = [...boxes.keys()]
    .map(bytes)
    .filter((name) => startsWith(name, wanted) && (cursor === undefined || compareBytes(name, cursor) > 0))
    .sort(compareBytes)

  const page: algosdk.modelsv2.BoxDescriptor[] = []
  let used = 0
  for (const name of matching) {
    const value = boxes.get(String.fromCharCode(...name))!
    const size = BOX_KEY_PREFIX_BYTES + name.length + (includeValues ? value.length : 0)
    if (page.length > 0 && used + size > MAX_BOX_FETCH_BYTES) break
    used += size
    page.push(new algosdk.modelsv2.BoxDescriptor({ name, value: includeValues ? value : undefined }))
    if (BigInt(page.length) >= limit) break
  }
  const more = page.length < matching.length
  const last = page[page.length - 1]
  return modelReply(
    new algosdk.modelsv2.BoxesResponse({
      boxes: page,
      nextToken: more && last ? `b64:${algosdk.bytesToBase64(last.name)}` : undefined,
      round: round ?? latest,
    }),
  )
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
export async function getApplicationBoxByName(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const appId = uintParam(req, 'application-id')
  const name = parseBoxName(req.query.get('name') ?? '')
  await ctx.node.fork?.ensureBox(appId, name)
  const box = ctx.node.box(appId, name)
  if (!box) throw notFound(ALGOD_ERRORS.boxDoesNotExist)
  return modelReply(boxResponse(box))
}
