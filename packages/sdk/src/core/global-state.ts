// An app's global state, read one way: by key name, from algod's application record whether algosdk
// decoded it (readGlobalState) or a page read algod's JSON itself (globalStateOf). Every contract
// module reads its globals through this, so a key is looked up the same way everywhere. No algosdk
// at run time: the web's first load decodes the registry's globals with it.
import type { Algodv2 } from 'algosdk'

/** An app's globals by key name. */
export interface GlobalState {
  /** The uint at `key`; undefined when the app has no such global. */
  uint(key: string): bigint | undefined
  /** The bytes at `key`; undefined when the app has no such global. */
  bytes(key: string): Uint8Array | undefined
}

/** One global-state entry as algod's JSON gives it (base64 key and bytes). */
export interface GlobalStateEntry {
  key: string
  value: { type: number; bytes?: string; uint?: number | bigint }
}

const fromBase64 = (s: string): Uint8Array => Uint8Array.from(atob(s), (c) => c.charCodeAt(0))

function stateOf(entries: Iterable<readonly [key: Uint8Array, value: { uint?: number | bigint; bytes?: Uint8Array }]>): GlobalState {
  const byKey = new Map([...entries].map(([key, value]) => [new TextDecoder().decode(key), value] as const))
  return {
    uint: (key) => {
      const v = byKey.get(key)
      return v === undefined ? undefined : BigInt(v.uint ?? 0)
    },
    bytes: (key) => byKey.get(key)?.bytes,
  }
}

/** An app's globals from algod's JSON `params.global-state`. */
export function globalStateOf(entries: readonly GlobalStateEntry[]): GlobalState {
  return stateOf(entries.map((e) => [fromBase64(e.key), { uint: e.value.uint, bytes: fromBase64(e.value.bytes ?? '') }] as const))
}

/** Reads an app's global state from algod. */
export async function readGlobalState(algod: Algodv2, appId: bigint): Promise<GlobalState> {
  const app = await algod.getApplicationByID(appId).do()
  return stateOf((app.params?.globalState ?? []).map((kv) => [kv.key, kv.value] as const))
}
