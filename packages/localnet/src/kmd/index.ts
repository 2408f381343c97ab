// kmd v1 for the embedded localnet: start it with startKmd().

export { startKmd, kmdHandler, encodeKmdJson, DEFAULT_WALLET_NAME, DEFAULT_KMD_TOKEN } from './server.ts'
export type { KmdOptions, KmdServer } from './server.ts'
export { KMD_ERRORS, KmdError } from './errors.ts'
export { deriveKey, DEFAULT_SCRYPT } from './crypto.ts'
export type { ScryptParams } from './crypto.ts'
