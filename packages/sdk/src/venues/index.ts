// The venues Grove routes over (@grove/sdk/venues): one interface, Grove's DEX, its stable pools and Tinyman v2.
export * from './venue.ts'
export * from './grove.ts'
export * from './stable.ts'
export * from './tinyman.ts'
export * from './router.ts'
export * from './tinyman-setup.ts'
export * from './route-failure.ts'
