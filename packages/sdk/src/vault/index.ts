// The staking vault: GROVE ⇄ sGROVE at the vault's rate, fee-asset opt-ins, observations and
// TWAP-bounded buybacks (packages/contracts/README.md, "Vault").
export * from './math.ts'
export * from './spec.ts'
export * from './events.ts'
// The builders stay inside: a vault action is built by prepareVaultAction, so the vault's stake is
// never the flat name beside staking.buildStake; the vault's state, totals, stream, observations,
// buyback paths and previews are read through vaultContract.readers.
export { routePools } from './transactions.ts'
export * from './actions.ts'
