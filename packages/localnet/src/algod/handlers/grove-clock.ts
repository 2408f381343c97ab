// Grove's clock, an extension with no algod equivalent (so algod's endpoints keep algod's
// meaning): new blocks are stamped the wall clock plus a signed offset, never before the previous
// block. The demo seed dates its 30 days of history in the past with it.
import { badRequest } from '../errors.ts'
import { emptyReply, jsonReply, uintParam } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'

/**
 * Latest time (seconds since 1970) the clock may stand at: 2^62, so a block stamped by it and every
 * later one (the wall clock keeps running; stamps never go back) stay far inside int64, where go's
 * block header keeps its timestamp.
 */
export const MAX_CLOCK_TIME = 2n ** 62n

/** The refusal of an offset whose time would leave 1970..MAX_CLOCK_TIME, naming the offsets allowed now. */
export function clockOffsetRefusal(seconds: bigint, nowSeconds: bigint): string {
  return `clock offset ${seconds} would put the clock at ${seconds + nowSeconds} s since 1970, outside 0 to ${MAX_CLOCK_TIME}; an offset must lie between ${-nowSeconds} and ${MAX_CLOCK_TIME - nowSeconds} now`
}

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
  // refused before anything changes: stamps beyond int64 would stay on every later block
  const now = BigInt(Math.floor(Date.now() / 1000))
  if (now + seconds < 0n || now + seconds > MAX_CLOCK_TIME) throw badRequest(clockOffsetRefusal(seconds, now))
  ctx.node.setClockOffset(seconds)
  return emptyReply()
}
