// Where algod is: the base URL of a config and the key prefix of every read from it. The reads
// themselves live with their domain (lib/account, lib/tokens, lib/pools), over plain fetch.
import type { AlgodConfig } from './networks.ts'

/** Base URL of an algod config, with its port when one is set. */
export function algodBaseUrl(algod: AlgodConfig): string {
  const server = algod.server.replace(/\/+$/, '')
  return algod.port ? `${server}:${algod.port}` : server
}

/** Key prefix of every algod read, so one invalidation after a confirmed transaction reaches them all. */
export const algodKey = (algod: AlgodConfig) => ['algod', algodBaseUrl(algod)] as const
