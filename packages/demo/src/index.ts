// @grove/demo: the demo seed for a fresh localnet (see seed.ts), above the SDK.
export * from './seed.ts'
export * from './arbitrage.ts'
export * from './time.ts'
export * from './protocol.ts'
export * from './orders.ts'
export * from './tinyman.ts'
export * from './tinyman-checkout.ts'
