// Wallet SDKs and algokit-utils (inside the SDK) use Node's Buffer. Their loaders (the wallet
// runtime's in wallet-widget.tsx, loadSdk in lib/tx/sdk.ts) import this module before them, so
// the global exists before any of them is evaluated, and a plain page view never loads it.
import { Buffer } from 'buffer'

const scope = globalThis as typeof globalThis & { Buffer?: typeof Buffer }
scope.Buffer ??= Buffer
