// Grove's mine cheat (Anvil's anvil_mine): seals empty blocks, so a test can reach a round or let
// time pass in blocks without sending transactions. No algod equivalent.
import { badRequest } from '../errors.ts'
import { jsonReply } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'

/** Most blocks one call seals: each is logged and indexed, so a larger n would hold the node for long. */
export const MAX_MINE = 10_000

/** The refusal of a block count that is not 1..MAX_MINE. */
export const mineRefusal = (raw: string): string => `mine seals 1 to ${MAX_MINE} blocks per call, got ${JSON.stringify(raw)}`

/** POST /grove/v1/mine/{n}: seals n empty blocks, stamped as any block is; answers {round} of the last one. */
export async function mine(ctx: AlgodContext, req: AlgodRequest): Promise<AlgodReply> {
  const raw = req.params.n ?? ''
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_MINE) throw badRequest(mineRefusal(raw))
  await ctx.node.mine(Number(raw))
  return jsonReply({ round: Number(ctx.node.lastRound()) })
}
