// The /v2/applications handlers: apps as the app table has them (deleted ones with include-all),
// their boxes by name order and their logs.
import algosdk from 'algosdk'
import { badRequest, notFound } from '../../algod/errors.ts'
import { jsonReply, boolQuery, uintQuery } from '../../algod/http.ts'
import type { AlgodReply, AlgodRequest } from '../../algod/http.ts'
import { applicationResponse } from '../../algod/models.ts'
import { parseBoxName } from '../../algod/handlers/applications.ts'
import type { Json } from '../convert.ts'
import { INDEXER_ERRORS } from '../errors.ts'
import { LIMITS, limitQuery, searchTransactions, transactionFilter } from '../transactions.ts'
import { boxNext, pageById } from '../paging.ts'
import { addressParam, idParam, modelJSON, type IndexerContext } from './common.ts'

export function applicationJSON(ctx: IndexerContext, id: bigint): Json {
  const known = ctx.store.apps.get(id)
  const found = ctx.store.node.application(id)
  const live = found && applicationResponse(found)
  if (live) return { 'created-at-round': known?.createdAt ?? 0n, deleted: false, id, params: modelJSON(live).params }
  // a deleted app's params row is null: the app table's answer still writes both schemas, as zeros
  // (its programs, which the indexer writes as null, are left out)
  const zero = { 'num-byte-slice': 0, 'num-uint': 0 }
  return { 'created-at-round': known?.createdAt ?? 0n, deleted: true, 'deleted-at-round': known?.deletedAt, id, params: { creator: known?.creator, 'global-state-schema': zero, 'local-state-schema': zero } }
}

/** GET /v2/applications/{application-id}. */
export function lookupApplicationByID(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const id = idParam(req, 'application-id')
  const includeAll = boolQuery(req, 'include-all') ?? false
  const known = ctx.store.apps.get(id)
  if (!known || (!includeAll && !ctx.store.node.application(id))) throw notFound(`${INDEXER_ERRORS.noApplicationsFound}: ${id}`)
  return jsonReply({ application: applicationJSON(ctx, id), 'current-round': ctx.store.round() })
}

/** GET /v2/applications. */
export function searchForApplications(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const appId = uintQuery(req, 'application-id')
  const includeAll = boolQuery(req, 'include-all') ?? false
  const creatorRaw = req.query.get('creator')
  const creator = creatorRaw === null ? undefined : addressParam(creatorRaw, 'unable to parse creator address')
  const matching = [...ctx.store.apps.values()].filter(
    (a) => (appId === undefined || a.id === appId) && (creator === undefined || a.creator === creator) && (includeAll || a.deletedAt === undefined),
  )
  const { page, next } = pageById(matching, (a) => a.id, limitQuery(req, LIMITS.applications), req.query.get('next'))
  return jsonReply({ applications: page.map((a) => applicationJSON(ctx, a.id)), 'current-round': ctx.store.round(), 'next-token': next })
}

const compareBytes = (a: Uint8Array, b: Uint8Array): number => Buffer.compare(a, b)

/** GET /v2/applications/{application-id}/boxes: names after `next` in byte order; an unknown app has none. */
export function searchForApplicationBoxes(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const id = idParam(req, 'application-id')
  const limit = limitQuery(req, LIMITS.boxes)
  const includeValues = req.query
    .getAll('include')
    .flatMap((v) => v.split(','))
    .includes('values')
  const nextRaw = req.query.get('next')
  const after = nextRaw === null ? undefined : boxNext.decode(nextRaw)
  const round = ctx.store.round()
  const names = ctx.store.node
    .boxNames(id)
    .filter((n) => after === undefined || compareBytes(n, after) > 0)
    .sort(compareBytes)
    .slice(0, Number(limit))
  const boxes = names.map((name) => ({ name: algosdk.bytesToBase64(name), value: includeValues ? algosdk.bytesToBase64(ctx.store.node.box(id, name)!.value) : undefined }))
  const last = names[names.length - 1]
  return jsonReply({ 'application-id': id, boxes, 'next-token': last ? boxNext.encode(last) : undefined, round })
}

/** GET /v2/applications/{application-id}/box?name=encoding:value. */
export function lookupApplicationBoxByIDAndName(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const id = idParam(req, 'application-id')
  const encoded = req.query.get('name') ?? ''
  let name: Uint8Array
  try {
    name = parseBoxName(encoded)
  } catch (e) {
    throw badRequest(`LookupApplicationBoxByIDAndName received illegal box name (${encoded}): ${(e as Error).message}`)
  }
  const round = ctx.store.round()
  if (!ctx.store.apps.has(id)) throw notFound(`${INDEXER_ERRORS.noApplicationsFound}: round=${round}, appid=${id}, boxName=${encoded}`)
  const box = ctx.store.node.box(id, name)
  if (!box) throw notFound(`${INDEXER_ERRORS.noBoxesFound}: round=${round}, appid=${id}, boxName=${encoded}`)
  return jsonReply({ name: algosdk.bytesToBase64(name), round, value: algosdk.bytesToBase64(box.value) })
}

/** GET /v2/applications/{application-id}/logs: each logging call's (inner ones as themselves) logs with its root's id. */
export function lookupApplicationLogsByID(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const id = idParam(req, 'application-id')
  const query = new URLSearchParams()
  for (const k of ['limit', 'next', 'txid', 'min-round', 'max-round']) {
    const v = req.query.get(k)
    if (v !== null) query.set(k, v)
  }
  const sender = req.query.get('sender-address')
  const filter = transactionFilter({ ...req, query }, { applicationId: id, address: sender ?? undefined })
  if (sender !== null) filter.role = 1 // AddressRoleSender
  filter.skipInnerConversion = true
  filter.requireLogs = true
  const round = ctx.store.round()
  const { transactions, nextToken } = searchTransactions(ctx.store, filter)
  const logData = transactions.filter((t) => Array.isArray(t.logs) && t.logs.length > 0).map((t) => ({ logs: t.logs, txid: t.id }))
  return jsonReply({ 'application-id': id, 'current-round': round, 'log-data': logData.length > 0 ? logData : undefined, 'next-token': nextToken ?? '' })
}
