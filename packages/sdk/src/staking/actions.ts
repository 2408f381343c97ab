// What a staker or a program's creator can do, as one union, and the one function that builds each
// action's group (registry/admin.ts's shape).
import type { GroveContext } from '../core/context.ts'
import type { StakingPosition } from './spec.ts'
import type { ProgramRef } from './state.ts'
import { buildClaim, buildCompound, buildCreateProgram, buildEmergencyWithdraw, buildExtend, buildReclaim, buildStake, buildTopUp, buildUnstake, type ProgramTerms, type StakingGroup } from './transactions.ts'

/** An action on the staking app. */
export type StakingAction = StakingGroupAction | StakingClaimMany

/** Claims of every program in `programs` (the sender's `positions` in them, when known), packed into as few groups as fit (claim-many.ts). */
export interface StakingClaimMany {
  kind: 'claimMany'
  programs: readonly ProgramRef[]
  positions?: ReadonlyMap<bigint, StakingPosition>
}

/** An action on the staking app that makes one atomic group. */
export type StakingGroupAction =
  | { kind: 'create'; terms: ProgramTerms }
  | { kind: 'stake'; program: ProgramRef; amount: bigint }
  | { kind: 'unstake'; program: ProgramRef; amount: bigint }
  | { kind: 'claim' | 'compound' | 'emergency' | 'reclaim'; program: ProgramRef }
  | { kind: 'top-up'; program: ProgramRef; reward: 1 | 2; newRate: bigint }
  | { kind: 'extend'; program: ProgramRef; end: bigint }

/** Builds a staking action's group, ready to simulate and sign. */
export function prepareStakingAction(ctx: GroveContext, action: StakingGroupAction): Promise<StakingGroup> {
  switch (action.kind) {
    case 'create':
      return buildCreateProgram(ctx, action.terms)
    case 'stake':
      return buildStake(ctx, action.program, action.amount)
    case 'unstake':
      return buildUnstake(ctx, action.program, action.amount)
    case 'claim':
      return buildClaim(ctx, action.program)
    case 'compound':
      return buildCompound(ctx, action.program)
    case 'emergency':
      return buildEmergencyWithdraw(ctx, action.program)
    case 'reclaim':
      return buildReclaim(ctx, action.program)
    case 'top-up':
      return buildTopUp(ctx, action.program, action.reward, action.newRate)
    case 'extend':
      return buildExtend(ctx, action.program, action.end)
  }
}
