// The liquidity group the review modal shows and the wallet signs: built once per action (its
// opcode budget measured by simulation), so the network fee shown is the fee paid.
import type { Dex } from '@/lib/tx/dex.ts'
import { preparedQuery } from '@/lib/tx/prepared-query.ts'
import type { PreparedTx, TxContext } from '@/lib/tx/types.ts'
import type { LiquidityAction } from '../derive-liquidity.ts'

// What identifies a group: the action's amounts and the pool's issued LP (a first deposit mints
// differently from a later one), not its reserves, so a trade elsewhere does not rebuild it.
function actionKey(action: LiquidityAction): string[] {
  const pool = 'pool' in action ? [`${action.pool.a}-${action.pool.b}`, String(action.pool.lpIssued === 0n)] : []
  const values = Object.entries(action)
    .filter(([k]) => k !== 'pool')
    .map(([k, v]) => `${k}=${String(v)}`)
  return [...pool, ...values]
}

function build(dex: Dex, ctx: TxContext, action: LiquidityAction): Promise<PreparedTx> {
  switch (action.kind) {
    case 'add':
      return dex.prepareAddLiquidity(ctx, action.pool, action.x, action.amountX, action.amountY, action.minLp)
    case 'zap':
      return dex.prepareZap(ctx, action.pool, action.assetIn, action.amount, action.swapAmount, action.minLp)
    case 'create':
      return dex.prepareCreatePool(ctx, action.x, action.y)
    case 'remove':
      return dex.prepareRemoveLiquidity(ctx, action.pool, action.lp, action.minA, action.minB)
  }
}

/** The one query for a built liquidity group; never cached beyond the review, never retried. */
export function preparedLiquidityQuery(dex: Dex | null, ctx: TxContext | null, action: LiquidityAction | null) {
  return preparedQuery('liquidity', dex, ctx, action ? actionKey(action) : null, (d, c) => build(d, c, action!))
}
