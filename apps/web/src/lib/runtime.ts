// What the server serving this build says about the stack beside it (npm start's ports, its
// localnet's deployment, its analytics service), read at run time from /grove-runtime.js, which
// index.html loads before the app. One build then serves every localnet: `npm start` no longer
// rebuilds the app for each data directory's ports and ids. A build served by a plain static host
// gets public/grove-runtime.js (nothing said), and the build's own settings (VITE_GROVE_*) and the
// defaults hold.

/** What a server may say at run time; every field optional (absent: the build's value). */
export interface GroveRuntime {
  /** The localnet's deployment record, as serializeDeployment writes it (a JSON string). */
  deployment?: string
  algodPort?: string
  kmdPort?: string
  indexerPort?: string
  /** The localnet's analytics service (http://127.0.0.1:4010 by default). */
  analyticsUrl?: string
  /** The network a first visit opens on (localnet, testnet, mainnet). */
  network?: string
}

/** The name /grove-runtime.js assigns on globalThis. */
export const RUNTIME_GLOBAL = '__GROVE_RUNTIME__'

/** The runtime settings found on `scope`: strings only, anything else dropped. */
export function readRuntime(scope: object): GroveRuntime {
  const raw = (scope as Record<string, unknown>)[RUNTIME_GLOBAL]
  if (typeof raw !== 'object' || raw === null) return {}
  const keys = ['deployment', 'algodPort', 'kmdPort', 'indexerPort', 'analyticsUrl', 'network'] as const
  return Object.fromEntries(keys.flatMap((k) => (typeof (raw as Record<string, unknown>)[k] === 'string' ? [[k, (raw as Record<string, string>)[k]]] : []))) as GroveRuntime
}

/** This page's runtime settings. */
export const RUNTIME: GroveRuntime = readRuntime(globalThis)
