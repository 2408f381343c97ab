// The pool boxes of the DEX app: names `"p" ‖ uint64(a) ‖ uint64(b)`, values the PoolState tuple.
import { decodeUint64 } from 'algosdk'
import type { Algodv2 } from 'algosdk'
import type { Pool, PoolState } from './amm.ts'
import { poolBoxName } from '@grove/contracts/pool'
import { structFields, structType } from '../core/arc56.ts'
import { DEX_SPEC } from './spec.ts'

/** The box name of pool (a, b), either order: the contracts package owns the layout. */
export { poolBoxName }

/** The PoolState tuple type, read from the DEX's ARC-56 struct. */
export const POOL_STATE_TYPE = structType(DEX_SPEC, 'PoolState')
const FIELDS = structFields(DEX_SPEC, 'PoolState') as (keyof PoolState)[]
const PREFIX = 0x70 // "p"

/** The pair a box name stands for, or undefined for any other box. */
export function parsePoolBoxName(name: Uint8Array): { a: bigint; b: bigint } | undefined {
  if (name.length !== 17 || name[0] !== PREFIX) return undefined
  return { a: decodeUint64(name.slice(1, 9), 'bigint'), b: decodeUint64(name.slice(9, 17), 'bigint') }
}

/** Decodes a PoolState box value (or a getPool return value). */
export function decodePoolState(value: Uint8Array): PoolState {
  const values = POOL_STATE_TYPE.decode(value)
  return Object.fromEntries(FIELDS.map((name, i) => [name, BigInt(values[i] as bigint | number)])) as unknown as PoolState
}

/** Encodes a PoolState as the box holds it. */
export function encodePoolState(state: PoolState): Uint8Array {
  return POOL_STATE_TYPE.encode(FIELDS.map((name) => state[name]))
}

/** A pool from its box name and value. */
export function decodePool(name: Uint8Array, value: Uint8Array): Pool | undefined {
  const key = parsePoolBoxName(name)
  return key && { ...key, ...decodePoolState(value) }
}

/** One pool of the DEX app, or undefined when it does not exist. */
export async function fetchPool(algod: Algodv2, dexAppId: bigint, x: bigint, y: bigint): Promise<Pool | undefined> {
  const name = poolBoxName(x, y)
  try {
    const box = await algod.getApplicationBoxByName(dexAppId, name).do()
    return decodePool(name, box.value)
  } catch (e) {
    if ((e as { status?: number }).status === 404 || /box not found/i.test(String((e as Error).message))) return undefined
    throw e
  }
}

/** Every pool of the DEX app: lists its boxes, then reads the pool boxes a few at a time. */
export async function fetchPools(algod: Algodv2, dexAppId: bigint, concurrency = 8): Promise<Pool[]> {
  const { boxes } = await algod.getApplicationBoxes(dexAppId).do()
  const names = boxes.map((b) => b.name).filter((n) => parsePoolBoxName(n))
  const pools: Pool[] = []
  for (let i = 0; i < names.length; i += concurrency) {
    const batch = await Promise.all(
      names.slice(i, i + concurrency).map(async (name) => decodePool(name, (await algod.getApplicationBoxByName(dexAppId, name).do()).value)),
    )
    for (const pool of batch) if (pool) pools.push(pool)
  }
  return pools.sort((p, q) => (p.a === q.a ? Number(p.b - q.b) : Number(p.a - q.a)))
}

