// @grove/sdk: per contract (dex/, registry/) its math, group builders, events and error codes; the
// shared core (amounts, the group builder, budget padding, fees, references, ARC-28 decoding, the
// error table, whose one `explainError` names asserts for the specs it is given: `grovePrograms()`
// for Grove's). Subpaths without algosdk: @grove/sdk/amount, @grove/sdk/errors, @grove/sdk/deployment.

export * from './core/amount.ts'
export * from './core/arc56.ts'
export * from './core/budget.ts'
export * from './core/events.ts'
export * from './core/fees.ts'
export * from './core/global-state.ts'
export * from './core/group.ts'
export * from './core/references.ts'
export * from './errors.ts'
export * from './deployment.ts'
export * from './dex/amm.ts'
export * from './dex/route.ts'
export * from './dex/pool-state.ts'
export * from './dex/transactions.ts'
export * from './dex/swap.ts'
export * from './dex/events.ts'
export * from './dex/spec.ts'
export * from './registry/spec.ts'
export { SPECS, grovePrograms } from './contract.ts'

export * from './registry/transactions.ts'
export * from './core/simulate-changes.ts'
export * from './core/simulate.ts'
export * from './locks/index.ts'
export * from './registry-projects.ts'
export * as staking from './staking/index.ts'
export * from './vault/index.ts'
export * from './registry-admin.ts'
