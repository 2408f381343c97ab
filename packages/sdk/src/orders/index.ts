// Limit and recurring orders: box names and decoding, the price rule, group builders (a fill routed
// through the venues), events (its error row and explain: ordersContract).
export * from './spec.ts'
export * from './boxes.ts'
export * from './transactions.ts'
export * from './actions.ts'
// orders are read through ordersContract.readers (one, all, by owner, open)
export * from './events.ts'
