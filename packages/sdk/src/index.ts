// @grove/sdk: per contract (dex/, registry/, locks/, staking/, vault/) its math, group builders,
// events and error codes, and one object per contract (its module); the shared core (amounts, the
// group builder, budget padding, fees, references, ARC-28 decoding, the block time, the error table,
// whose one `explainError` names asserts for the specs it is given: `grovePrograms()` for Grove's).
// Sub-entry points (package.json's exports): without algosdk @grove/sdk/amount, @grove/sdk/errors,
// @grove/sdk/deployment, @grove/sdk/registry-globals, @grove/sdk/figures (every price, TVL and APR)
// and @grove/sdk/venue-ids (Tinyman's ids per network); @grove/sdk/venues (the venues and the router).

export * from './core/amount.ts'
export * from './core/arc56.ts'
export * from './core/block-time.ts'
export * from './core/budget.ts'
export * from './core/events.ts'
export * from './core/fees.ts'
export * from './core/global-state.ts'
export * from './core/group.ts'
export * from './core/distinct.ts'
export * from './core/references.ts'
export * from './errors.ts'
export * from './deployment.ts'
export * from './dex/amm.ts'
export * from './dex/route.ts'
// the contracts' reads through algod are their modules' readers (dexContract.readers.pools, …), not
// exported here by app id
export { decodePool, decodePoolState, DEFAULT_FEE_TIERS, encodePoolState, LEGACY_TIER, parsePoolBoxName, poolBoxName, POOL_STATE_TYPE } from './dex/pool-state.ts'
// poolCreationCost reads by app id: dexContract.readers.poolCreationCost is the way in
export {
  ASSET_MIN_BALANCE,
  buildAddLiquidity,
  buildCollectFees,
  buildCreatePool,
  buildRemoveLiquidity,
  buildSwapExactIn,
  buildSwapExactOut,
  buildSwapRoute,
  buildSwapRouteExactOut,
  buildZap,
  FIRST_ADD_NEEDS_MIN_LP,
  missingOptIns,
  POOL_BOX_MIN_BALANCE,
  poolBoxMinBalance,
  TIER_MENU_MIN_BALANCE,
  type DexGroup,
} from './dex/transactions.ts'
export * from './dex/swap.ts'
export * from './dex/flash.ts'
export * from './dex/events.ts'
export * from './dex/spec.ts'
export * from './registry/spec.ts'

export * from './registry/transactions.ts'
export * from './core/simulate-changes.ts'
export * from './core/simulate.ts'
export * from './locks/index.ts'
export * from './orders/index.ts'
export {
  buildEditProject,
  buildRegisterProject,
  buildRemoveProject,
  buildSetProjectVerified,
  buildTransferProject,
  checkProjectFields,
  decodeProject,
  decodeProjectEvents,
  prepareProjectAction,
  projectBoxName,
  PROJECT_MIN_BALANCE,
  PROJECT_NAME_MAX_BYTES,
  PROJECT_URL_MAX_BYTES,
  type Project,
  type ProjectAction,
  type ProjectEvent,
  type ProjectEventArgs,
} from './registry/projects.ts'
export * as stable from './stable/index.ts'
export * as staking from './staking/index.ts'
export * from './vault/index.ts'
export * from './registry/admin.ts'
export * from './registry/fees.ts'
export { decodeRegistryGlobals, type RegistryGlobals } from './registry/globals.ts'
export * from './core/context.ts'
export * from './dex/module.ts'
export * from './locks/module.ts'
export * from './orders/module.ts'
export * from './registry/module.ts'
export * from './stable/module.ts'
export * from './staking/module.ts'
export * from './vault/module.ts'
export * from './modules.ts'
