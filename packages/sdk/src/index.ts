// @grove/sdk: amounts, AMM math, routing, pool state, transaction builders, events and readable errors.
export * from './amount.ts'
export * from './amm.ts'
export * from './route.ts'
export * from './pool-state.ts'
export * from './transactions.ts'
export * from './events.ts'
export * from './errors.ts'
export { DEX_SPEC, REGISTRY_SPEC, DEX_CONTRACT, dexMethod } from './contract.ts'
