// An app's global state, read one way: algod's application record decoded by key name. Every
// contract module reads its globals through this, so a key is looked up the same way everywhere.
import type { Algodv2 } from 'algosdk'

/** An app's globals by key name. */
export interface GlobalState {
  /** The uint at `key`; undefined when the app has no such global. */
  uint(key: string): bigint | undefined
  /** The bytes at `key`; undefined when the app has no such global. */
  bytes(key: string): Uint8Array | undefined
}

/** Reads an app's global state from algod. */
export async function readGlobalState(algod: Algodv2, appId: bigint): Promise<GlobalState> {
  const app = await algod.getApplicationByID(appId).do()
  const byKey = new Map((app.params?.globalState ?? []).map((kv) => [new TextDecoder().decode(kv.key), kv.value] as const))
  return {
    uint: (key) => {
      const v = byKey.get(key)
      return v === undefined ? undefined : BigInt(v.uint)
    },
    bytes: (key) => byKey.get(key)?.bytes,
  }
}
