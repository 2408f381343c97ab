// /v2/transactions*: suggested params, submit, simulate and the (always empty) pool.
import algosdk from 'algosdk'
import { LedgerError } from '@grove/ledger'
import { ALGOD_ERRORS, badRequest, notFound } from '../errors.ts'
import { jsonReply, modelReply, responseFormat, uintQuery } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'
import { confirmedResponse, transactionParamsResponse } from '../models.ts'
import { simulateRequest, simulateResponse } from '../simulate-models.ts'
import { addressParam } from '../params.ts'

/** algod's MaxTxGroupSize. */
export const MAX_TX_GROUP_SIZE = 16
/** algod's cap on a simulate request body (MaxSimulateBytes). */
export const MAX_SIMULATE_BYTES = 1_000_000

const TXID = /^[A-Z2-7]{52}$/

/** GET /v2/transactions/params. */
export function transactionParams(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  return modelReply(transactionParamsResponse(ctx.node.suggestedParams()), responseFormat(req))
}

/** POST /v2/transactions: a raw msgpack group; dev mode commits it as a block (on disk) before answering. */
export async function rawTransaction(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  if (req.body.length === 0) throw badRequest('empty txgroup')
  // a fork pins what the group references first: evaluation then reads the local state alone
  await ctx.node.fork?.ensureSignedGroupBytes(req.body)
  try {
    const { txId, durable } = ctx.node.submit(req.body)
    await durable
    return jsonReply({ txId })
  } catch (e) {
    if (e instanceof LedgerError) throw e
    // anything else escaped the decoder: algod answers a body it cannot decode with 400 and the reason
    throw badRequest(e instanceof Error ? e.message : String(e))
  }
}

function decodeSimulateRequest(body: Uint8Array): algosdk.modelsv2.SimulateRequest {
  try {
    return algosdk.decodeMsgpack(body, algosdk.modelsv2.SimulateRequest)
  } catch (msgpackError) {
    try {
      return algosdk.decodeJSON(new TextDecoder().decode(body), algosdk.modelsv2.SimulateRequest)
    } catch {
      throw badRequest(msgpackError instanceof Error ? msgpackError.message : String(msgpackError))
    }
  }
}

/** POST /v2/transactions/simulate: evaluates groups without committing them. */
export async function simulateTransaction(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const format = responseFormat(req)
  if (req.body.length > MAX_SIMULATE_BYTES) throw badRequest('http: request body too large')
  const request = decodeSimulateRequest(req.body)
  for (const group of request.txnGroups) {
    if (group.txns.length === 0) throw badRequest('empty txgroup')
    if (group.txns.length > MAX_TX_GROUP_SIZE) {
      throw badRequest(`transaction group size ${group.txns.length} exceeds protocol max ${MAX_TX_GROUP_SIZE}`)
    }
  }
  // algod answers a round past its tip with 500 (its ledger has no such header); the round is the client's: 400, same text
  const last = ctx.node.lastRound()
  if (request.txnGroups.length === 1 && (request.round ?? 0n) > last) throw badRequest(`ledger does not have entry ${request.round} (latest ${last}, committed ${last})`)
  for (const group of request.txnGroups) await ctx.node.fork?.ensureTxns(group.txns.map((s) => s.txn))
  return modelReply(simulateResponse(ctx.node.simulate(simulateRequest(request))), format)
}

/** GET /v2/transactions/pending/{txid}: a confirmed transaction with its apply data. */
export function pendingTransactionInformation(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  const txid = req.params.txid ?? ''
  const format = responseFormat(req)
  if (!TXID.test(txid)) throw badRequest(ALGOD_ERRORS.noValidTxnSpecified)
  const info = ctx.node.pendingTransaction(txid)
  if (!info) throw notFound(ALGOD_ERRORS.transactionNotFound)
  return modelReply(confirmedResponse(info), format)
}

function emptyPool(req: AlgodRequest): AlgodReply {
  const format = responseFormat(req)
  uintQuery(req, 'max')
  return modelReply(new algosdk.modelsv2.PendingTransactionsResponse({ topTransactions: [], totalTransactions: 0 }), format)
}

/** GET /v2/transactions/pending: dev mode commits every group at once, so the pool is always empty. */
export function getPendingTransactions(_ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  return emptyPool(req)
}

/** GET /v2/accounts/{address}/transactions/pending: empty for the same reason. */
export function getPendingTransactionsByAddress(_ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  addressParam(req)
  return emptyPool(req)
}
