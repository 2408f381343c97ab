// The indexer v2 handlers (api/handlers.go): current state from the ledger node, history and
// creation rounds from the store. Each answer's current-round is the store's round.
import algosdk from 'algosdk'
import { badRequest, notFound, type AlgodError } from '../algod/errors.ts'
import { jsonReply, uintParam, uintQuery, boolQuery } from '../algod/http.ts'
import type { AlgodReply, AlgodRequest } from '../algod/http.ts'
import { encodeModelJSON } from '../algod/required.ts'
import { accountAssetResponse, accountResponse, applicationResponse, assetResponse } from '../algod/models.ts'
import { parseBoxName } from '../algod/handlers/applications.ts'
import { assetRowParamsJSON, blockHeaderJSON, type Json } from './convert.ts'
import type { Creatable, IndexerStore, ResourceRow } from './store.ts'
import type { ForkBase } from '@grove/ledger'
import { accountAtRound, RewindError } from './rewind.ts'
import { decodeCanonicalAddress } from './address.ts'
import { INDEXER_ERRORS, LIMITS, limitQuery, rootJSON, rootText, searchTransactions, timeQuery, transactionFilter } from './transactions.ts'

/** What indexer handlers see. */
export interface IndexerContext {
  store: IndexerStore
  /** On a fork: what it began from (its history starts after the remote's `round`, the fork's genesis round). */
  fork?: ForkBase
}

export type IndexerHandler = (ctx: IndexerContext, req: AlgodRequest) => AlgodReply | Promise<AlgodReply>

/** The indexer release this API mirrors (its /health version). */
export const INDEXER_VERSION = '3.8.0-grove'
const MAX_INT64 = 0x7fffffffffffffffn

/** An algod model as plain JSON (its required zero fields included). */
const modelJSON = (model: algosdk.Encodable): Json => algosdk.parseJSON(encodeModelJSON(model), { intDecoding: algosdk.IntDecoding.MIXED }) as Json

/** algod's view of a live asset, undefined once destroyed. */
function liveAsset(ctx: IndexerContext, id: bigint): algosdk.modelsv2.Asset | undefined {
  const found = ctx.store.node.asset(id)
  return found && assetResponse(found)
}

/** A uint path parameter; over int64 the indexer answers 404 with its text. */
function idParam(req: AlgodRequest, name: string): bigint {
  const id = uintParam(req, name)
  if (id > MAX_INT64) throw notFound(INDEXER_ERRORS.valueExceedingInt64)
  return id
}

function addressParam(value: string, what: string = INDEXER_ERRORS.unableToParseAddress): string {
  try {
    return algosdk.encodeAddress(decodeCanonicalAddress(value))
  } catch (e) {
    throw badRequest(`${what}: ${(e as Error).message}`)
  }
}

/** Accounts ordered as the indexer's (by their 32 bytes). */
const addressKey = (a: string): string => Buffer.from(algosdk.decodeAddress(a).publicKey).toString('hex')

/** GET /health. */
export function health(ctx: IndexerContext): AlgodReply {
  const round = ctx.store.round()
  // a fork's indexer holds the fork's blocks only: `data` says where that history starts
  const data = ctx.fork === undefined ? {} : { data: { fork: { remote: ctx.fork.url, 'remote-round': ctx.fork.round, 'history-starts-at-round': ctx.fork.round + 1 } } }
  return jsonReply({ ...data, 'db-available': true, 'is-migrating': false, message: round.toString(), round, version: INDEXER_VERSION })
}

// ---- accounts -----------------------------------------------------------------------------

type Excludes = { assets: boolean; createdAssets: boolean; localState: boolean; createdApps: boolean }

/** setExcludeQueryOptions. */
function excludes(req: AlgodRequest): Excludes {
  const ex: Excludes = { assets: false, createdAssets: false, localState: false, createdApps: false }
  for (const e of req.query.getAll('exclude').flatMap((v) => v.split(','))) {
    if (e === 'all') Object.assign(ex, { assets: true, createdAssets: true, localState: true, createdApps: true })
    else if (e === 'assets') ex.assets = true
    else if (e === 'created-assets') ex.createdAssets = true
    else if (e === 'apps-local-state') ex.localState = true
    else if (e === 'created-apps') ex.createdApps = true
    else if (e !== 'none') throw badRequest(`unknown value "${e}": invalid exclude argument`)
  }
  return ex
}

const byId = (key: string) => (x: Json, y: Json) => (BigInt(x[key] as bigint) < BigInt(y[key] as bigint) ? -1 : BigInt(x[key] as bigint) > BigInt(y[key] as bigint) ? 1 : 0)

/** An account's holdings as the account_asset table has them: live ones with their rounds, closed ones with include-all. */
function holdingsJSON(ctx: IndexerContext, address: string, includeAll: boolean): Json[] {
  const rows = ctx.store.holdings.get(address)
  const live = (accountResponse(ctx.store.node.account(address)).assets ?? []).map((h) => {
    const row = rows?.get(h.assetId)
    return { ...modelJSON(h), deleted: false, 'opted-in-at-round': row?.createdAt ?? 0n, 'opted-out-at-round': row?.closedAt }
  })
  const closed = includeAll ? [...(rows ?? [])].filter(([, r]) => r.deleted).map(([id, r]) => closedHoldingJSON(id, r)) : []
  return [...live, ...closed].sort(byId('asset-id'))
}

/** A closed holding: its row keeps the frozen flag, the amount is 0. */
const closedHoldingJSON = (id: bigint, r: ResourceRow): Json => ({ amount: 0n, 'asset-id': id, deleted: true, 'is-frozen': r.frozen, 'opted-in-at-round': r.createdAt, 'opted-out-at-round': r.closedAt })

/** An account's app local states as the account_app table has them. */
function localStatesJSON(ctx: IndexerContext, address: string, includeAll: boolean): Json[] {
  const rows = ctx.store.localStates.get(address)
  const live = (accountResponse(ctx.store.node.account(address)).appsLocalState ?? []).map((l) => {
    const row = rows?.get(l.id)
    return { ...modelJSON(l), deleted: false, 'opted-in-at-round': row?.createdAt ?? 0n, 'closed-out-at-round': row?.closedAt }
  })
  // a closed local state's row holds no state: its schema reads as zeros
  const closed = includeAll
    ? [...(rows ?? [])]
        .filter(([, r]) => r.deleted)
        .map(([id, r]) => ({ 'closed-out-at-round': r.closedAt, deleted: true, id, 'opted-in-at-round': r.createdAt, schema: { 'num-byte-slice': 0, 'num-uint': 0 } }))
    : []
  return [...live, ...closed].sort(byId('id'))
}

/** The apps or assets an account created, by id, destroyed ones with include-all. */
function createdBy(map: Map<bigint, Creatable>, address: string, includeAll: boolean): Creatable[] {
  return [...map.values()].filter((c) => c.creator === address && (includeAll || c.deletedAt === undefined)).sort((x, y) => (x.id < y.id ? -1 : 1))
}

/** An account as the indexer writes it: algod's fields plus the indexer's rounds and deleted flags. */
function accountJSON(ctx: IndexerContext, address: string, ex: Excludes, includeAll = false): Json {
  const store = ctx.store
  const a = modelJSON(accountResponse(store.node.account(address)))
  a['created-at-round'] = store.accounts.get(address) ?? 0n
  const closed = store.closedAccounts.get(address)
  a['closed-at-round'] = closed?.closedAt
  a.deleted = closed?.deleted ?? false
  a['sig-type'] = store.keyTypes.get(address)
  a.assets = ex.assets ? undefined : holdingsJSON(ctx, address, includeAll)
  a['apps-local-state'] = ex.localState ? undefined : localStatesJSON(ctx, address, includeAll)
  const liveApps = new Map(((a['created-apps'] as Json[] | undefined) ?? []).map((app) => [BigInt(app.id as bigint), app]))
  a['created-apps'] = ex.createdApps
    ? undefined
    : createdBy(store.apps, address, includeAll).map((c) => {
          const live = liveApps.get(c.id)
          if (live) return { ...live, 'created-at-round': c.createdAt, deleted: false }
          return { 'created-at-round': c.createdAt, deleted: true, 'deleted-at-round': c.deletedAt, id: c.id, params: { creator: address } }
        })
  const liveAssets = new Map(((a['created-assets'] as Json[] | undefined) ?? []).map((asset) => [BigInt(asset.index as bigint), asset]))
  a['created-assets'] = ex.createdAssets
    ? undefined
    : createdBy(store.assets, address, includeAll).map((c) => {
          const live = liveAssets.get(c.id)
          // the account answer writes default-frozen always
          if (live) return { ...live, 'created-at-round': c.createdAt, deleted: false, params: { 'default-frozen': false, ...(live.params as Json) } }
          // a destroyed asset's params row is null: the account answer reads it as zeros
          return { 'created-at-round': c.createdAt, deleted: true, 'destroyed-at-round': c.deletedAt, index: c.id, params: { creator: address, decimals: 0, 'default-frozen': false, total: 0 } }
        })
  for (const k of ['assets', 'apps-local-state', 'created-apps', 'created-assets']) if (Array.isArray(a[k]) && (a[k] as unknown[]).length === 0) delete a[k]
  return a
}

/** Whether the account table has the address (a closed account only with include-all). */
function accountListed(ctx: IndexerContext, address: string, includeAll: boolean): boolean {
  return ctx.store.accounts.has(address) && (includeAll || !ctx.store.closedAccounts.get(address)?.deleted)
}

/** GET /v2/accounts/{account-id}, at `round` rewound as the indexer's AccountAtRound does. */
export function lookupAccountByID(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const round = uintQuery(req, 'round')
  if (round !== undefined && round > MAX_INT64) throw notFound(INDEXER_ERRORS.valueExceedingInt64)
  const id = req.params['account-id'] ?? ''
  const address = addressParam(id)
  const ex = excludes(req)
  const includeAll = boolQuery(req, 'include-all') ?? false
  const current = ctx.store.round()
  if (round !== undefined && round > current) throw rewindFailed(`the requested round ${round} > the current round ${current}`)
  if (!accountListed(ctx, address, includeAll)) throw notFound(`${INDEXER_ERRORS.noAccountsFound}: ${id}`)
  let account = accountJSON(ctx, address, ex, includeAll)
  if (round !== undefined) {
    try {
      account = accountAtRound(ctx.store, account, address, round)
    } catch (e) {
      if (e instanceof RewindError) throw rewindFailed(e.message)
      throw e
    }
  }
  return jsonReply({ account, 'current-round': current })
}

/** The indexer's text for an account it cannot rewind; it answers 500, but the round asked for is the client's choice: 400. */
const rewindFailed = (why: string): AlgodError => badRequest(`${INDEXER_ERRORS.failedSearchingAccount}: ${INDEXER_ERRORS.rewindingAccount}: ${why}`)

/** GET /v2/accounts: by address order, after `next`, with the asset, app, auth and amount filters. */
export function searchForAccounts(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const store = ctx.store
  const assetId = uintQuery(req, 'asset-id')
  const appId = uintQuery(req, 'application-id')
  const gt = uintQuery(req, 'currency-greater-than')
  const lt = uintQuery(req, 'currency-less-than')
  const limit = limitQuery(req, LIMITS.accounts)
  const ex = excludes(req)
  const includeAll = boolQuery(req, 'include-all') ?? false
  const onlineOnly = boolQuery(req, 'online-only') ?? false
  const round = uintQuery(req, 'round')
  if (round !== undefined) throw badRequest('multiple accounts rewind is not supported by this server')
  if (onlineOnly && includeAll) throw badRequest('simultaneously searching for online and deleted accounts is not supported')
  const authRaw = req.query.get('auth-addr')
  const auth = authRaw === null ? undefined : addressParam(authRaw, 'unable to parse auth addr')
  const nextRaw = req.query.get('next')
  const next = nextRaw === null ? undefined : addressKey(addressParam(nextRaw, INDEXER_ERRORS.unableToParseNext))
  const sorted = [...store.accounts.keys()].map((a) => ({ a, key: addressKey(a) })).sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))
  const accounts: Json[] = []
  for (const { a, key } of sorted) {
    if (BigInt(accounts.length) >= limit) break
    if (next !== undefined && key <= next) continue
    if (!accountListed(ctx, a, includeAll)) continue
    const acct = accountResponse(store.node.account(a))
    if (auth !== undefined && acct.authAddr?.toString() !== auth) continue
    if (onlineOnly && acct.status !== 'Online') continue
    let amount = acct.amount
    // the indexer filters on the account_asset and account_app rows, closed ones too (a closed holding's amount is 0)
    if (assetId !== undefined) {
      if (!store.holdings.get(a)?.has(assetId)) continue
      amount = acct.assets?.find((h) => h.assetId === assetId)?.amount ?? 0n
    }
    if (appId !== undefined && !store.localStates.get(a)?.has(appId)) continue
    if (gt !== undefined && !(amount > gt)) continue
    if (lt !== undefined && !(amount < lt)) continue
    accounts.push(accountJSON(ctx, a, ex, includeAll))
  }
  const last = accounts[accounts.length - 1]
  return jsonReply({ accounts, 'current-round': store.round(), 'next-token': last ? last.address : undefined })
}

function accountParam(req: AlgodRequest): string {
  return addressParam(req.params['account-id'] ?? '')
}

/** A page of items after the numeric `next`, by id. */
function pageById<T>(req: AlgodRequest, items: T[], id: (t: T) => bigint, limits: { default: bigint; max: bigint }): { page: T[]; next?: string } {
  const limit = limitQuery(req, limits)
  const nextRaw = req.query.get('next')
  let after: bigint | undefined
  if (nextRaw !== null) {
    if (!/^\d+$/.test(nextRaw)) throw badRequest(`${INDEXER_ERRORS.unableToParseNext}: strconv.ParseUint: parsing ${JSON.stringify(nextRaw)}: invalid syntax`)
    after = BigInt(nextRaw)
  }
  const page = items
    .filter((t) => after === undefined || id(t) > after)
    .sort((x, y) => (id(x) < id(y) ? -1 : id(x) > id(y) ? 1 : 0))
    .slice(0, Number(limit))
  const last = page[page.length - 1]
  return { page, next: last === undefined ? undefined : id(last).toString() }
}

/** GET /v2/accounts/{account-id}/assets. */
export function lookupAccountAssets(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const address = accountParam(req)
  const assetId = uintQuery(req, 'asset-id')
  const includeAll = boolQuery(req, 'include-all') ?? false
  const holdings = holdingsJSON(ctx, address, includeAll).filter((h) => assetId === undefined || BigInt(h['asset-id'] as bigint) === assetId)
  const { page, next } = pageById(req, holdings, (h) => BigInt(h['asset-id'] as bigint), LIMITS.balances)
  return jsonReply({ assets: page, 'current-round': ctx.store.round(), 'next-token': next })
}

/** GET /v2/accounts/{account-id}/created-assets: the asset table's rows the account created. */
export function lookupAccountCreatedAssets(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const address = accountParam(req)
  const assetId = uintQuery(req, 'asset-id')
  const includeAll = boolQuery(req, 'include-all') ?? false
  const created = createdBy(ctx.store.assets, address, includeAll).filter((a) => assetId === undefined || a.id === assetId)
  const { page, next } = pageById(req, created, (a) => a.id, LIMITS.assets)
  return jsonReply({ assets: page.map((a) => assetJSON(ctx, a.id)), 'current-round': ctx.store.round(), 'next-token': next })
}

/** GET /v2/accounts/{account-id}/created-applications: the app table's rows the account created. */
export function lookupAccountCreatedApplications(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const address = accountParam(req)
  const appId = uintQuery(req, 'application-id')
  const includeAll = boolQuery(req, 'include-all') ?? false
  const created = createdBy(ctx.store.apps, address, includeAll).filter((a) => appId === undefined || a.id === appId)
  const { page, next } = pageById(req, created, (a) => a.id, LIMITS.applications)
  return jsonReply({ applications: page.map((a) => applicationJSON(ctx, a.id)), 'current-round': ctx.store.round(), 'next-token': next })
}

/** GET /v2/accounts/{account-id}/apps-local-state. */
export function lookupAccountAppLocalStates(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const address = accountParam(req)
  const appId = uintQuery(req, 'application-id')
  const includeAll = boolQuery(req, 'include-all') ?? false
  const local = localStatesJSON(ctx, address, includeAll).filter((l) => appId === undefined || BigInt(l.id as bigint) === appId)
  const { page, next } = pageById(req, local, (l) => BigInt(l.id as bigint), LIMITS.applications)
  return jsonReply({ 'apps-local-states': page, 'current-round': ctx.store.round(), 'next-token': next })
}

/** GET /v2/accounts/{account-id}/transactions: the address's transactions, newest first. */
export function lookupAccountTransactions(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const filter = transactionFilter(req, { address: req.params['account-id'] ?? '' })
  return transactionsReply(ctx, filter)
}

// ---- transactions -------------------------------------------------------------------------

function transactionsReply(ctx: IndexerContext, filter: ReturnType<typeof transactionFilter>): AlgodReply {
  const round = ctx.store.round()
  const { transactions, nextToken } = searchTransactions(ctx.store, filter)
  // each root's text is kept: the page is joined, not encoded again
  const texts = transactions.map((t) => ctx.store.byTxid.get(t.id as string))
  if (texts.some((r) => r === undefined)) return jsonReply({ 'current-round': round, 'next-token': nextToken, transactions })
  const head = algosdk.stringifyJSON({ 'current-round': round, 'next-token': nextToken }).slice(0, -1)
  const body = `${head},"transactions":[${texts.map((r) => rootText(ctx.store, r!)).join(',')}]}\n`
  return { status: 200, contentType: 'application/json; charset=UTF-8', body }
}

/** GET /v2/transactions. */
export function searchForTransactions(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  return transactionsReply(ctx, transactionFilter(req))
}

/** GET /v2/transactions/{txid}. */
export function lookupTransaction(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const txid = req.params.txid ?? ''
  const query = new URLSearchParams({ txid })
  const filter = transactionFilter({ ...req, query })
  const { transactions } = searchTransactions(ctx.store, filter)
  if (transactions.length === 0) throw notFound(`${INDEXER_ERRORS.noTransactionFound}: ${txid}`)
  return jsonReply({ 'current-round': ctx.store.round(), transaction: transactions[0] })
}

// ---- assets -------------------------------------------------------------------------------

/** An asset as fetchAssets writes it: a destroyed one's params row is null, so its params read as zeros. */
function assetJSON(ctx: IndexerContext, id: bigint): Json {
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
  const { page, next } = pageById(req, matching, (a) => a.id, LIMITS.assets)
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
  const next = nextRaw === null ? undefined : addressKey(addressParam(nextRaw, INDEXER_ERRORS.unableToParseNext))
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
  return jsonReply({ balances, 'current-round': ctx.store.round(), 'next-token': last ? last.address : undefined })
}

/** GET /v2/assets/{asset-id}/transactions. */
export function lookupAssetTransactions(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  return transactionsReply(ctx, transactionFilter(req, { assetId: idParam(req, 'asset-id') }))
}

// ---- applications -------------------------------------------------------------------------

function applicationJSON(ctx: IndexerContext, id: bigint): Json {
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
  const { page, next } = pageById(req, matching, (a) => a.id, LIMITS.applications)
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
  let after: Uint8Array | undefined
  if (nextRaw !== null) {
    try {
      after = parseBoxName(nextRaw)
    } catch (e) {
      throw badRequest(`SearchForApplicationBoxes received illegal next token (${nextRaw}): ${(e as Error).message}`)
    }
  }
  const round = ctx.store.round()
  const names = ctx.store.node
    .boxNames(id)
    .filter((n) => after === undefined || compareBytes(n, after) > 0)
    .sort(compareBytes)
    .slice(0, Number(limit))
  const boxes = names.map((name) => ({ name: algosdk.bytesToBase64(name), value: includeValues ? algosdk.bytesToBase64(ctx.store.node.box(id, name)!.value) : undefined }))
  const last = names[names.length - 1]
  return jsonReply({ 'application-id': id, boxes, 'next-token': last ? `b64:${algosdk.bytesToBase64(last)}` : undefined, round })
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

// ---- blocks -------------------------------------------------------------------------------

/** GET /v2/blocks/{round-number}. */
export function lookupBlock(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const round = idParam(req, 'round-number')
  const headerOnly = boolQuery(req, 'header-only') ?? false
  const store = ctx.store
  if (round > store.round()) throw notFound(`${INDEXER_ERRORS.lookingUpBlockForRound} '${round}': block not found`)
  const info = store.roundInfo(round)
  if (info === undefined) throw notFound(`${INDEXER_ERRORS.lookingUpBlockForRound} '${round}': block not found`)
  const block = blockHeaderJSON(info.header)
  if (!headerOnly) {
    const next = store.roundInfo(round + 1n)
    const end = next ? next.firstRow : store.rows.length
    const transactions: Json[] = []
    for (let i = info.firstRow; i < end; i++) {
      const row = store.rows[i]!
      if (!row.inner) transactions.push(rootJSON(store, row.root))
    }
    if (BigInt(end - info.firstRow) > LIMITS.transactions.max) throw badRequest(INDEXER_ERRORS.transactionsLimitReached)
    block.transactions = transactions
  }
  return jsonReply(block)
}

/** idb.DecodeBlockRowNext: base64url of the round, 8 bytes little-endian. */
function decodeBlockNext(token: string): bigint {
  const bytes = /^[A-Za-z0-9_-]*={0,2}$/.test(token) && token.length % 4 === 0 ? Buffer.from(token, 'base64url') : undefined
  if (bytes === undefined) throw badRequest(`${INDEXER_ERRORS.unableToParseNext}: DecodeBlockRowNext() decode err: illegal base64 data at input byte 0`)
  if (bytes.length !== 8) throw badRequest(`${INDEXER_ERRORS.unableToParseNext}: DecodeBlockRowNext() bad next token b: ${bytes.toString('hex')}`)
  return bytes.readBigUInt64LE(0)
}

/** GET /v2/block-headers: headers in round order with the round, time and participation filters. */
export function searchForBlockHeaders(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const store = ctx.store
  const limit = limitQuery(req, LIMITS.blocks)
  const errors: string[] = []
  let minRound = uintQuery(req, 'min-round')
  const maxRound = uintQuery(req, 'max-round')
  if (minRound !== undefined && maxRound !== undefined && minRound > maxRound) errors.push(INDEXER_ERRORS.invalidRoundMinMax)
  const nextRaw = req.query.get('next')
  if (nextRaw !== null) {
    const n = decodeBlockNext(nextRaw) + 1n
    minRound = minRound === undefined || n > minRound ? n : minRound
  }
  const after = timeQuery(req, 'after-time')
  const before = timeQuery(req, 'before-time')
  const lists: Record<string, string[] | undefined> = {}
  for (const k of ['proposers', 'expired', 'absent']) {
    const v = req.query.getAll(k).flatMap((s) => s.split(','))
    lists[k] = req.query.has(k) ? v : undefined
  }
  if (Object.values(lists).filter((l) => l !== undefined).length > 1) errors.push('only one of `proposer`, `expired`, or `absent` can be specified')
  const sets: Record<string, Set<string> | undefined> = {}
  for (const [k, list] of Object.entries(lists)) {
    if (list === undefined) continue
    if (list.length > 50) errors.push(`${k} list too long, max size is 50`)
    sets[k] = new Set()
    for (const s of list) {
      try {
        sets[k]!.add(algosdk.encodeAddress(decodeCanonicalAddress(s)))
      } catch (e) {
        errors.push(`unable to parse ${k === 'proposers' ? 'proposer' : k} address \`${s}\`: ${(e as Error).message}`)
      }
    }
  }
  if (errors.length > 0) throw badRequest(errors.join('\n'))
  if (after !== undefined && before !== undefined && after > before) throw badRequest(`invalid input: ${INDEXER_ERRORS.invalidTimeMinMax}`)
  const blocks: Json[] = []
  let last: bigint | undefined
  const from = Number(minRound !== undefined && minRound > store.genesisRound ? minRound : store.genesisRound)
  const to = Number(maxRound !== undefined && maxRound < store.round() ? maxRound : store.round())
  for (let r = from; r <= to && BigInt(blocks.length) < limit; r++) {
    const h = store.roundInfo(BigInt(r))!.header
    const t = Number(h.timestamp)
    if (after !== undefined && !(t > after)) continue
    if (before !== undefined && !(t < before)) continue
    if (sets.proposers && !sets.proposers.has(h.proposer.toString())) continue
    if (sets.expired && !h.participationUpdates.expiredParticipationAccounts.some((a) => sets.expired!.has(a.toString()))) continue
    if (sets.absent && !h.participationUpdates.absentParticipationAccounts.some((a) => sets.absent!.has(a.toString()))) continue
    blocks.push(blockHeaderJSON(h))
    last = h.round
  }
  let nextToken: string | undefined
  if (last !== undefined) {
    const b = Buffer.alloc(8)
    b.writeBigUInt64LE(last)
    // go's base64.URLEncoding: the URL alphabet, padded
    nextToken = b.toString('base64').replace(/\+/g, '-').replace(/\//g, '_')
  }
  return jsonReply({ blocks, 'current-round': store.round(), 'next-token': nextToken })
}
