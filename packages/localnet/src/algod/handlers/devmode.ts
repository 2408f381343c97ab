// Dev-mode time travel.
import { ALGOD_ERRORS, badRequest, notFound, sprintf } from '../errors.ts'
import { emptyReply, jsonReply, uintParam } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'

const MAX_INT64 = 0x7fffffffffffffffn

/** GET /v2/devmode/blocks/offset: the dev-mode offset; 404 with go's text while never set. */
export function getBlockTimeStampOffset(ctx: AlgodContext): AlgodReply {
  const offset = ctx.node.getBlockTimeOffset()
  if (offset === undefined) throw notFound(sprintf(ALGOD_ERRORS.failedRetrievingTimeStampOffset, 'block timestamp offset was never set, using real clock for timestamps'))
  return jsonReply({ offset })
}

/**
 * POST /v2/devmode/blocks/offset/{offset}: as go's dev mode, each next block is stamped the
 * previous block's stamp plus `offset` seconds (a uint64 up to max int64). Dating blocks in the
 * past is Grove's clock (grove-clock.ts), not this endpoint.
 */
export function setBlockTimeStampOffset(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  const offset = uintParam(req, 'offset')
  if (offset > MAX_INT64) {
    throw badRequest(sprintf(ALGOD_ERRORS.failedSettingTimeStampOffset, 'block timestamp offset cannot be larger than max int64 value'))
  }
  ctx.node.setBlockTimeOffset(offset)
  return emptyReply()
}
