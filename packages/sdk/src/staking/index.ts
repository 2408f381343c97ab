// @grove/sdk's staking module: the staking app's layouts, math to the unit, the reference model,
// builders for every action and events (its error row and explain: stakingContract).
export * from './contract.ts'
export * from './math.ts'
export * from './model.ts'
// programs and positions are read through stakingContract.readers
export { type ProgramRef } from './state.ts'
export * from './transactions.ts'
export * from './actions.ts'
export * from './claim-many.ts'
export * from './events.ts'
