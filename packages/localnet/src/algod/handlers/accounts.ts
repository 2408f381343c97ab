// /v2/accounts/{address}*: balances, holdings and local state.
import algosdk from 'algosdk'
import { ALGOD_ERRORS, badRequest, notFound } from '../errors.ts'
import { modelReply, responseFormat, uintParam } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'
import { accountApplicationResponse, accountAssetResponse, accountResponse } from '../models.ts'
import { addressParam } from '../params.ts'

const EXCLUDE_VALUES = new Set(['all', 'none', '', 'created-apps-params', 'created-assets-params'])

/** GET /v2/accounts/{address}?exclude=all|none: an unknown address reads as an empty account. */
export async function accountInformation(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const address = addressParam(req)
  const format = responseFormat(req)
  const exclude = (req.query.get('exclude') ?? '').split(',').map((v) => v.trim())
  if (exclude.some((v) => !EXCLUDE_VALUES.has(v))) throw badRequest(ALGOD_ERRORS.failedToParseExclude)
  await ctx.node.fork?.ensureAccount(algosdk.decodeAddress(address).publicKey)
  const account = accountResponse(ctx.node.account(address))
  if (exclude.length === 1 && exclude[0] === 'all') {
    // algod's basicAccountInformation: totals only, no resource lists
    account.assets = undefined
    account.createdAssets = undefined
    account.appsLocalState = undefined
    account.createdApps = undefined
  }
  return modelReply(account, format)
}

/** GET /v2/accounts/{address}/assets/{asset-id}. */
export async function accountAssetInformation(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const address = addressParam(req)
  const assetId = uintParam(req, 'asset-id')
  const format = responseFormat(req)
  await Promise.all([ctx.node.fork?.ensureAccount(algosdk.decodeAddress(address).publicKey), ctx.node.fork?.ensureAsset(assetId)])
  const info = ctx.node.accountAsset(address, assetId)
  if (!info) throw notFound(ALGOD_ERRORS.accountAssetDoesNotExist)
  return modelReply(accountAssetResponse(info), format)
}

/** GET /v2/accounts/{address}/applications/{application-id}. */
export async function accountApplicationInformation(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const address = addressParam(req)
  const appId = uintParam(req, 'application-id')
  const format = responseFormat(req)
  await Promise.all([ctx.node.fork?.ensureAccount(algosdk.decodeAddress(address).publicKey), ctx.node.fork?.ensureApp(appId)])
  const info = ctx.node.accountApplication(address, appId)
  if (!info) throw notFound(ALGOD_ERRORS.accountAppDoesNotExist)
  return modelReply(accountApplicationResponse(info), format)
}

