// The pool boxes of the DEX app: names `"p" ‖ uint64(a) ‖ uint64(b)` (the 30 bps tier) or `… ‖ uint64(feeBps)`
// (any other tier), values the PoolState tuple; and the fee-tier menu's box "t".
import { decodeUint64 } from 'algosdk'
import type { Algodv2 } from 'algosdk'
import type { Pool, PoolState } from './amm.ts'
import { DEFAULT_FEE_TIERS, decodeTierMenu, LEGACY_TIER, poolBoxName, TIER_MENU_BOX_NAME } from '@grove/contracts/pool'
import { structFields, structType } from '../core/arc56.ts'
import { DEX_SPEC } from './spec.ts'

/** The box name of pool (a, b) in a fee tier, either order: the contracts package owns the layout. */
export { poolBoxName, DEFAULT_FEE_TIERS, LEGACY_TIER, TIER_MENU_BOX_NAME }

/** The PoolState tuple type, read from the DEX's ARC-56 struct. */
export const POOL_STATE_TYPE = structType(DEX_SPEC, 'PoolState')
const FIELDS = structFields(DEX_SPEC, 'PoolState') as (keyof PoolState)[]
const PREFIX = 0x70 // "p"

/** The pair and fee tier a box name stands for, or undefined for any other box. */
export function parsePoolBoxName(name: Uint8Array): { a: bigint; b: bigint; tier: bigint } | undefined {
  if ((name.length !== 17 && name.length !== 25) || name[0] !== PREFIX) return undefined
  const tier = name.length === 17 ? LEGACY_TIER : decodeUint64(name.slice(17, 25), 'bigint')
  // the 30 bps tier has only the short key: a long key naming it is no pool of the DEX's
  if (name.length === 25 && tier === LEGACY_TIER) return undefined
  return { a: decodeUint64(name.slice(1, 9), 'bigint'), b: decodeUint64(name.slice(9, 17), 'bigint'), tier }
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

const notFound = (e: unknown) => (e as { status?: number }).status === 404 || /box not found/i.test(String((e as Error).message))

/** One pool of the DEX app (the 30 bps tier's unless `feeBps` names another), or undefined when it does not exist. */
export async function fetchPool(algod: Algodv2, dexAppId: bigint, x: bigint, y: bigint, feeBps: bigint = LEGACY_TIER): Promise<Pool | undefined> {
  const name = poolBoxName(x, y, feeBps)
  try {
    const box = await algod.getApplicationBoxByName(dexAppId, name).do()
    return decodePool(name, box.value)
  } catch (e) {
    if (notFound(e)) return undefined
    throw e
  }
}

/** The DEX's fee-tier menu in bps, lowest first: its "t" box once the admin has added a tier, the deploy's menu before. */
export async function fetchFeeTiers(algod: Algodv2, dexAppId: bigint): Promise<bigint[]> {
  if (!(await tierMenuExists(algod, dexAppId))) return [...DEFAULT_FEE_TIERS]
  return decodeTierMenu((await algod.getApplicationBoxByName(dexAppId, TIER_MENU_BOX_NAME).do()).value)
}

/** Whether the DEX holds the fee-tier menu's box (the admin has added a tier): from its box list, so a DEX without one answers no 404 (a page's console stays quiet). */
export async function tierMenuExists(algod: Algodv2, dexAppId: bigint): Promise<boolean> {
  const { boxes } = await algod.getApplicationBoxes(dexAppId).do()
  return boxes.some((b) => b.name.length === TIER_MENU_BOX_NAME.length && b.name.every((byte, i) => byte === TIER_MENU_BOX_NAME[i]))
}

/** Every pool of the pair (x, y), one per fee tier on the menu that has one, lowest fee first. */
export async function fetchPairPools(algod: Algodv2, dexAppId: bigint, x: bigint, y: bigint): Promise<Pool[]> {
  const tiers = await fetchFeeTiers(algod, dexAppId)
  const pools = await Promise.all(tiers.map((tier) => fetchPool(algod, dexAppId, x, y, tier)))
  return pools.filter((p): p is Pool => p !== undefined)
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
  return pools.sort((p, q) => (p.a !== q.a ? Number(p.a - q.a) : p.b !== q.b ? Number(p.b - q.b) : Number(p.tier! - q.tier!)))
}

