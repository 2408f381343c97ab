// @grove/localnet: the embedded localnet's HTTP APIs (algod v2, kmd v1) and how to start them.

export { startLocalnet, LOCALNET_TOKEN, DEFAULT_ALGOD_PORT, DEFAULT_KMD_PORT, DEFAULT_INDEXER_PORT } from './start-localnet.ts'
export type { StartLocalnetOptions, Localnet, Endpoint } from './start-localnet.ts'
export { createAlgodListener, ALGOD_TOKEN_HEADER } from './algod/server.ts'
export type { AlgodListener, AlgodListenerOptions } from './algod/server.ts'
export { ALGOD_ROUTES } from './algod/routes.ts'
export { listen } from './server.ts'
export type { RunningServer } from './server.ts'
export { createIndexerListener, INDEXER_ROUTES } from './indexer/server.ts'
export type { IndexerListener } from './indexer/server.ts'
export { AllowedOrigins, CORS_ERRORS, parseOrigin } from './cors.ts'
export { fastSigner, withFastSigner } from './signer.ts'
export { CheatError, dumpState, loadState, mine, revert, setBalance, setHolding, setProgram, snapshot } from './cheats.ts'
