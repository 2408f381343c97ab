// The /v2/blocks and /v2/block-headers handlers: a round's block with its transactions, and
// headers in round order with the time and participation filters.
import algosdk from 'algosdk'
import { badRequest, notFound } from '../../algod/errors.ts'
import { jsonReply, uintQuery, boolQuery } from '../../algod/http.ts'
import type { AlgodReply, AlgodRequest } from '../../algod/http.ts'
import { blockHeaderJSON, type Json } from '../convert.ts'
import { decodeCanonicalAddress } from '../address.ts'
import { INDEXER_ERRORS } from '../errors.ts'
import { LIMITS, limitQuery, rootJSON, timeQuery } from '../transactions.ts'
import { blockNext } from '../paging.ts'
import { droppedRound } from '../store.ts'
import { idParam, type IndexerContext } from './common.ts'

/** GET /v2/blocks/{round-number}. */
export function lookupBlock(ctx: IndexerContext, req: AlgodRequest): AlgodReply {
  const round = idParam(req, 'round-number')
  const headerOnly = boolQuery(req, 'header-only') ?? false
  const store = ctx.store
  if (round > store.round()) throw notFound(`${INDEXER_ERRORS.lookingUpBlockForRound} '${round}': block not found`)
  if (round < store.firstRound()) throw notFound(`${INDEXER_ERRORS.lookingUpBlockForRound} '${round}': ${droppedRound(store, round)}`)
  const info = store.roundInfo(round)
  if (info === undefined) throw notFound(`${INDEXER_ERRORS.lookingUpBlockForRound} '${round}': block not found`)
  const block = blockHeaderJSON(info.header)
  if (!headerOnly) {
    const next = store.roundInfo(round + 1n)
    const end = next ? next.firstRow : store.rowCount
    const transactions: Json[] = []
    for (let i = info.firstRow; i < end; i++) {
      const row = store.row(i)
      if (!row.inner) transactions.push(rootJSON(store, row.root))
    }
    if (BigInt(end - info.firstRow) > LIMITS.transactions.max) throw badRequest(INDEXER_ERRORS.transactionsLimitReached)
    block.transactions = transactions
  }
  return jsonReply(block)
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
    const n = blockNext.decode(nextRaw) + 1n
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
  const from = Number(minRound !== undefined && minRound > store.firstRound() ? minRound : store.firstRound())
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
  return jsonReply({ blocks, 'current-round': store.round(), 'next-token': last === undefined ? undefined : blockNext.encode(last) })
}
