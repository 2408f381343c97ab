/// <reference types="vite/client" />

/** Id of this build, defined by vite-plugin-build-id; compared with /build/latest.json to detect updates. */
declare const __GROVE_BUILD_ID__: string

interface ImportMetaEnv {
  /** Network selected when the user has not chosen one (localnet, testnet, mainnet). */
  readonly VITE_GROVE_NETWORK?: string
}
