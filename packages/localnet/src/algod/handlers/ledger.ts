// /v2/ledger/supply: the money totals go's GetSupply reports.
import { jsonReply } from '../http.ts'
import type { AlgodReply } from '../http.ts'
import type { AlgodContext } from '../context.ts'

/**
 * GET /v2/ledger/supply: participating money (online plus offline: everything but the fee sink
 * and rewards pool, which never participate), online money now, and the online stake at the
 * balance round (320 rounds back), as go's GetSupply reports them.
 */
export function getSupply(ctx: AlgodContext): AlgodReply {
  const s = ctx.node.supply()
  return jsonReply({ current_round: s.round, 'online-money': s.onlineMoney, 'online-stake': s.onlineStake, 'total-money': s.totalMoney })
}
