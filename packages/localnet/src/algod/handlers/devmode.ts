// Dev-mode time travel, and the sync round a dev-mode (full, not follower) node ignores.
import { ALGOD_ERRORS, badRequest, notFound, sprintf } from '../errors.ts'
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

/** GET /v2/ledger/sync: a full node (not a follower) never has a sync round, so always 404. */
export function getSyncRound(): AlgodReply {
  throw notFound(ALGOD_ERRORS.failedRetrievingSyncRound)
}

/** POST /v2/ledger/sync/{round}: a full node's SetSyncRound accepts any round and ignores it. */
export function setSyncRound(_ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  uintParam(req, 'round')
  return emptyReply()
}

/** DELETE /v2/ledger/sync: a no-op on a full node. */
export function unsetSyncRound(): AlgodReply {
  return emptyReply()
}
