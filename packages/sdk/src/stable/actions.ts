// What an account can do with stable pools, as one union, and the one function that builds each action's group.
import type { GroveContext } from '../core/context.ts'
import { buildStableFlashLoan, type StableFlashLoanParams } from './flash.ts'
import type { StablePoolState } from './math.ts'
import { buildCreateStablePool, buildRampA, buildStableAdd, buildStableRemove, buildStableSwap, buildStopRampA, type CreateStablePoolParams, type StableGroup } from './transactions.ts'

/** An action on the Stable app (the sender is the context's). */
export type StableAction =
  | ({ kind: 'create-pool' } & CreateStablePoolParams)
  | { kind: 'swap'; pool: StablePoolState; assetIn: bigint; amountIn: bigint; minOut: bigint }
  | { kind: 'add'; pool: StablePoolState; amountA: bigint; amountB: bigint; minLp: bigint }
  | { kind: 'remove'; pool: StablePoolState; lp: bigint; minA: bigint; minB: bigint }
  /** The registry's admin only. */
  | { kind: 'ramp-a'; pool: StablePoolState; futureA: bigint; futureTime: bigint }
  | { kind: 'stop-ramp-a'; pool: StablePoolState }
  /** A flash loan: start, the sender's transactions, the repayments, verify (the pool is locked in between). */
  | ({ kind: 'flash-loan' } & StableFlashLoanParams)

/** Builds a stable action's group, ready to simulate and sign (its quote beside it). */
export function prepareStableAction(ctx: GroveContext, action: StableAction): Promise<StableGroup<unknown>> {
  switch (action.kind) {
    case 'create-pool':
      return buildCreateStablePool(ctx, action)
    case 'swap':
      return buildStableSwap(ctx, action.pool, action.assetIn, action.amountIn, action.minOut)
    case 'add':
      return buildStableAdd(ctx, action.pool, action.amountA, action.amountB, action.minLp)
    case 'remove':
      return buildStableRemove(ctx, action.pool, action.lp, action.minA, action.minB)
    case 'ramp-a':
      return buildRampA(ctx, action.pool, action.futureA, action.futureTime)
    case 'stop-ramp-a':
      return buildStopRampA(ctx, action.pool)
    case 'flash-loan':
      return buildStableFlashLoan(ctx, action)
  }
}
