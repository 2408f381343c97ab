// Token locks: vesting math, box names and decoding, group builders, listing by asset or owner, events, errors.
export * from './contract.ts'
export * from './boxes.ts'
export * from './vesting.ts'
export * from './transactions.ts'
export * from './actions.ts'
export * from './listing.ts'
export * from './events.ts'
export * from './errors.ts'
