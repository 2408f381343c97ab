// @grove/keeper: a filler of Grove's orders (keeper.ts), the venues it routes through (venues.ts) and
// the localnet's keeper that npm start runs (start.ts); bin/grove-keeper.mjs runs one on any network.
export * from './keeper.ts'
export * from './venues.ts'
export * from './start.ts'
