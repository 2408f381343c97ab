// GET /health: the indexer's round, and on a fork where its history starts.
import { jsonReply } from '../../algod/http.ts'
import type { AlgodReply } from '../../algod/http.ts'
import type { IndexerContext } from './common.ts'

/** The indexer release this API mirrors (its /health version). */
export const INDEXER_VERSION = '3.8.0-grove'

/** GET /health. */
export function health(ctx: IndexerContext): AlgodReply {
  const round = ctx.store.round()
  // a fork's indexer holds the fork's blocks only: `data` says where that history starts
  const data = ctx.fork === undefined ? {} : { data: { fork: { remote: ctx.fork.url, 'remote-round': ctx.fork.round, 'history-starts-at-round': ctx.fork.round + 1 } } }
  return jsonReply({ ...data, 'db-available': true, 'is-migrating': false, message: round.toString(), round, version: INDEXER_VERSION })
}
