// Grove's clock, an extension with no algod equivalent (so algod's endpoints keep algod's
// meaning): new blocks are stamped the wall clock plus a signed offset, never before the previous
// block. The demo seed dates its 30 days of history in the past with it.
import { badRequest } from '../errors.ts'
import { emptyReply, jsonReply, uintParam } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'

const MAX_INT64 = 0x7fffffffffffffffn

/** GET /grove/v1/clock/offset: {offset} in seconds (0 = the wall clock). */
export function getClockOffset(ctx: AlgodContext): AlgodReply {
  return jsonReply({ offset: ctx.node.getClockOffset() })
}

/**
 * POST /grove/v1/clock/offset/{seconds}: the next blocks are stamped the wall clock plus
 * `seconds` (negative: in the past); clears algod's dev-mode offset, so 0 returns to real time.
 */
export function setClockOffset(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  const raw = req.params.seconds ?? ''
  const seconds = raw.startsWith('-') ? -uintParam(req, 'seconds', raw.slice(1)) : uintParam(req, 'seconds')
  if (seconds > MAX_INT64 || seconds < -MAX_INT64) throw badRequest('clock offset must fit in an int64')
  ctx.node.setClockOffset(seconds)
  return emptyReply()
}
