// @grove/sdk's staking module: the staking app's layouts, math to the unit, the reference model,
// builders for every action and events (its error row and explain: stakingContract).
export * from './spec.ts'
export * from './math.ts'
export * from './model.ts'
// programs and positions are read through stakingContract.readers
export { type ProgramRef } from './state.ts'
// nextProgramId and programCreationCost read by app id: stakingContract.readers (and prepare's minimum balance) are the way in
export {
  buildClaim,
  buildCompound,
  buildCreateProgram,
  buildEmergencyWithdraw,
  buildExtend,
  buildReclaim,
  buildStake,
  buildTopUp,
  buildUnstake,
  type ProgramTerms,
  type StakingGroup,
} from './transactions.ts'
export * from './actions.ts'
export * from './claim-many.ts'
export * from './events.ts'
