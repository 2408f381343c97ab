// /v2/ledger/supply: the money totals go's GetSupply reports.
import { FEE_SINK, REWARDS_POOL, genesisAllocation } from '@grove/ledger'
import { jsonReply } from '../http.ts'
import type { AlgodReply } from '../http.ts'
import type { AlgodContext } from '../context.ts'

/**
 * GET /v2/ledger/supply. No algo is ever minted or burnt, so the participating money (go's
 * Totals.Participating: online plus offline) is the genesis total less what the two
 * non-participating genesis accounts, the fee sink and the rewards pool, hold now. Nobody
 * registers participation keys in dev mode, so nothing is online.
 */
export function getSupply(ctx: AlgodContext): AlgodReply {
  let total = 0n
  for (const [, algo] of genesisAllocation()) total += BigInt(algo)
  for (const sink of [FEE_SINK, REWARDS_POOL]) total -= BigInt(ctx.node.account(sink).amount)
  return jsonReply({ current_round: ctx.node.lastRound(), 'online-money': 0, 'online-stake': 0, 'total-money': total })
}
