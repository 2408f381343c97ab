// The Stable app's boxes: a pool per `"s" ‖ uint64(a) ‖ uint64(b) ‖ uint64(feeBps)`, 264 bytes: 17
// uint64 fields, then the invariant D (32 bytes) and what the contract keeps beside it (k, c).
import type { Algodv2 } from 'algosdk'
import type { StablePoolState } from './math.ts'

/** Bytes of a stable pool's box value. */
export const STABLE_POOL_SIZE = 264
/** µALGO a stable pool's box ties up: 2,500 + 400 × (25-byte name + 264). */
export const STABLE_POOL_BOX_MIN_BALANCE = 2_500n + 400n * (25n + BigInt(STABLE_POOL_SIZE))

const FIELDS = ['reserveA', 'reserveB', 'lpAsset', 'lpIssued', 'feeBps', 'protocolFeeDivisor', 'protocolFeesA', 'protocolFeesB', 'feesA', 'feesB', 'multiplierA', 'multiplierB', 'initialA', 'futureA', 'initialTime', 'futureTime', 'dAmp'] as const

/** `"s" ‖ uint64(a) ‖ uint64(b) ‖ uint64(feeBps)` (a < b). */
export function stableBoxName(a: bigint, b: bigint, feeBps: bigint): Uint8Array {
  const name = new Uint8Array(25)
  const view = new DataView(name.buffer)
  name[0] = 0x73
  view.setBigUint64(1, a)
  view.setBigUint64(9, b)
  view.setBigUint64(17, feeBps)
  return name
}

/** The pool a box name keys, (a, b, feeBps); undefined for any other box of the app. */
export function parseStableBoxName(name: Uint8Array): { a: bigint; b: bigint; feeBps: bigint } | undefined {
  if (name.length !== 25 || name[0] !== 0x73) return undefined
  const view = new DataView(name.buffer, name.byteOffset, name.byteLength)
  return { a: view.getBigUint64(1), b: view.getBigUint64(9), feeBps: view.getBigUint64(17) }
}

/** Every stable pool's key the app holds, from its box list alone (one request, never a 404). */
export async function listStablePoolKeys(algod: Algodv2, appId: bigint): Promise<{ a: bigint; b: bigint; feeBps: bigint }[]> {
  const { boxes } = await algod.getApplicationBoxes(appId).do()
  return boxes.flatMap(({ name }) => parseStableBoxName(name) ?? [])
}

/** Decodes a stable pool's box (its key given). */
export function decodeStablePool(a: bigint, b: bigint, raw: Uint8Array): StablePoolState {
  if (raw.length !== STABLE_POOL_SIZE) throw new RangeError(`a stable pool's box holds ${STABLE_POOL_SIZE} bytes, not ${raw.length}`)
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength)
  const fields = Object.fromEntries(FIELDS.map((f, i) => [f, view.getBigUint64(i * 8)])) as Record<(typeof FIELDS)[number], bigint>
  const d = BigInt('0x' + Array.from(raw.subarray(136, 168), (x) => x.toString(16).padStart(2, '0')).join(''))
  return { a, b, ...fields, d }
}

/** The stable pool (a, b, feeBps) as its box holds it now; undefined when there is none. */
export async function fetchStablePool(algod: Algodv2, appId: bigint, a: bigint, b: bigint, feeBps: bigint): Promise<StablePoolState | undefined> {
  const [x, y] = a < b ? [a, b] : [b, a]
  try {
    const box = await algod.getApplicationBoxByName(appId, stableBoxName(x, y, feeBps)).do()
    return decodeStablePool(x, y, box.value)
  } catch (e) {
    if (/404|not found/i.test(String((e as Error).message))) return undefined
    throw e
  }
}

/** Every stable pool the app holds. */
export async function listStablePools(algod: Algodv2, appId: bigint): Promise<StablePoolState[]> {
  const { boxes } = await algod.getApplicationBoxes(appId).do()
  const pools: StablePoolState[] = []
  for (const { name } of boxes) {
    if (name.length !== 25 || name[0] !== 0x73) continue
    const view = new DataView(name.buffer, name.byteOffset, name.byteLength)
    const a = view.getBigUint64(1)
    const b = view.getBigUint64(9)
    const box = await algod.getApplicationBoxByName(appId, name).do()
    pools.push(decodeStablePool(a, b, box.value))
  }
  return pools
}
