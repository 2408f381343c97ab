// The /v2/accounts handlers: an account as algod has it now plus the indexer's rounds and closed
// rows, rewound to a round on request, and its holdings, local states and creations paged by id.
import { badRequest, notFound, type AlgodError } from '../../algod/errors.ts'
import { jsonReply, uintQuery, boolQuery } from '../../algod/http.ts'
import type { AlgodReply, AlgodRequest } from '../../algod/http.ts'
import { accountResponse } from '../../algod/models.ts'
import type { Json } from '../convert.ts'
import type { Creatable } from '../store.ts'
import { accountAtRound, RewindError } from '../rewind.ts'
import { INDEXER_ERRORS } from '../errors.ts'
import { LIMITS, limitQuery, transactionFilter } from '../transactions.ts'
import { addressKey, addressNext, pageById } from '../paging.ts'
import { MAX_INT64, addressParam, byId, modelJSON, type IndexerContext } from './common.ts'
import { assetJSON, closedHoldingJSON } from './assets.ts'
import { applicationJSON } from './applications.ts'
import { transactionsReply } from './transactions.ts'

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
  const next = nextRaw === null ? undefined : addressKey(addressNext.decode(nextRaw))
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
  return jsonReply({ accounts, 'current-round': store.round(), 'next-token': last ? addressNext.encode(last.address as string) : undefined })
}

function accountParam(req: AlgodRequest): string {
  return addressParam(req.params['account-id'] ?? '')
}

/** GET /v2/accounts/{account-id}/assets. */
export function lookupAccountAssets(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const address = accountParam(req)
  const assetId = uintQuery(req, 'asset-id')
  const includeAll = boolQuery(req, 'include-all') ?? false
  const holdings = holdingsJSON(ctx, address, includeAll).filter((h) => assetId === undefined || BigInt(h['asset-id'] as bigint) === assetId)
  const { page, next } = pageById(holdings, (h) => BigInt(h['asset-id'] as bigint), limitQuery(req, LIMITS.balances), req.query.get('next'))
  return jsonReply({ assets: page, 'current-round': ctx.store.round(), 'next-token': next })
}

/** GET /v2/accounts/{account-id}/created-assets: the asset table's rows the account created. */
export function lookupAccountCreatedAssets(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const address = accountParam(req)
  const assetId = uintQuery(req, 'asset-id')
  const includeAll = boolQuery(req, 'include-all') ?? false
  const created = createdBy(ctx.store.assets, address, includeAll).filter((a) => assetId === undefined || a.id === assetId)
  const { page, next } = pageById(created, (a) => a.id, limitQuery(req, LIMITS.assets), req.query.get('next'))
  return jsonReply({ assets: page.map((a) => assetJSON(ctx, a.id)), 'current-round': ctx.store.round(), 'next-token': next })
}

/** GET /v2/accounts/{account-id}/created-applications: the app table's rows the account created. */
export function lookupAccountCreatedApplications(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const address = accountParam(req)
  const appId = uintQuery(req, 'application-id')
  const includeAll = boolQuery(req, 'include-all') ?? false
  const created = createdBy(ctx.store.apps, address, includeAll).filter((a) => appId === undefined || a.id === appId)
  const { page, next } = pageById(created, (a) => a.id, limitQuery(req, LIMITS.applications), req.query.get('next'))
  return jsonReply({ applications: page.map((a) => applicationJSON(ctx, a.id)), 'current-round': ctx.store.round(), 'next-token': next })
}

/** GET /v2/accounts/{account-id}/apps-local-state. */
export function lookupAccountAppLocalStates(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const address = accountParam(req)
  const appId = uintQuery(req, 'application-id')
  const includeAll = boolQuery(req, 'include-all') ?? false
  const local = localStatesJSON(ctx, address, includeAll).filter((l) => appId === undefined || BigInt(l.id as bigint) === appId)
  const { page, next } = pageById(local, (l) => BigInt(l.id as bigint), limitQuery(req, LIMITS.applications), req.query.get('next'))
  return jsonReply({ 'apps-local-states': page, 'current-round': ctx.store.round(), 'next-token': next })
}

/** GET /v2/accounts/{account-id}/transactions: the address's transactions, newest first. */
export function lookupAccountTransactions(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const filter = transactionFilter(req, { address: req.params['account-id'] ?? '' })
  return transactionsReply(ctx, filter)
}
