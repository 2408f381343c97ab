// /v2/status and the long poll clients use to follow new blocks.
import { modelReply, responseFormat, uintParam } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'
import { statusResponse } from '../models.ts'

/** algod's WaitForBlockTimeout: the poll answers with the current status after a minute. */
export const WAIT_FOR_BLOCK_TIMEOUT_MS = 60_000

/** GET /v2/status. */
export function getStatus(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  return modelReply(statusResponse(ctx.node.status()), responseFormat(req))
}

/** GET /v2/status/wait-for-block-after/{round}: status once round+1 exists (or on timeout). */
export async function waitForBlock(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const round = uintParam(req, 'round')
  const format = responseFormat(req)
  await Promise.race([ctx.node.waitForBlockAfter(round, WAIT_FOR_BLOCK_TIMEOUT_MS), ctx.shutdown])
  return modelReply(statusResponse(ctx.node.status()), format)
}
