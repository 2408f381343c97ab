// The /v2/assets handlers: assets as the asset table has them (destroyed ones with include-all),
// their holders by address order and their transactions.
import type algosdk from 'algosdk'
import { notFound } from '../../algod/errors.ts'
import { jsonReply, uintQuery, boolQuery } from '../../algod/http.ts'
import type { AlgodReply, AlgodRequest } from '../../algod/http.ts'
import { accountAssetResponse, assetResponse } from '../../algod/models.ts'
import { assetRowParamsJSON, type Json } from '../convert.ts'
import type { ResourceRow } from '../store.ts'
import { INDEXER_ERRORS } from '../errors.ts'
import { LIMITS, limitQuery, transactionFilter } from '../transactions.ts'
import { addressKey, addressNext, pageById } from '../paging.ts'
import { addressParam, idParam, type IndexerContext } from './common.ts'
import { transactionsReply } from './transactions.ts'

/** algod's view of a live asset, undefined once destroyed. */
function liveAsset(ctx: IndexerContext, id: bigint): algosdk.modelsv2.Asset | undefined {
  const found = ctx.store.node.asset(id)
  return found && assetResponse(found)
}

/** A closed holding: its row keeps the frozen flag, the amount is 0. */
export const closedHoldingJSON = (id: bigint, r: ResourceRow): Json => ({ amount: 0n, 'asset-id': id, deleted: true, 'is-frozen': r.frozen, 'opted-in-at-round': r.createdAt, 'opted-out-at-round': r.closedAt })

/** An asset as fetchAssets writes it: a destroyed one's params row is null, so its params read as zeros. */
export function assetJSON(ctx: IndexerContext, id: bigint): Json {
  const known = ctx.store.assets.get(id)
  const live = liveAsset(ctx, id)?.params
  const enc = (text: string | undefined, bytes: Uint8Array | undefined) => bytes ?? (text === undefined ? undefined : new TextEncoder().encode(text))
  const params = live
    ? assetRowParamsJSON({
        ...live,
        name: enc(live.name, live.nameB64),
        unitName: enc(live.unitName, live.unitNameB64),
        url: enc(live.url, live.urlB64),
      })
    : assetRowParamsJSON({ creator: known?.creator ?? '' })
  return { 'created-at-round': known?.createdAt ?? 0n, deleted: !live, 'destroyed-at-round': live ? undefined : known?.deletedAt, index: id, params }
}

/** GET /v2/assets/{asset-id}. */
export function lookupAssetByID(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const id = idParam(req, 'asset-id')
  const includeAll = boolQuery(req, 'include-all') ?? false
  const known = ctx.store.assets.get(id)
  if (!known || (!includeAll && !ctx.store.node.asset(id))) throw notFound(`${INDEXER_ERRORS.noAssetsFound}: ${id}`)
  return jsonReply({ asset: assetJSON(ctx, id), 'current-round': ctx.store.round() })
}

/** `%text%` ILIKE. */
const ilike = (value: unknown, text: string): boolean => typeof value === 'string' && value.toLowerCase().includes(text.toLowerCase())

/** GET /v2/assets. */
export function searchForAssets(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const assetId = uintQuery(req, 'asset-id')
  const includeAll = boolQuery(req, 'include-all') ?? false
  const creatorRaw = req.query.get('creator')
  const creator = creatorRaw === null ? undefined : addressParam(creatorRaw, 'unable to parse creator address')
  const name = req.query.get('name')
  const unit = req.query.get('unit')
  const candidates = [...ctx.store.assets.values()].filter(
    (a) => (assetId === undefined || a.id === assetId) && (creator === undefined || a.creator === creator) && (includeAll || a.deletedAt === undefined),
  )
  const matching = candidates.filter((a) => {
    if (!name && !unit) return true
    const params = liveAsset(ctx, a.id)?.params
    return (!name || ilike(params?.name, name)) && (!unit || ilike(params?.unitName, unit))
  })
  const { page, next } = pageById(matching, (a) => a.id, limitQuery(req, LIMITS.assets), req.query.get('next'))
  return jsonReply({ assets: page.map((a) => assetJSON(ctx, a.id)), 'current-round': ctx.store.round(), 'next-token': next })
}

/** GET /v2/assets/{asset-id}/balances: holders by address order. */
export function lookupAssetBalances(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const id = idParam(req, 'asset-id')
  const includeAll = boolQuery(req, 'include-all') ?? false
  const gt = uintQuery(req, 'currency-greater-than')
  const lt = uintQuery(req, 'currency-less-than')
  const limit = limitQuery(req, LIMITS.balances)
  const nextRaw = req.query.get('next')
  const next = nextRaw === null ? undefined : addressKey(addressNext.decode(nextRaw))
  const holders = [...(ctx.store.assetHolders.get(id) ?? [])].map((a) => ({ a, key: addressKey(a) })).sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))
  const balances: Json[] = []
  for (const { a, key } of holders) {
    if (BigInt(balances.length) >= limit) break
    if (next !== undefined && key <= next) continue
    const found = ctx.store.node.accountAsset(a, id)
    const holding = found && accountAssetResponse(found).assetHolding
    const row = ctx.store.holdings.get(a)?.get(id)
    let balance: Json
    if (holding) balance = { address: a, amount: holding.amount, deleted: false, 'is-frozen': holding.isFrozen, 'opted-in-at-round': row?.createdAt ?? 0n, 'opted-out-at-round': row?.closedAt }
    else if (includeAll && row?.deleted) balance = { ...closedHoldingJSON(id, row), address: a, 'asset-id': undefined }
    else continue
    if (gt !== undefined && !(BigInt(balance.amount as bigint) > gt)) continue
    if (lt !== undefined && !(BigInt(balance.amount as bigint) < lt)) continue
    balances.push(balance)
  }
  const last = balances[balances.length - 1]
  return jsonReply({ balances, 'current-round': ctx.store.round(), 'next-token': last ? addressNext.encode(last.address as string) : undefined })
}

/** GET /v2/assets/{asset-id}/transactions. */
export function lookupAssetTransactions(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  return transactionsReply(ctx, transactionFilter(req, { assetId: idParam(req, 'asset-id') }))
}
