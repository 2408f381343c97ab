// The liquidity group the review modal shows and the wallet signs: built once per action (its
// opcode budget measured by simulation), so the network fee shown is the fee paid.
import { prepareContractAction, type ContractAction, type GroveSdk } from '@/lib/tx/sdk.ts'
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

// The page's liquidity action as the SDK's DEX action (amounts in the pool's (a, b) order).
function build(sdk: GroveSdk, ctx: TxContext, action: LiquidityAction): Promise<PreparedTx> {
  const prepare = (dexAction: ContractAction<'Dex'>) => prepareContractAction(sdk, ctx, 'Dex', dexAction)
  switch (action.kind) {
    case 'add': {
      const xIsA = BigInt(action.x) === action.pool.a
      const [amountA, amountB] = xIsA ? [action.amountX, action.amountY] : [action.amountY, action.amountX]
      return prepare({ kind: 'add', pool: action.pool, amountA, amountB, minLp: action.minLp })
    }
    case 'zap':
      return prepare({ kind: 'zap', pool: action.pool, assetIn: BigInt(action.assetIn), amountIn: action.amount, swapAmount: action.swapAmount, minLp: action.minLp })
    case 'create':
      return prepare({ kind: 'create-pool', a: BigInt(action.x), b: BigInt(action.y), feeBps: BigInt(action.feeBps) })
    case 'remove':
      return prepare({ kind: 'remove', pool: action.pool, lp: action.lp, minA: action.minA, minB: action.minB })
  }
}

/** The one query for a built liquidity group; never cached beyond the review, never retried. */
export function preparedLiquidityQuery(sdk: GroveSdk | null, ctx: TxContext | null, action: LiquidityAction | null) {
  return preparedQuery('liquidity', sdk, ctx, action ? actionKey(action) : null, (d, c) => build(d, c, action!))
}
