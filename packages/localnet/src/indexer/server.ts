// The indexer v2 HTTP front: the routing table and the listener (CORS, routing, the one error
// handler). The indexer runs without a token, as AlgoKit LocalNet's does; a token header is ignored.
import type { IncomingMessage, ServerResponse, RequestListener } from 'node:http'
import type { Node } from '@grove/ledger'
import { genesisAllocation } from '@grove/ledger'
import { AlgodError } from '../algod/errors.ts'
import type { AlgodReply, AlgodRequest } from '../algod/http.ts'
import { errorReply } from '../algod/server.ts'
import { matchRoute, type AlgodRoute } from '../algod/routes.ts'
import * as h from './handlers.ts'
import type { IndexerContext, IndexerHandler } from './handlers.ts'
import { IndexerStore } from './store.ts'
import { logServerError } from '../log.ts'
import { AllowedOrigins, checkOrigin } from '../cors.ts'

interface IndexerRoute {
  path: string
  handler: IndexerHandler
}

/** Every endpoint this indexer serves (all GET). */
export const INDEXER_ROUTES: readonly IndexerRoute[] = [
  { path: '/health', handler: h.health },
  { path: '/v2/accounts', handler: h.searchForAccounts },
  { path: '/v2/accounts/:account-id', handler: h.lookupAccountByID },
  { path: '/v2/accounts/:account-id/transactions', handler: h.lookupAccountTransactions },
  { path: '/v2/accounts/:account-id/assets', handler: h.lookupAccountAssets },
  { path: '/v2/accounts/:account-id/created-assets', handler: h.lookupAccountCreatedAssets },
  { path: '/v2/accounts/:account-id/apps-local-state', handler: h.lookupAccountAppLocalStates },
  { path: '/v2/accounts/:account-id/created-applications', handler: h.lookupAccountCreatedApplications },
  { path: '/v2/applications', handler: h.searchForApplications },
  { path: '/v2/applications/:application-id', handler: h.lookupApplicationByID },
  { path: '/v2/applications/:application-id/boxes', handler: h.searchForApplicationBoxes },
  { path: '/v2/applications/:application-id/box', handler: h.lookupApplicationBoxByIDAndName },
  { path: '/v2/applications/:application-id/logs', handler: h.lookupApplicationLogsByID },
  { path: '/v2/assets', handler: h.searchForAssets },
  { path: '/v2/assets/:asset-id', handler: h.lookupAssetByID },
  { path: '/v2/assets/:asset-id/balances', handler: h.lookupAssetBalances },
  { path: '/v2/assets/:asset-id/transactions', handler: h.lookupAssetTransactions },
  { path: '/v2/block-headers', handler: h.searchForBlockHeaders },
  { path: '/v2/blocks/:round-number', handler: h.lookupBlock },
  { path: '/v2/transactions', handler: h.searchForTransactions },
  { path: '/v2/transactions/:txid', handler: h.lookupTransaction },
]

const ROUTES: AlgodRoute[] = INDEXER_ROUTES.map((r) => ({ method: 'GET', path: r.path, handler: r.handler as unknown as AlgodRoute['handler'] }))

/** The indexer's listener and its store. */
export interface IndexerListener {
  listener: RequestListener
  store: IndexerStore
  /** Indexes another node from now on (a loaded state's), forgetting the old one's. */
  follow(node: Node): void
  /** Stops following the ledger. */
  close(): void
}

function write(res: ServerResponse, reply: AlgodReply, headOnly: boolean): void {
  res.statusCode = reply.status
  if (reply.contentType) res.setHeader('Content-Type', reply.contentType)
  res.setHeader('Content-Length', Buffer.byteLength(reply.body as string))
  res.end(headOnly ? undefined : reply.body)
}

async function handle(ctx: IndexerContext, allowed: AllowedOrigins, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET'
  const refused = checkOrigin(req, res, allowed, { methods: 'GET,OPTIONS', headers: 'X-Indexer-API-Token,Content-Type' })
  if (refused === '') return
  if (refused !== undefined) return write(res, errorReply(new AlgodError(403, refused)), method === 'HEAD')
  let reply: AlgodReply
  try {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
    const match = matchRoute(ROUTES, method === 'HEAD' ? 'GET' : method, path)
    // after a restart, answers wait until the stored blocks are indexed: never behind algod
    await ctx.store.ready
    ctx.store.drain()
    if (!match) throw new AlgodError(404, 'Not Found')
    if ('methodMismatch' in match) throw new AlgodError(405, 'Method Not Allowed')
    const request: AlgodRequest = { method, path, params: match.params, query: url.searchParams, headers: req.headers, body: new Uint8Array() }
    reply = await (match.route.handler as unknown as IndexerHandler)(ctx, request)
  } catch (e) {
    reply = errorReply(e)
    if (reply.status >= 500) logServerError('indexer', method, req.url, reply.status, e)
  }
  write(res, reply, method === 'HEAD')
}

/** Builds the indexer over a ledger node: indexes its stored blocks, then follows its commits. Pages of `allowOrigins` only may call it. */
export function createIndexerListener(node: Node, allowOrigins: AllowedOrigins = new AllowedOrigins()): IndexerListener {
  const store = new IndexerStore(node, [...genesisAllocation()].map(([addr]) => addr))
  const base = node.fork?.options.base
  const ctx: IndexerContext = base === undefined ? { store } : { store, fork: base }
  const out: IndexerListener = {
    listener: (req, res) => {
      void handle(ctx, allowOrigins, req, res)
    },
    store,
    follow: (next) => {
      ctx.store.close()
      ctx.store = out.store = new IndexerStore(next, [...genesisAllocation()].map(([addr]) => addr))
    },
    close: () => ctx.store.close(),
  }
  return out
}
