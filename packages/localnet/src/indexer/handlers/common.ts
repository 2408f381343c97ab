// What every indexer handler shares: the context it is given, path and address parameters, and
// algod models as the JSON the indexer writes.
import algosdk from 'algosdk'
import type { ForkBase } from '@grove/ledger'
import { badRequest, notFound } from '../../algod/errors.ts'
import { uintParam } from '../../algod/http.ts'
import type { AlgodReply, AlgodRequest } from '../../algod/http.ts'
import { encodeModelJSON } from '../../algod/required.ts'
import type { Json } from '../convert.ts'
import type { IndexerStore } from '../store.ts'
import { decodeCanonicalAddress } from '../address.ts'
import { INDEXER_ERRORS } from '../errors.ts'

/** What indexer handlers see. */
export interface IndexerContext {
  store: IndexerStore
  /** On a fork: what it began from (its history starts after the remote's `round`, the fork's genesis round). */
  fork?: ForkBase
}

export type IndexerHandler = (ctx: IndexerContext, req: AlgodRequest) => AlgodReply | Promise<AlgodReply>

export const MAX_INT64 = 0x7fffffffffffffffn

/** An algod model as plain JSON (its required zero fields included). */
export const modelJSON = (model: algosdk.Encodable): Json => algosdk.parseJSON(encodeModelJSON(model), { intDecoding: algosdk.IntDecoding.MIXED }) as Json

/** A uint path parameter; over int64 the indexer answers 404 with its text. */
export function idParam(req: AlgodRequest, name: string): bigint {
  const id = uintParam(req, name)
  if (id > MAX_INT64) throw notFound(INDEXER_ERRORS.valueExceedingInt64)
  return id
}

export function addressParam(value: string, what: string = INDEXER_ERRORS.unableToParseAddress): string {
  try {
    return algosdk.encodeAddress(decodeCanonicalAddress(value))
  } catch (e) {
    throw badRequest(`${what}: ${(e as Error).message}`)
  }
}

export const byId = (key: string) => (x: Json, y: Json) => (BigInt(x[key] as bigint) < BigInt(y[key] as bigint) ? -1 : BigInt(x[key] as bigint) > BigInt(y[key] as bigint) ? 1 : 0)
