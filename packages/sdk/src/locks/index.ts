// Token locks: vesting math, LP fee-claim math (fees.ts), box names and decoding, group builders, the locked totals of a listing, events (its error row and explain: locksContract).
export * from './spec.ts'
export * from './boxes.ts'
export * from './vesting.ts'
export * from './fees.ts'
export * from './transactions.ts'
export * from './actions.ts'
// locks are read through locksContract.readers (a lock, by owner, by asset)
export { lockedTotals } from './listing.ts'
export * from './events.ts'
