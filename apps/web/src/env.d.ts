/// <reference types="vite/client" />

/** Id of this build, defined by vite-plugin-build-id; compared with /build/latest.json to detect updates. */
declare const __GROVE_BUILD_ID__: string

interface ImportMetaEnv {
  /** Network selected when the user has not chosen one (localnet, testnet, mainnet). */
  readonly VITE_GROVE_NETWORK?: string
  /** The localnet deployment `npm start` baked in (JSON, see lib/deployment.ts). */
  readonly VITE_GROVE_DEPLOYMENT?: string
  /** The localnet's algod and kmd ports when `npm start` runs them elsewhere than 4001/4002. */
  readonly VITE_GROVE_ALGOD_PORT?: string
  readonly VITE_GROVE_KMD_PORT?: string
  /** The localnet's indexer port when `npm start` runs it elsewhere than 8980. */
  readonly VITE_GROVE_INDEXER_PORT?: string
  /** Origin of the analytics service `npm start` runs beside the localnet (e.g. http://127.0.0.1:4010). */
  readonly VITE_GROVE_ANALYTICS_URL?: string
  /** Origin of an analytics service for TestNet / MainNet (one following Tinyman alone runs without Grove's contracts). */
  readonly VITE_GROVE_ANALYTICS_URL_TESTNET?: string
  readonly VITE_GROVE_ANALYTICS_URL_MAINNET?: string
}
