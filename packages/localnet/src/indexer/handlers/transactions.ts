// The /v2/transactions handlers over the indexer's transaction search (../transactions.ts).
import algosdk from 'algosdk'
import { notFound } from '../../algod/errors.ts'
import { jsonReply } from '../../algod/http.ts'
import type { AlgodReply, AlgodRequest } from '../../algod/http.ts'
import { INDEXER_ERRORS } from '../errors.ts'
import { rootText, searchTransactions, transactionFilter } from '../transactions.ts'
import type { IndexerContext } from './common.ts'

export function transactionsReply(ctx: IndexerContext, filter: ReturnType<typeof transactionFilter>): AlgodReply {
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
