// The staking vault: GROVE ⇄ sGROVE at the vault's rate, fee-asset opt-ins, observations and
// TWAP-bounded buybacks (packages/contracts/README.md, "Vault").
export * from './math.ts'
export * from './contract.ts'
export * from './events.ts'
export * from './errors.ts'
// The builders stay inside: a vault action is built by prepareVaultAction, so the vault's stake is
// never the flat name beside staking.buildStake; the vault's state and observations are read
// through vaultContract.readers.
export {
  fetchBuybackPath,
  fetchPoolReading,
  fetchVaultStream,
  fetchVaultTotals,
  latestTimestamp,
  previewBuyback,
  routePools,
  type VaultGroup,
} from './transactions.ts'
export * from './actions.ts'
