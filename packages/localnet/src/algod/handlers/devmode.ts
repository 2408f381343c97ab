// Dev-mode time travel and follow mode's sync round.
import { ALGOD_ERRORS, AlgodError, badRequest, notFound, sprintf } from '../errors.ts'
import { emptyReply, jsonReply, uintParam } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'

const MAX_INT64 = 0x7fffffffffffffffn

/** GET /v2/devmode/blocks/offset: seconds added to block timestamps. */
export function getBlockTimeStampOffset(ctx: AlgodContext): AlgodReply {
  return jsonReply({ offset: ctx.node.getBlockTimeOffset() })
}

/**
 * POST /v2/devmode/blocks/offset/{offset}: time travel for the next blocks. Grove extension: a
 * negative offset (`-86400`, which algod refuses as a uint64) dates the next blocks in the past,
 * never before the previous block, so the demo seed can lay down 30 days of history.
 */
export function setBlockTimeStampOffset(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  const raw = req.params.offset
  const offset = raw !== undefined && /^-\d+$/.test(raw) ? -uintParam(req, 'offset', raw.slice(1)) : uintParam(req, 'offset')
  if (offset > MAX_INT64 || offset < -MAX_INT64) {
    throw badRequest(sprintf(ALGOD_ERRORS.failedSettingTimeStampOffset, 'block timestamp offset cannot be larger than max int64 value'))
  }
  ctx.node.setBlockTimeOffset(offset)
  return emptyReply()
}

/** GET /v2/ledger/sync: 404 until a sync round is set. */
export function getSyncRound(ctx: AlgodContext): AlgodReply {
  if (ctx.syncRound === 0n) throw notFound(ALGOD_ERRORS.failedRetrievingSyncRound)
  return jsonReply({ round: ctx.syncRound })
}

/** POST /v2/ledger/sync/{round}: round 0 or one already passed is refused, as algod's catchup service does. */
export function setSyncRound(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  const round = uintParam(req, 'round')
  if (round === 0n || round < ctx.node.lastRound()) throw new AlgodError(400, ALGOD_ERRORS.failedSettingSyncRound)
  ctx.syncRound = round
  return emptyReply()
}

/** DELETE /v2/ledger/sync. */
export function unsetSyncRound(ctx: AlgodContext): AlgodReply {
  ctx.syncRound = 0n
  return emptyReply()
}
