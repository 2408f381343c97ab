// The staking vault: GROVE ⇄ sGROVE at the vault's rate, fee-asset opt-ins, observations and
// TWAP-bounded buybacks (packages/contracts/README.md, "Vault").
export * from './math.ts'
export * from './contract.ts'
export * from './events.ts'
export * from './errors.ts'
export * from './transactions.ts'
